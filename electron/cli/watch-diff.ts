// `skill-inspector watch`: what changed between two runs of the check — skills
// added and removed, per file digests added, removed and changed, findings new,
// fixed and changed — and the compact block each run prints. Pure: two run
// states in, a diff out, so the command's loop holds nothing but timing.
import type { Finding, Severity, SkillEntry } from '../../shared/model.js';

/** What one run saw, reduced to what a later run is compared on. */
export interface RunState {
  /** Per skill URI, its files' digests by file URI; `dynamic` or `none` when the entry lists no file set. */
  readonly skills: ReadonlyMap<string, ReadonlyMap<string, string> | 'dynamic' | 'none'>;
  /** Findings by a key of their rule and place (see findingKey). */
  readonly findings: ReadonlyMap<string, Finding>;
}

export interface DigestChange {
  readonly uri: string;
  readonly from: string;
  readonly to: string;
}

export interface RunDiff {
  readonly skillsAdded: readonly string[];
  readonly skillsRemoved: readonly string[];
  readonly filesAdded: readonly { uri: string; digest: string }[];
  readonly filesRemoved: readonly { uri: string; digest: string }[];
  readonly digestsChanged: readonly DigestChange[];
  readonly findingsNew: readonly Finding[];
  readonly findingsFixed: readonly Finding[];
  /** The same rule at the same place, saying something else now (a new size, a new digest). */
  readonly findingsChanged: readonly { before: Finding; after: Finding }[];
}

/** A rule at a place: the same key in two runs is the same finding, whatever its message says now. */
function findingKey(f: Finding): string {
  const { skillUri, fileUri, field, line } = f.location;
  return [f.id, skillUri ?? '', fileUri ?? '', field ?? '', line ?? ''].join('\u0000');
}

export function runState(skills: readonly SkillEntry[], findings: readonly Finding[]): RunState {
  const bySkill = new Map<string, ReadonlyMap<string, string> | 'dynamic' | 'none'>();
  for (const skill of skills) {
    const files = skill.resources;
    bySkill.set(skill.uri, files === 'dynamic' ? 'dynamic' : files === null ? 'none' : new Map(files.map((f) => [f.uri, f.digest])));
  }
  const byKey = new Map<string, Finding>();
  for (const f of findings) {
    // One rule may report one place twice (two lines of one file without a line number): each keeps its own key.
    const key = findingKey(f);
    let n = 1;
    while (byKey.has(n === 1 ? key : `${key}#${n}`)) n++;
    byKey.set(n === 1 ? key : `${key}#${n}`, f);
  }
  return { skills: bySkill, findings: byKey };
}

const EMPTY: RunState = { skills: new Map(), findings: new Map() };

/** `before` undefined: the first run, where everything it saw is new. */
export function diffRuns(before: RunState | undefined, after: RunState): RunDiff {
  const was = before ?? EMPTY;
  const skillsAdded = [...after.skills.keys()].filter((uri) => !was.skills.has(uri)).sort();
  const skillsRemoved = [...was.skills.keys()].filter((uri) => !after.skills.has(uri)).sort();
  const filesAdded: { uri: string; digest: string }[] = [];
  const filesRemoved: { uri: string; digest: string }[] = [];
  const digestsChanged: DigestChange[] = [];
  // Files of a skill that came or went are said by the skill's line; only skills in both runs list files.
  for (const [uri, files] of after.skills) {
    const old = was.skills.get(uri);
    if (old === undefined || typeof old === 'string' || typeof files === 'string') continue;
    for (const [file, digest] of files) {
      const prior = old.get(file);
      if (prior === undefined) filesAdded.push({ uri: file, digest });
      else if (prior !== digest) digestsChanged.push({ uri: file, from: prior, to: digest });
    }
    for (const [file, digest] of old) if (!files.has(file)) filesRemoved.push({ uri: file, digest });
  }
  const findingsNew: Finding[] = [];
  const findingsChanged: { before: Finding; after: Finding }[] = [];
  for (const [key, f] of after.findings) {
    const prior = was.findings.get(key);
    if (!prior) findingsNew.push(f);
    else if (prior.message !== f.message || prior.severity !== f.severity) findingsChanged.push({ before: prior, after: f });
  }
  const findingsFixed = [...was.findings].filter(([key]) => !after.findings.has(key)).map(([, f]) => f);
  const byUri = (a: { uri: string }, b: { uri: string }) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0);
  return { skillsAdded, skillsRemoved, filesAdded: filesAdded.sort(byUri), filesRemoved: filesRemoved.sort(byUri), digestsChanged: digestsChanged.sort(byUri), findingsNew, findingsFixed, findingsChanged };
}

export function isEmpty(diff: RunDiff): boolean {
  return Object.values(diff).every((list: readonly unknown[]) => list.length === 0);
}

/** sha256:0123456789ab…: enough of a digest to tell two apart on one line. */
export function shortDigest(digest: string): string {
  const colon = digest.indexOf(':');
  const hex = digest.slice(colon + 1);
  return hex.length > 12 ? `${digest.slice(0, colon + 1)}${hex.slice(0, 12)}…` : digest;
}

function findingLine(f: Finding): string {
  const { skillUri, fileUri, field, line } = f.location;
  const where = [fileUri ?? skillUri, line !== undefined ? `line ${line}` : '', field ?? ''].filter(Boolean).join(', ');
  return `${f.severity} ${f.id}${where ? ` (${where})` : ''}: ${f.message}`;
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
  const shownChanges = block.changed.length > 5 ? [...block.changed.slice(0, 5), `and ${block.changed.length - 5} more`] : block.changed;
  const lines = [`── run ${block.run}${shownChanges.length ? ` · changed: ${shownChanges.join(', ')}` : ''} ──`];
  for (const uri of diff.skillsAdded) lines.push(`+ skill ${uri}`);
  for (const uri of diff.skillsRemoved) lines.push(`- skill ${uri}`);
  for (const f of diff.filesAdded) lines.push(`+ file ${f.uri} ${shortDigest(f.digest)}`);
  for (const f of diff.filesRemoved) lines.push(`- file ${f.uri}`);
  for (const c of diff.digestsChanged) lines.push(`~ digest ${c.uri} ${shortDigest(c.from)} → ${shortDigest(c.to)}`);
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
  return `── run ${run}${changed.length ? ` · changed: ${changed.join(', ')}` : ''} ──\n! ${message}\n\n`;
}
