// The skills a local folder holds, as a server would serve them: built by the
// SDK's own server-side helper (loadSkills, the same code a server calls), so
// digests, sizes and frontmatter come out exactly as a server computes them —
// never by a second implementation here that could disagree with it.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadSkills } from '@modelcontextprotocol/server/ext/skills/node';
import type { SkillWarning } from '@modelcontextprotocol/server/ext/skills';
import { finding } from '../../shared/findings.js';
import type { Finding } from '../../shared/model.js';
import type { ComparableEntry } from './served-vs-source.js';

export class SourceFolderError extends Error {
  override readonly name = 'SourceFolderError';
}

export interface SourceFolder {
  readonly entries: readonly ComparableEntry[];
  /** A skill of the folder the SDK skipped (no frontmatter, a symlink, a name that is not its folder's): it would not be served. */
  readonly findings: readonly Finding[];
}

/** The SKILL.md URI of the skill that holds `relative` (a `/`-separated path in the folder): the nearest folder above it with a SKILL.md. */
async function skillHolding(root: string, relative: string): Promise<string | undefined> {
  const parts = relative.split('/').filter((p) => p !== '' && p !== '.');
  if (parts[parts.length - 1] === 'SKILL.md') parts.pop();
  for (let n = parts.length; n > 0; n--) {
    const dir = parts.slice(0, n);
    const stat = await fs.stat(path.join(root, ...dir, 'SKILL.md')).catch(() => undefined);
    if (stat) return `skill://${dir.join('/')}/SKILL.md`;
  }
  return undefined;
}

/** `folder` is a folder of skill folders, as a server passes it to loadSkills. `shownAs` is how messages name it. */
export async function loadSourceFolder(folder: string, serverId: string, shownAs = folder): Promise<SourceFolder> {
  const warnings: SkillWarning[] = [];
  let entries: readonly ComparableEntry[];
  try {
    const catalog = await loadSkills(folder, { onWarning: (w) => warnings.push(w) });
    entries = catalog.entries;
  } catch (error) {
    throw new SourceFolderError(`The skills in ${shownAs} could not be built: ${error instanceof Error ? error.message : String(error)}`);
  }
  const findings: Finding[] = [];
  for (const w of warnings) {
    // Other warnings (no skills at all, a publication limit) show up as the differences or entry findings they cause.
    if (!w.message.includes('skill skipped')) continue;
    const skillUri = await skillHolding(folder, w.path);
    findings.push(
      finding('inspector-source-skipped', `${shownAs.replace(/\/+$/, '')}/${w.path}: ${w.message}. A server built on this folder would not serve that skill.`, { serverId, ...(skillUri ? { skillUri } : {}) }, { actual: w.path }),
    );
  }
  return { entries, findings };
}
