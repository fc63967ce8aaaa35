// The skills lockfile: for each server (by the host's label), every skill URI
// with its frontmatter name and the complete {uri, digest, size} set of its
// files. Pure — text in, values out — so `skill-inspector lock/verify/diff`
// and the app's export/import of approved skills share one format.
//
//   {
//     "lockfileVersion": 1,
//     "servers": {
//       "<label>": {
//         "skills": {
//           "skill://hello-world/SKILL.md": {
//             "name": "hello-world",
//             "resources": [{ "uri": "skill://hello-world/SKILL.md", "digest": "sha256:…", "size": 812 }]
//           }
//         }
//       }
//     }
//   }
//
// `resources` is "dynamic" for a skill whose server declares its content
// unverifiable; such a lock pins the skill's presence and name only.
//
// Labels and URIs are data: every map of them has no prototype (shared/data-record.ts),
// so a server labelled "__proto__" or a skill keyed "toString" is pinned and looked up
// like any other, never confused with Object.prototype.
import { SKILL_DIGEST_PATTERN } from '@modelcontextprotocol/core/ext/skills';
import { z } from 'zod';
import { dataRecord, dataRecordFrom, dataRecordOf, ownValue } from '../../shared/data-record.js';
import { backslashFileName } from '../../shared/skill-uri.js';
import { queryAndSlashKey } from '../../shared/uri-query-slash.js';
import { canonicalUri } from '../skills/uri-memo.js';
import { LockfileError } from './command-errors.js';
import { JsonProblem, formatPath, refuseRepeatedKeys, syntaxErrorPlace } from './lockfile-json.js';

const LOCKFILE_VERSION = 1;
export const DEFAULT_LOCKFILE = 'skills.lock.json';

const fileSchema = z.object({
  uri: z.string().min(1, 'must be a non-empty URI'),
  digest: z.string().regex(SKILL_DIGEST_PATTERN, 'must be "sha256:" followed by 64 lowercase hex digits'),
  size: z.number().int('must be a whole number of bytes').nonnegative('must not be negative'),
});

/**
 * A list of files or "dynamic". Not a z.union: a union that fails reports only that no branch fit, so a list
 * with one bad file said "must be a list of …" without saying which file or what is wrong with it.
 */
const resourcesSchema = z.unknown().transform((input, ctx): LockedFile[] | 'dynamic' => {
  if (input === 'dynamic') return 'dynamic';
  if (!Array.isArray(input)) {
    ctx.addIssue({ code: 'custom', message: 'must be a list of {uri, digest, size} or "dynamic"' });
    return z.NEVER;
  }
  const parsed = z.array(fileSchema).safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

const skillSchema = z.object({
  name: z.string(),
  resources: resourcesSchema,
});

const serverSchema = z.object({ skills: dataRecordOf(skillSchema, { emptyKey: 'a skill URI must not be empty' }) });

const lockfileSchema = z.object({
  lockfileVersion: z.literal(LOCKFILE_VERSION),
  generator: z.string().optional(),
  servers: dataRecordOf(serverSchema, { emptyKey: 'a server label must not be empty' }),
});

export type LockedFile = z.infer<typeof fileSchema>;
export type LockedSkill = z.infer<typeof skillSchema>;
export type LockedServer = z.infer<typeof serverSchema>;
export type Lockfile = z.infer<typeof lockfileSchema>;

export { LockfileError };

/** What a server serves, one skill at a time, as the lock records it. */
export interface SkillToLock {
  readonly uri: string;
  readonly name: string;
  readonly resources: readonly LockedFile[] | 'dynamic';
}

/** One server's section, in a stable order so the same catalog always locks to the same bytes. */
export function buildLockedServer(skills: Iterable<SkillToLock>): LockedServer {
  const sorted = [...skills].sort((a, b) => compareText(a.uri, b.uri));
  const out = dataRecord<LockedSkill>();
  for (const skill of sorted) {
    out[skill.uri] = {
      name: skill.name,
      resources:
        skill.resources === 'dynamic'
          ? 'dynamic'
          : [...skill.resources].sort((a, b) => compareText(a.uri, b.uri)).map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })),
    };
  }
  return { skills: out };
}

/** Adds or replaces one server's section; the other servers' sections stay as they were. */
export function withServer(lockfile: Lockfile | undefined, label: string, server: LockedServer, generator?: string): Lockfile {
  const servers = dataRecordFrom<LockedServer>(Object.entries(lockfile?.servers ?? {}));
  servers[label] = server;
  const ordered = dataRecord<LockedServer>();
  for (const key of Object.keys(servers).sort(compareText)) ordered[key] = servers[key]!;
  return { lockfileVersion: LOCKFILE_VERSION, ...(generator ? { generator } : {}), servers: ordered };
}

export function serializeLockfile(lockfile: Lockfile): string {
  return `${JSON.stringify(lockfile, null, 2)}\n`;
}

/** Parses and validates lockfile text; every problem names the file and where in it. */
export function parseLockfile(raw: string, file: string): Lockfile {
  // A byte order mark is how Windows editors (Notepad, PowerShell's Out-File) start UTF-8: not part of the JSON.
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const place = syntaxErrorPlace(text, message);
    throw new LockfileError(file, `not valid JSON${place ? ` at ${place}` : ''} (${message}).`);
  }
  try {
    refuseRepeatedKeys(text);
  } catch (error) {
    if (error instanceof JsonProblem) throw new LockfileError(file, error.problem);
    throw error;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new LockfileError(file, 'a lockfile is a JSON object with "lockfileVersion" and "servers".');
  const version = (value as Record<string, unknown>)['lockfileVersion'];
  if (version === undefined) throw new LockfileError(file, 'no "lockfileVersion": this is not a skills lockfile.');
  if (version !== LOCKFILE_VERSION) {
    const newer = typeof version === 'number' && version > LOCKFILE_VERSION;
    throw new LockfileError(file, `lockfileVersion ${JSON.stringify(version)} is not supported; this skill-inspector reads version ${LOCKFILE_VERSION}${newer ? ' (the file was written by a newer one)' : ''}.`);
  }
  const parsed = lockfileSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
    const more = parsed.error.issues.length > 5 ? ` (and ${parsed.error.issues.length - 5} more)` : '';
    throw new LockfileError(file, `${issues.join('; ')}${more}.`);
  }
  for (const [label, server] of Object.entries(parsed.data.servers)) {
    for (const [uri, skill] of Object.entries(server.skills)) {
      if (skill.resources === 'dynamic') continue;
      const seen = new Set<string>();
      for (const r of skill.resources) {
        if (seen.has(r.uri)) throw new LockfileError(file, `${formatPath(['servers', label, 'skills', uri, 'resources'])}: ${r.uri} is listed twice.`);
        seen.add(r.uri);
      }
    }
  }
  return parsed.data;
}

/**
 * Which server's section to use: the one named by `label`; else the one whose
 * label matches the server being compared; else the only one there is.
 */
export function pickServer(lockfile: Lockfile, file: string, options: { label?: string | undefined; preferred?: string | undefined }): { label: string; server: LockedServer } {
  const labels = Object.keys(lockfile.servers);
  const named = options.label ?? (options.preferred !== undefined && Object.hasOwn(lockfile.servers, options.preferred) ? options.preferred : labels.length === 1 ? labels[0] : undefined);
  if (named === undefined) {
    throw new LockfileError(file, labels.length === 0 ? 'it pins no server.' : `it pins several servers (${labels.map((l) => JSON.stringify(l)).join(', ')}); say which with --label.`);
  }
  const server = ownValue(lockfile.servers, named);
  if (!server) throw new LockfileError(file, `it pins no server labelled ${JSON.stringify(named)}; it has ${labels.map((l) => JSON.stringify(l)).join(', ') || 'none'}.`);
  return { label: named, server };
}

export interface FileVersion {
  readonly digest: string;
  readonly size: number;
}

export interface FileChange {
  readonly uri: string;
  readonly a: FileVersion;
  readonly b: FileVersion;
}

export interface SkillChange {
  readonly uri: string;
  readonly a: { readonly name: string; readonly dynamic: boolean };
  readonly b: { readonly name: string; readonly dynamic: boolean };
  readonly filesOnlyInA: LockedFile[];
  readonly filesOnlyInB: LockedFile[];
  readonly filesChanged: FileChange[];
}

export interface LockedSkillAt extends LockedSkill {
  readonly uri: string;
}

/** Where two skill sets differ. A is the reference (the lockfile, for verify); B is what is compared with it. */
export interface SkillSetComparison {
  readonly onlyInA: LockedSkillAt[];
  readonly onlyInB: LockedSkillAt[];
  readonly changed: SkillChange[];
}

export function compareServers(a: LockedServer, b: LockedServer): SkillSetComparison {
  const onlyInA: LockedSkillAt[] = [];
  const onlyInB: LockedSkillAt[] = [];
  const changed: SkillChange[] = [];
  const uris = [...new Set([...Object.keys(a.skills), ...Object.keys(b.skills)])].sort(compareText);
  for (const uri of uris) {
    const left = ownValue(a.skills, uri);
    const right = ownValue(b.skills, uri);
    if (left && !right) onlyInA.push({ uri, ...left });
    else if (!left && right) onlyInB.push({ uri, ...right });
    else if (left && right) {
      const change = compareSkills(uri, left, right);
      if (change) changed.push(change);
    }
  }
  return { onlyInA, onlyInB, changed };
}

export function isIdentical(comparison: SkillSetComparison): boolean {
  return comparison.onlyInA.length === 0 && comparison.onlyInB.length === 0 && comparison.changed.length === 0;
}

/**
 * What names one listed file, as the entry rules key it (entry-rules.ts): its canonical form, plus
 * the query and trailing "/" canonicalUri sets aside (g.md?v=2 and g.md/ are other resources than
 * g.md, RFC 3986), and a name with a backslash as served (x%5Cy.md is another file than x/y.md,
 * though canonicalUri reads "\\" as "/"). Keyed by canonicalUri alone, two files were one listed twice.
 */
function listedFileKey(uri: string): string {
  if (backslashFileName(uri) !== undefined) return `${uri}\n`;
  return `${canonicalUri(uri)}${queryAndSlashKey(uri)}`;
}

/**
 * The files listed again after their first listing (URIs compared as the entry rules compare
 * them, listedFileKey). A set that has any binds nothing exactly: which of the two digests
 * would a host be held to?
 */
export function repeatedFiles(files: readonly { readonly uri: string }[]): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const f of files) {
    const key = listedFileKey(f.uri);
    if (seen.has(key)) repeated.push(f.uri);
    else seen.add(key);
  }
  return repeated;
}

/** Each file's first listing (as listedFileKey names it); a listing after it is paired with nothing. */
function firstListings(files: readonly LockedFile[]): Set<LockedFile> {
  const seen = new Set<string>();
  const firsts = new Set<LockedFile>();
  for (const f of files) {
    const key = listedFileKey(f.uri);
    if (seen.has(key)) continue;
    seen.add(key);
    firsts.add(f);
  }
  return firsts;
}

function compareSkills(uri: string, a: LockedSkill, b: LockedSkill): SkillChange | undefined {
  const filesA = a.resources === 'dynamic' ? [] : a.resources;
  const filesB = b.resources === 'dynamic' ? [] : b.resources;
  // A file listed twice is paired once, by its first listing; every later listing of it is a file
  // only that side has, so a set that lists a file twice is never identical to anything (not even
  // to itself), whichever of its digests the other side pins.
  const firstsA = firstListings(filesA);
  const firstsB = firstListings(filesB);
  const byUriB = new Map(filesB.filter((f) => firstsB.has(f)).map((f) => [f.uri, f]));
  const byUriA = new Map(filesA.filter((f) => firstsA.has(f)).map((f) => [f.uri, f]));
  const filesOnlyInA = filesA.filter((f) => !firstsA.has(f) || !byUriB.has(f.uri));
  const filesOnlyInB = filesB.filter((f) => !firstsB.has(f) || !byUriA.has(f.uri));
  const filesChanged: FileChange[] = [];
  for (const f of filesA) {
    if (!firstsA.has(f)) continue;
    const other = byUriB.get(f.uri);
    if (other && (other.digest !== f.digest || other.size !== f.size)) {
      filesChanged.push({ uri: f.uri, a: { digest: f.digest, size: f.size }, b: { digest: other.digest, size: other.size } });
    }
  }
  const dynamicA = a.resources === 'dynamic';
  const dynamicB = b.resources === 'dynamic';
  const same = a.name === b.name && dynamicA === dynamicB && filesOnlyInA.length === 0 && filesOnlyInB.length === 0 && filesChanged.length === 0;
  if (same) return undefined;
  return { uri, a: { name: a.name, dynamic: dynamicA }, b: { name: b.name, dynamic: dynamicB }, filesOnlyInA, filesOnlyInB, filesChanged };
}

/** Code-point order: the same on every machine and locale, so lockfiles diff cleanly in git. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
