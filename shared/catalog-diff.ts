// What changed in a server's catalog between two runs of the developer's loop
// (`skill-inspector watch`, and Watch in the app): skills added, removed and
// changed; per file, digests added, removed and changed; findings new, fixed
// and changed. Pure: two run states in, a diff out. The command and the app's
// main process both diff with this, so they cannot disagree on what changed.
// Skills and files are matched by URI, then by canonical URI one to one
// (uri-pairs.ts): a server that spells a URI another way from one run to the
// next (SKILL://, %2D, a dot segment) names the same skill or file, while two
// URIs one run lists apart (x%5Cy.md beside x/y.md) stay two. Findings' places
// are matched by canonical URI. Each is named as its run listed it.
import type { Finding, SkillEntry } from './model.js';
import { canonicalUri } from './skill-uri.js';
import { pairByUri } from './uri-pairs.js';

/** A file as its run listed it. */
export interface ListedFile {
  readonly uri: string;
  readonly digest: string;
}

/** A skill's files, each URI's first listing; `dynamic` or `none` when the entry lists no file set. */
export type SkillFiles = readonly ListedFile[] | 'dynamic' | 'none';

/** A skill as its run listed it. */
export interface ListedSkill {
  readonly uri: string;
  readonly files: SkillFiles;
}

/** What one run saw, reduced to what a later run is compared on. */
export interface RunState {
  /** Per skill, each URI's first listing. */
  readonly skills: readonly ListedSkill[];
  /** Findings by a key of their rule and place (see findingKey). */
  readonly findings: ReadonlyMap<string, Finding>;
}

export interface DigestChange {
  readonly uri: string;
  readonly from: string;
  readonly to: string;
}

/** How a skill's entry lists its files: a list of files, `dynamic`, or none at all. */
export type FileListKind = 'files' | 'dynamic' | 'none';

export interface FileListChange {
  readonly uri: string;
  readonly from: FileListKind;
  readonly to: FileListKind;
}

export interface RunDiff {
  readonly skillsAdded: readonly string[];
  readonly skillsRemoved: readonly string[];
  /** Skills in both runs whose file set differs: a file added or removed, a digest changed, or listed another way. */
  readonly skillsChanged: readonly string[];
  readonly filesAdded: readonly { uri: string; digest: string }[];
  readonly filesRemoved: readonly { uri: string; digest: string }[];
  readonly digestsChanged: readonly DigestChange[];
  /** Skills in both runs whose entry lists its files another way now (a list → `dynamic`, none → a list, …). */
  readonly fileListsChanged: readonly FileListChange[];
  readonly findingsNew: readonly Finding[];
  readonly findingsFixed: readonly Finding[];
  /** The same rule at the same place, saying something else now (a new size, a new digest). */
  readonly findingsChanged: readonly { before: Finding; after: Finding }[];
}

/** A rule at a place: the same key in two runs is the same finding, whatever its message says now. */
function findingKey(f: Finding): string {
  const { skillUri, fileUri, field, line } = f.location;
  return [f.id, skillUri === undefined ? '' : canonicalUri(skillUri), fileUri === undefined ? '' : canonicalUri(fileUri), field ?? '', line ?? ''].join('\u0000');
}

export function runState(skills: readonly SkillEntry[], findings: readonly Finding[]): RunState {
  const bySkill = new Map<string, ListedSkill>();
  for (const skill of skills) {
    const files = skill.resources;
    const byFile = new Map<string, ListedFile>();
    // A file listed twice is one file (the listing's own finding says so): its first listing counts.
    if (Array.isArray(files)) for (const f of files) if (!byFile.has(f.uri)) byFile.set(f.uri, { uri: f.uri, digest: f.digest });
    if (!bySkill.has(skill.uri)) bySkill.set(skill.uri, { uri: skill.uri, files: files === 'dynamic' ? 'dynamic' : files === null ? 'none' : [...byFile.values()] });
  }
  const byKey = new Map<string, Finding>();
  for (const f of findings) {
    // One rule may report one place twice (two lines of one file without a line number): each keeps its own key.
    const key = findingKey(f);
    let n = 1;
    while (byKey.has(n === 1 ? key : `${key}#${n}`)) n++;
    byKey.set(n === 1 ? key : `${key}#${n}`, f);
  }
  return { skills: [...bySkill.values()], findings: byKey };
}

const EMPTY: RunState = { skills: [], findings: new Map() };

const urisOf = (skills: Iterable<ListedSkill>): string[] => [...skills].map((s) => s.uri).sort();

/** `before` undefined: the first run, where everything it saw is new. */
export function diffRuns(before: RunState | undefined, after: RunState): RunDiff {
  const was = before ?? EMPTY;
  const skillPairs = pairByUri(was.skills, after.skills);
  const skillsAdded = urisOf(skillPairs.flatMap((p) => (p.a ? [] : [p.b!])));
  const skillsRemoved = urisOf(skillPairs.flatMap((p) => (p.b ? [] : [p.a!])));
  const skillsChanged: string[] = [];
  const filesAdded: { uri: string; digest: string }[] = [];
  const filesRemoved: { uri: string; digest: string }[] = [];
  const digestsChanged: DigestChange[] = [];
  const fileListsChanged: FileListChange[] = [];
  // Files of a skill that came or went are said by the skill's line; only skills in both runs list files.
  for (const { a: prior, b: now } of skillPairs) {
    if (!prior || !now) continue;
    const old = prior.files;
    const files = now.files;
    if (typeof old === 'string' || typeof files === 'string') {
      if (old !== files) {
        skillsChanged.push(now.uri);
        fileListsChanged.push({ uri: now.uri, from: kindOf(old), to: kindOf(files) });
      }
      continue;
    }
    let changed = false;
    for (const { a: was, b: is } of pairByUri(old, files)) {
      if (!was) filesAdded.push({ uri: is!.uri, digest: is!.digest });
      else if (!is) filesRemoved.push({ uri: was.uri, digest: was.digest });
      else if (was.digest !== is.digest) digestsChanged.push({ uri: is.uri, from: was.digest, to: is.digest });
      else continue;
      changed = true;
    }
    if (changed) skillsChanged.push(now.uri);
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
  return {
    skillsAdded,
    skillsRemoved,
    skillsChanged: skillsChanged.sort(),
    filesAdded: filesAdded.sort(byUri),
    filesRemoved: filesRemoved.sort(byUri),
    digestsChanged: digestsChanged.sort(byUri),
    fileListsChanged: fileListsChanged.sort(byUri),
    findingsNew,
    findingsFixed,
    findingsChanged,
  };
}

function kindOf(files: SkillFiles): FileListKind {
  return typeof files === 'string' ? files : 'files';
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
