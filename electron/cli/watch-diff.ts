// `skill-inspector watch`: the compact block each run prints, from the diff
// of two run states (shared/catalog-diff.ts, which the app's Watch uses too).
import { isEmpty, shortDigest, type FileListKind, type RunDiff } from '../../shared/catalog-diff.js';
import type { Finding, Severity } from '../../shared/model.js';
import { forTerminal, linesForTerminal } from './terminal-text.js';

// URIs, finding messages (built from frontmatter field names and other server text) and the changed paths (file
// names in the watched folder) are shown, never run (terminal-text.ts): a block is read in a terminal.

/** How a skill's entry lists its files, in the block's words. */
const FILE_LIST_WORDS: Record<FileListKind, string> = { files: 'a list of files', dynamic: 'dynamic (no fixed file list)', none: 'no file list' };

function findingLine(f: Finding): string {
  const { skillUri, fileUri, field, line } = f.location;
  const where = [fileUri ?? skillUri, line !== undefined ? `line ${line}` : '', field ?? ''].filter(Boolean).join(', ');
  return `${f.severity} ${f.id}${where ? ` (${forTerminal(where)})` : ''}: ${forTerminal(f.message)}`;
}

export interface RunBlock {
  readonly run: number;
  /** Paths under the watched folder that changed since the last run, `/`-separated. */
  readonly changed: readonly string[];
  readonly skillCount: number;
  readonly findings: readonly Finding[];
  readonly diff: RunDiff;
}

/** One run, as the command prints it: a header, one line per change, and the totals. */
export function formatRunBlock(block: RunBlock): string {
  const { diff } = block;
  const shownChanges = block.changed.length > 5 ? [...block.changed.slice(0, 5).map(forTerminal), `and ${block.changed.length - 5} more`] : block.changed.map(forTerminal);
  const lines = [`── run ${block.run}${shownChanges.length ? ` · changed: ${shownChanges.join(', ')}` : ''} ──`];
  for (const uri of diff.skillsAdded) lines.push(`+ skill ${forTerminal(uri)}`);
  for (const uri of diff.skillsRemoved) lines.push(`- skill ${forTerminal(uri)}`);
  for (const f of diff.filesAdded) lines.push(`+ file ${forTerminal(f.uri)} ${shortDigest(f.digest)}`);
  for (const f of diff.filesRemoved) lines.push(`- file ${forTerminal(f.uri)}`);
  for (const c of diff.digestsChanged) lines.push(`~ digest ${forTerminal(c.uri)} ${shortDigest(c.from)} → ${shortDigest(c.to)}`);
  for (const c of diff.fileListsChanged) lines.push(`~ files ${forTerminal(c.uri)} ${FILE_LIST_WORDS[c.from]} → ${FILE_LIST_WORDS[c.to]}`);
  for (const f of diff.findingsNew) lines.push(`+ ${findingLine(f)}`);
  for (const f of diff.findingsFixed) lines.push(`- fixed ${findingLine(f)}`);
  for (const c of diff.findingsChanged) lines.push(`~ ${findingLine(c.after)}`);
  if (block.run > 1 && isEmpty(diff)) lines.push('no change since the last run');
  const count = (s: Severity) => block.findings.filter((f) => f.severity === s).length;
  lines.push(`= ${block.skillCount} skill(s); ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} info`);
  return `${lines.join('\n')}\n\n`;
}

/** A run that could not check (the server did not start, the folder could not be built): the last good run stays the baseline. */
export function formatFailedRun(run: number, changed: readonly string[], message: string): string {
  return `── run ${run}${changed.length ? ` · changed: ${changed.map(forTerminal).join(', ')}` : ''} ──\n! ${linesForTerminal(message)}\n\n`;
}
