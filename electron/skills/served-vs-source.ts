// Served vs source: what a server serves, against the entries the SDK's own
// server-side helpers build from a local folder (source-folder.ts). A server
// developer's proof that the served skill is the reviewed source. Pure: entries
// in, findings out — every difference, each once: a skill or file served but
// not in the folder (missing), in the folder but not served (extra), a file
// whose digest or size differs (bytes) — as listed, or as read when the served
// side carries its reads — and a frontmatter field that differs.
import { finding } from '../../shared/findings.js';
import type { FileCheck, Finding, SkillFileRef } from '../../shared/model.js';
import { canonicalUri, containment, decodeSegment, parseSkillUri, skillRootOf } from '../../shared/skill-uri.js';
import { pairByUri } from '../../shared/uri-pairs.js';
import { append } from './append.js';

/** An entry as both sides have it: the SDK's `Skill` and the app's `SkillEntry` are both one. */
export interface ComparableEntry {
  readonly uri: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly resources: readonly SkillFileRef[] | 'dynamic' | null;
  /** The served side's reads, by listed URI: what the server served, which its listing may not be. */
  readonly files?: Readonly<Record<string, FileCheck>>;
}

export interface SourceComparison {
  readonly serverId: string;
  /** The folder as the user named it, for messages. */
  readonly folder: string;
  readonly served: readonly ComparableEntry[];
  readonly source: readonly ComparableEntry[];
  /** SKILL.md URIs of the folder's skills not read (source-folder.ts): said there, neither missing nor compared here. */
  readonly notCompared?: readonly string[];
}

const sortedKeys = (...maps: ReadonlyArray<ReadonlyMap<string, unknown>>) => [...new Set(maps.flatMap((m) => [...m.keys()]))].sort();

/** `<folder>/pdf-tools` for skill://pdf-tools/SKILL.md: where in the folder the SDK looked. */
function folderOf(folder: string, skillUri: string): string {
  const parsed = parseSkillUri(skillUri);
  return parsed.ok ? `${folder.replace(/\/+$/, '')}/${parsed.parts.skillPath.join('/')}` : folder;
}

function relative(fileUri: string, skillUri: string): string {
  const where = containment(fileUri, skillUri);
  if (where.inside) return where.relativePath;
  // x%5Cy.md, a file the SDK built from the name x\y.md, is not "inside" to containment (a "\" may climb out on
  // Windows), yet it is written under the skill's root: named as the file in the folder, not as <folder>/skill://….
  const root = `${skillRootOf(skillUri)}/`;
  return fileUri.startsWith(root) ? fileUri.slice(root.length).split('/').map(decodeSegment).join('/') : fileUri;
}

/** JSON with sorted keys: two frontmatter values are the same when this is. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const shown = (file: SkillFileRef) => `${file.size} bytes, ${file.digest}`;

export function compareWithSource({ serverId, folder, served, source, notCompared = [] }: SourceComparison): Finding[] {
  const findings: Finding[] = [];
  const aside = new Set(notCompared.map(canonicalUri));
  // Paired by URI, then by canonical URI one to one (shared/uri-pairs.ts): two URIs one side lists apart stay two.
  for (const { a: s, b: local } of pairByUri(served, source)) {
    if (s && !local && aside.has(canonicalUri(s.uri))) continue;
    if (s && !local) {
      findings.push(finding('inspector-source-missing', `The server serves ${s.uri}, but the source folder has no skill at ${folderOf(folder, s.uri)}.`, { serverId, skillUri: s.uri }));
    } else if (local && !s) {
      findings.push(finding('inspector-source-extra', `${folderOf(folder, local.uri)} is a skill in the source folder, but the server does not serve ${local.uri}.`, { serverId, skillUri: local.uri }));
    } else if (s && local) {
      append(append(findings, compareFrontmatter(serverId, s, local)), compareFiles(serverId, folder, s, local));
    }
  }
  return findings;
}

function compareFrontmatter(serverId: string, served: ComparableEntry, local: ComparableEntry): Finding[] {
  const a = new Map(Object.entries(served.frontmatter));
  const b = new Map(Object.entries(local.frontmatter));
  const out: Finding[] = [];
  for (const key of sortedKeys(a, b)) {
    const inSource = b.has(key) ? canonicalJson(b.get(key)) : 'absent';
    const inServed = a.has(key) ? canonicalJson(a.get(key)) : 'absent';
    if (inSource === inServed) continue;
    const field = `frontmatter.${key}`;
    out.push(
      finding('inspector-source-frontmatter', `${field} differs: the source folder's SKILL.md has ${inSource}; the server serves ${inServed}.`, { serverId, skillUri: served.uri, field }, { expected: inSource, actual: inServed }),
    );
  }
  return out;
}

function compareFiles(serverId: string, folder: string, served: ComparableEntry, local: ComparableEntry): Finding[] {
  const skillUri = served.uri;
  // An entry with no valid resources is reported by the entry rules; there is no file set to compare.
  if (served.resources === null || local.resources === null) return [];
  if (!Array.isArray(served.resources) || !Array.isArray(local.resources)) {
    const describe = (r: ComparableEntry['resources']) => (Array.isArray(r) ? `${r.length} file(s)` : '"dynamic"');
    if (served.resources === local.resources) return [];
    return [
      finding('inspector-source-bytes', `The server lists the files of ${skillUri} as ${describe(served.resources)}; the source folder gives ${describe(local.resources)}.`, { serverId, skillUri }, { expected: describe(local.resources), actual: describe(served.resources) }),
    ];
  }
  const out: Finding[] = [];
  for (const { a: s, b: f } of pairByUri(served.resources, local.resources)) {
    if (s && !f) {
      out.push(finding('inspector-source-missing', `The server lists ${relative(s.uri, skillUri)}, but ${folderOf(folder, skillUri)}/${relative(s.uri, skillUri)} is not in the source folder.`, { serverId, skillUri, fileUri: s.uri }));
    } else if (f && !s) {
      out.push(finding('inspector-source-extra', `${folderOf(folder, skillUri)}/${relative(f.uri, skillUri)} is in the source folder, but the server's entry does not list ${f.uri}.`, { serverId, skillUri, fileUri: f.uri }));
    } else if (s && f && (s.digest !== f.digest || s.size !== f.size)) {
      out.push(
        finding('inspector-source-bytes', `${relative(s.uri, skillUri)} differs: the source folder's file is ${shown(f)}; the server lists ${shown(s)}.`, { serverId, skillUri, fileUri: s.uri }, { expected: shown(f), actual: shown(s) }),
      );
    } else if (s && f) {
      const read = servedBytes(relative(s.uri, skillUri), f, served.files?.[s.uri]);
      if (read) out.push(finding('inspector-source-bytes', read.message, { serverId, skillUri, fileUri: s.uri }, { expected: shown(f), ...(read.actual ? { actual: read.actual } : {}) }));
    }
  }
  return out;
}

/**
 * A file the listing gives with the folder's bytes: whether the server served them. The listing is the server's
 * word; a read is what a host gets. A file not read (or not readable) is no proof either way, so it is said too.
 */
function servedBytes(name: string, local: SkillFileRef, check: FileCheck | undefined): { message: string; actual?: string } | undefined {
  if (check === undefined || check.state === 'verified') return undefined;
  const listed = `${name} is listed as the source folder's file (${shown(local)})`;
  if (check.state === 'failed') {
    const actual = check.reason === 'digest' ? check.actual : check.reason === 'size' && check.actual !== undefined ? `${check.actual} bytes` : undefined;
    return { message: `${listed}, but the server served other bytes when it was read: ${check.message}`, ...(actual ? { actual } : {}) };
  }
  const why = check.state === 'unverifiable' ? check.reason : (check.message ?? 'it was not read');
  return { message: `${listed}, but what the server serves was not checked (${why}), so whether it serves those bytes is unknown.` };
}
