// Pure comparison of two versions of a skill entry: which files were added,
// removed or changed (by digest and size), which frontmatter fields differ,
// and a one-paragraph reason a person can read. Both sides use it: the main
// process to revoke an approval, the renderer to show why. The line diff of two
// texts is line-diff.ts: the engine loads this file and needs no diff package.
import type { FieldDiff, FileChangeKind, FileSide } from './approvals-model.js';
import type { SkillFileRef } from './model.js';
import { MAX_DEPTH, TOO_DEEP_MARKER } from './nesting.js';
import { containment } from './skill-uri.js';

export type EntryResources = readonly SkillFileRef[] | 'dynamic' | null;

export interface EntryContent {
  readonly resources: EntryResources;
  readonly frontmatter: Readonly<Record<string, unknown>>;
}

export interface FileChange {
  readonly uri: string;
  readonly change: FileChangeKind;
  readonly before?: FileSide;
  readonly after?: FileSide;
}

/** JSON with object keys sorted at every depth, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, 1));
}

/**
 * Keys sorted at every level. A key named `__proto__` is defined as an own
 * field (assigning it would set the prototype and drop the field from the
 * fingerprint, so an approval would not notice it change). Past MAX_DEPTH
 * levels a value becomes the marker capDepth leaves there: bounded recursion
 * whatever it is given (stored approvals, entries from older versions).
 */
function sortKeys(value: unknown, level: number): unknown {
  if (value && typeof value === 'object' && level > MAX_DEPTH) return TOO_DEEP_MARKER;
  if (Array.isArray(value)) return value.map((v: unknown) => sortKeys(v, level + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      Object.defineProperty(out, key, { value: sortKeys((value as Record<string, unknown>)[key], level + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** The text a fingerprint hashes: the file set in URI order, and the frontmatter. */
export function entryFingerprintText(entry: EntryContent): string {
  const resources = Array.isArray(entry.resources)
    ? [...entry.resources].map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })).sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0))
    : entry.resources;
  return canonicalJson({ resources, frontmatter: entry.frontmatter });
}

/** Files of `after` compared with `before`, by exact URI. Unchanged files are included, marked so. */
export function compareResources(before: EntryResources, after: EntryResources): FileChange[] {
  const old = new Map((Array.isArray(before) ? before : []).map((r) => [r.uri, r]));
  const now = new Map((Array.isArray(after) ? after : []).map((r) => [r.uri, r]));
  const out: FileChange[] = [];
  for (const [uri, b] of old) {
    const a = now.get(uri);
    const beforeSide = { digest: b.digest, size: b.size };
    if (!a) out.push({ uri, change: 'removed', before: beforeSide });
    else out.push({ uri, change: a.digest === b.digest && a.size === b.size ? 'unchanged' : 'changed', before: beforeSide, after: { digest: a.digest, size: a.size } });
  }
  for (const [uri, a] of now) if (!old.has(uri)) out.push({ uri, change: 'added', after: { digest: a.digest, size: a.size } });
  return out.sort((x, y) => (x.uri < y.uri ? -1 : x.uri > y.uri ? 1 : 0));
}

/** Top-level frontmatter fields that differ (values compared as canonical JSON). */
export function compareFrontmatter(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): FieldDiff[] {
  const out: FieldDiff[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const field of keys) {
    const has = { before: Object.hasOwn(before, field), after: Object.hasOwn(after, field) };
    if (has.before && !has.after) out.push({ field, change: 'removed', before: before[field] });
    else if (!has.before && has.after) out.push({ field, change: 'added', after: after[field] });
    else if (canonicalJson(before[field]) !== canonicalJson(after[field])) out.push({ field, change: 'changed', before: before[field], after: after[field] });
  }
  return out;
}

/** Whether two versions are the same content: same file set (uri, digest, size) and same frontmatter. */
export function sameContent(a: EntryContent, b: EntryContent): boolean {
  return entryFingerprintText(a) === entryFingerprintText(b);
}

/** A file's path under its skill root, or the URI itself when it lies elsewhere. */
export function pathInSkill(fileUri: string, skillUri: string): string {
  const where = containment(fileUri, skillUri);
  return where.inside ? where.relativePath : fileUri;
}

function shortDigest(digest: string): string {
  return digest.startsWith('sha256:') ? `${digest.slice(0, 15)}…` : digest || '(none)';
}

function describeSides(before: FileSide | undefined, after: FileSide | undefined): string {
  if (!before || !after) return '';
  const size = before.size === after.size ? `same size, ${after.size} bytes` : `${before.size} → ${after.size} bytes`;
  return ` (${size}; ${shortDigest(before.digest)} → ${shortDigest(after.digest)})`;
}

/** Why `after` is not `before`, naming each file and field; '' when they are the same content. */
export function describeChange(skillUri: string, before: EntryContent, after: EntryContent): string {
  const parts: string[] = [];
  if (before.resources === 'dynamic' && after.resources !== 'dynamic') parts.push('the skill is no longer dynamic');
  if (before.resources !== 'dynamic' && after.resources === 'dynamic') parts.push('the server now serves it as dynamic (no digests)');
  if (after.resources === null && before.resources !== null) parts.push('the entry no longer lists its files (invalid entry)');
  for (const c of compareResources(before.resources, after.resources)) {
    if (c.change === 'unchanged') continue;
    const path = pathInSkill(c.uri, skillUri);
    if (c.change === 'added') parts.push(`${path} was added (${c.after?.size ?? 0} bytes)`);
    else if (c.change === 'removed') parts.push(`${path} was removed`);
    else parts.push(`${path} changed${describeSides(c.before, c.after)}`);
  }
  const fields = compareFrontmatter(before.frontmatter, after.frontmatter);
  if (fields.length > 0) parts.push(`frontmatter ${fields.map((f) => `"${f.field}" ${f.change}`).join(', ')}`);
  return parts.join('; ');
}
