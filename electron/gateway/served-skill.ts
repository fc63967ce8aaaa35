// What the gateway serves for one approved (or locked) skill: the entry under
// gateway URIs, with the digests and sizes of the bytes it serves — the
// approved ones, file for file — and, for each file, where its bytes come
// from. The one served file that can differ from the approved bytes is a
// SKILL.md whose allowed-tools was not granted (allowed-tools.ts); its digest
// is then that of the cut file, which is rebuilt from the approved bytes on
// every read and must hash the same again. The SKILL.md of a skill nested in
// this one is cut the same way, by that skill's own grant (nested-skill-md.ts).
import type { Skill } from '@modelcontextprotocol/server/ext/skills';
import type { SkillFileRef } from '../../shared/model.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { parseFrontmatter } from '../skills/frontmatter.js';
import { sha256Digest } from '../snapshots/snapshot-store.js';
import { ALLOWED_TOOLS, grantCoversMerged, MERGED_ALLOWED_TOOLS, mergedAllowedTools, withoutAllowedTools } from './allowed-tools.js';
import { backslashRefusal } from './backslash-name.js';
import { hostRefusals } from './host-rules.js';
import { gatewayUri, queryOrFragment } from './namespace.js';
import { nestedServed, nestedSkillMdFiles, type NestedSkillMd } from './nested-skill-md.js';
import { climbsOnWindows, sameFileOnWindowsAt } from '../skills/windows-names.js';

export interface ServedFile {
  /** The file's URI on the gateway. */
  readonly uri: string;
  readonly upstreamUri: string;
  /** The approved (or locked) bytes' digest: what the bytes read from the store must hash to. */
  readonly approvedDigest: string;
  /** What the host is told, and is sent. Equal to the approved digest except for a cut SKILL.md. */
  readonly digest: string;
  readonly size: number;
  /** A SKILL.md (its own, or a nested skill's) whose allowed-tools was not granted: served without that field. */
  readonly cutAllowedTools: boolean;
}

export interface ServedSkill {
  /** The upstream server's identity in the catalog behind the gateway (the app's server id; the label for a lockfile). */
  readonly serverId: string;
  /** The upstream server's host-assigned label. */
  readonly label: string;
  readonly upstreamUri: string;
  readonly entry: Skill;
  /** By canonical gateway URI. */
  readonly files: ReadonlyMap<string, ServedFile>;
  /** Whether allowed-tools is served (granted, and requested). */
  readonly allowedTools: boolean;
}

export interface ApprovedSkillInput {
  readonly serverId: string;
  readonly label: string;
  readonly namespace: string;
  readonly upstreamUri: string;
  readonly resources: readonly SkillFileRef[];
  /** The approved SKILL.md bytes, already checked against their digest. */
  readonly skillMd: Uint8Array;
  readonly allowedToolsGranted: boolean;
  /** The tools the grant names, as the approval recorded them (absent in records written before it named them). */
  readonly grantedTools?: readonly string[];
  /** The SKILL.md of each skill nested in this one (nestedSkillMdFiles), by canonical upstream URI; one missing withholds the skill. */
  readonly nested?: ReadonlyMap<string, NestedSkillMd>;
}

export type BuildResult = { readonly ok: true; readonly skill: ServedSkill } | { readonly ok: false; readonly reason: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** SKILL.md as text, or undefined when its bytes are not UTF-8 (hosts need it as text). */
export function skillMdText(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

export function buildServedSkill(input: ApprovedSkillInput): BuildResult {
  const entryUri = gatewayUri(input.namespace, input.upstreamUri);
  if (!entryUri) {
    const part = queryOrFragment(input.upstreamUri);
    return { ok: false, reason: part ? `${input.upstreamUri} has ${part}: it names another resource than a skill's SKILL.md, and only skills are served` : `${input.upstreamUri} has no scheme://authority form to serve it under` };
  }
  const text = skillMdText(input.skillMd);
  if (text === undefined) return { ok: false, reason: 'its SKILL.md is not UTF-8 text' };
  const parsed = parseFrontmatter(text);
  if (!parsed.ok) return { ok: false, reason: `its SKILL.md frontmatter cannot be read (${parsed.message})` };
  let frontmatter = parsed.value;
  let skillMd: { digest: string; size: number } | undefined;
  // What was reviewed, granted or cut is the field as a YAML 1.1 host reads it; every host must find the same, or none.
  const merged = mergedAllowedTools(text, frontmatter);
  const mergedGranted = merged && input.allowedToolsGranted && grantCoversMerged(text, frontmatter, input.grantedTools);
  const requested = Object.hasOwn(frontmatter, ALLOWED_TOOLS) || mergedGranted;
  if (merged && !mergedGranted) return { ok: false, reason: `${input.allowedToolsGranted ? 'the allowed-tools granted is not the one every host reads' : 'allowed-tools is not granted and cannot be left out'}: ${MERGED_ALLOWED_TOOLS}` };
  if (requested && !input.allowedToolsGranted) {
    const cut = withoutAllowedTools(text, frontmatter);
    if (!cut.ok) return { ok: false, reason: `allowed-tools is not granted and cannot be left out: ${cut.reason}` };
    const bytes = Buffer.from(cut.text, 'utf8');
    frontmatter = cut.frontmatter;
    skillMd = { digest: sha256Digest(bytes), size: bytes.byteLength };
  }
  // Before anything is keyed by canonical URI, which reads a backslash as "/" (a%5Cb.md as a/b.md).
  for (const r of [{ uri: input.upstreamUri }, ...input.resources]) {
    const backslash = backslashRefusal(r.uri);
    if (backslash !== undefined) return { ok: false, reason: backslash };
  }
  const ownKey = canonicalUri(input.upstreamUri);
  const files = new Map<string, ServedFile>();
  const resources: Skill['resources'] = [];
  const nestedCuts = new Map<string, { digest: string; size: number }>();
  for (const r of nestedSkillMdFiles(input.upstreamUri, input.resources)) {
    const served = nestedServed(r.uri, input.nested?.get(canonicalUri(r.uri)));
    if (!served.ok) return served;
    if (served.cut) nestedCuts.set(canonicalUri(r.uri), served.cut);
  }
  // Which file a Windows host writes for each: two files it writes as one are written one over the other.
  const onWindows = new Map<string, { uri: string; key: string }>();
  for (const r of input.resources) {
    const climbing = climbsOnWindows(canonicalUri(r.uri));
    if (climbing !== undefined) return { ok: false, reason: `its file ${r.uri} is not where a Windows host writes it: the name ${JSON.stringify(climbing)} in its path is ".." there (Windows drops a name's trailing dots and spaces), which leaves the skill's folder` };
    // Served, the upstream authority is a folder of the path (skill://<namespace>/<authority>/…): skill://..%20/x lands outside the server's folder.
    const atGateway = gatewayUri(input.namespace, r.uri);
    const authority = atGateway === undefined ? undefined : climbsOnWindows(atGateway);
    if (authority !== undefined) return { ok: false, reason: `its file ${r.uri} is not where a Windows host writes it: served, its authority ${JSON.stringify(authority)} is a folder, ".." on Windows (Windows drops a name's trailing dots and spaces), which leaves the folder of the server's skills` };
    const windowsFile = sameFileOnWindowsAt(canonicalUri(r.uri));
    const over = onWindows.get(windowsFile);
    if (over !== undefined && over.key !== canonicalUri(r.uri)) return { ok: false, reason: `its files ${over.uri} and ${r.uri} are one file on Windows (it compares names upper-cased and drops trailing dots and spaces and a "::$DATA" stream), so a Windows host writes one over the other and keeps bytes that need not be the approved ones` };
    onWindows.set(windowsFile, { uri: r.uri, key: canonicalUri(r.uri) });
    const uri = gatewayUri(input.namespace, r.uri);
    if (!uri) {
      const part = queryOrFragment(r.uri);
      return { ok: false, reason: part ? `its file ${r.uri} has ${part}: it names another resource than a file of the skill, and only files are served` : `its file ${r.uri} has no scheme://authority form to serve it under` };
    }
    const own = canonicalUri(r.uri) === ownKey;
    const cut = own ? skillMd : nestedCuts.get(canonicalUri(r.uri));
    const served: ServedFile = { uri, upstreamUri: r.uri, approvedDigest: r.digest, digest: cut?.digest ?? r.digest, size: cut?.size ?? r.size, cutAllowedTools: cut !== undefined };
    const key = canonicalUri(uri);
    if (files.has(key)) return { ok: false, reason: `${r.uri} is listed twice` };
    files.set(key, served);
    resources.push({ uri, digest: served.digest, size: served.size });
  }
  if (!files.has(canonicalUri(entryUri))) return { ok: false, reason: 'its SKILL.md is not among its approved files' };
  const { name, description } = frontmatter;
  if (typeof name !== 'string' || typeof description !== 'string') return { ok: false, reason: 'its SKILL.md frontmatter has no string name and description' };
  const entry: Skill = { uri: entryUri, frontmatter: { ...frontmatter, name, description }, resources };
  const refused = hostRefusals(entry);
  if (refused.length > 0) return { ok: false, reason: `hosts would drop it from skills/list: ${refused.join('; ')}` };
  return { ok: true, skill: { serverId: input.serverId, label: input.label, upstreamUri: input.upstreamUri, entry, files, allowedTools: requested && input.allowedToolsGranted } };
}

/**
 * The bytes to send for one file, from bytes that must hash to its approved
 * digest. A cut SKILL.md is cut again and must hash to what the entry says,
 * or nothing is sent.
 */
export function servedBytes(file: ServedFile, approved: Uint8Array): Uint8Array {
  if (sha256Digest(approved) !== file.approvedDigest) throw new Error(`${file.uri}: the stored bytes no longer hash to the approved ${file.approvedDigest}; not served.`);
  if (!file.cutAllowedTools) return approved;
  const text = skillMdText(approved);
  const original = text === undefined ? undefined : parseFrontmatter(text);
  const cut = text !== undefined && original?.ok ? withoutAllowedTools(text, original.value) : undefined;
  const bytes = cut?.ok ? Buffer.from(cut.text, 'utf8') : undefined;
  if (!bytes || sha256Digest(bytes) !== file.digest) throw new Error(`${file.uri}: SKILL.md without allowed-tools did not come out as listed; not served.`);
  return bytes;
}
