// `check --source DIR`: the check's report with every difference between what
// the server serves and the skills the SDK builds from DIR (skills/
// source-folder.ts and served-vs-source.ts do the work). The folder is built
// before the server is started, so a bad folder costs no connection.
import { compareWithSource } from '../skills/served-vs-source.js';
import { DEFAULT_SETTINGS, type Settings } from '../../shared/model.js';
import { SourceFolderError, loadSourceFolder, sourceLimitsOf, type SourceFolder } from '../skills/source-folder.js';
import type { CheckReport } from './check.js';
import { cliLimitNamer } from './limit-flags.js';
import { resolveCwd } from './stdio-flags.js';
import { UsageError } from './usage-error.js';

export interface LoadedSource {
  /** The folder as the user typed it: messages name it so. */
  readonly shownAs: string;
  readonly folder: SourceFolder;
}

/** `settings`: the command's limit flags, which bound the folder's reads as they bound the server's. */
export async function loadSourceFlag(dir: string, serverId: string, settings: Partial<Settings> = {}): Promise<LoadedSource> {
  const absolute = await resolveCwd(dir, '--source');
  try {
    return { shownAs: dir, folder: await loadSourceFolder(absolute, serverId, dir, sourceLimitsOf({ ...DEFAULT_SETTINGS, ...settings }, cliLimitNamer)) };
  } catch (error) {
    if (error instanceof SourceFolderError) throw new UsageError(`--source ${error.message}`);
    throw error;
  }
}

export function withSourceComparison(report: CheckReport, source: LoadedSource, progress: (line: string) => void): CheckReport {
  const differences = compareWithSource({ serverId: report.server.label, folder: source.shownAs, served: report.skills, source: source.folder.entries, notCompared: source.folder.notCompared });
  const found = [...source.folder.findings, ...differences];
  progress(found.length === 0 ? `Compared with ${source.shownAs}: the server serves exactly the folder's ${source.folder.entries.length} skill(s).` : `Compared with ${source.shownAs}: ${differences.length} difference(s)${source.folder.findings.length ? `, ${source.folder.findings.length} skill(s) of the folder skipped` : ''}.`);
  return { ...report, findings: [...report.findings, ...found] };
}
