// Reads one file of a skill, verifies it against the skill's entry, and
// records the check: a file outside the held manifest is reported and never
// read; the bytes are checked (size, digest, frontmatter) for the skill that
// asked; a nested SKILL.md among them is judged as the skill it is; and in a
// pass, the deliberate second read of SKILL.md must serve the same bytes.
import { finding } from '../../shared/findings.js';
import type { FileCheck, FileContent, Finding, Settings } from '../../shared/model.js';
import { canonicalUri, containment } from './uri-memo.js';
import { isoNow } from './clock.js';
import type { LimitNamer } from '../../shared/limits.js';
import { nestedSkillMdFindings } from './nested-skills.js';
import { decodeUtf8, readResourceBytes } from './reader.js';
import type { ServerSkills, SkillRecord } from './registry.js';
import type { Rpc } from './rpc.js';
import { withPurpose, type SkillPass } from './skill-pass.js';
import { readOrderKey } from './read-order.js';
import { findResource, verifyFile } from './verify.js';
import { append } from './append.js';

export interface ReadResult extends FileContent {
  /** The raw bytes (not sent over the contract; used by review and snapshots). */
  readonly bytes?: Buffer;
}

export interface ReadFileOptions {
  readonly signal?: AbortSignal;
  readonly keepBytes?: boolean;
  /** Verify all: the check only, no text or base64. */
  readonly checkOnly?: boolean;
  /** The skill pass this read belongs to (its budgets, and its memory of SKILL.md's first read). */
  readonly pass?: SkillPass;
  /** Why this read is sent, for the protocol log (the review's deliberate second read of SKILL.md). */
  readonly purpose?: string;
}


/** What reading a file needs from the engine. */
export interface FileReadHost {
  readonly limitName: LimitNamer;
  settings(): Settings;
  server(serverId: string): ServerSkills;
  requireRecord(state: ServerSkills, skillUri: string): SkillRecord;
  /** Tells the file observers (approvals, snapshots) about a check. */
  notify(serverId: string, skillUri: string, fileUri: string, check: FileCheck, bytes?: Buffer): void;
  /** The skill's view changed: push it with the next batch. */
  queueUpdate(state: ServerSkills, record: SkillRecord): void;
}

/** Reads one file of a skill on the user's request (or a pass's), verifies it, and returns the exact bytes. */
export async function readSkillFile(host: FileReadHost, rpc: Rpc, skillUri: string, fileUri: string, options: ReadFileOptions = {}): Promise<ReadResult> {
  const state = host.server(rpc.serverId);
  const record = host.requireRecord(state, skillUri);
  const { entry } = record;
  const listed = findResource(entry, fileUri);
  const isDynamic = entry.resources === 'dynamic' || entry.resources === null;
  const isSkillMd = canonicalUri(fileUri) === canonicalUri(skillUri);
  const now = isoNow();
  const loc = { serverId: rpc.serverId, skillUri, fileUri };

  if (!listed && !isDynamic && !isSkillMd) {
    // A file outside the held manifest is never read (SPEC §2.7): report it instead.
    const check: FileCheck = { state: 'failed', reason: 'unlisted', message: `${fileUri} is not in this skill's resources, so it was not read.`, checkedAt: now };
    const findings = [finding('sep-2640-host-unlisted-read-failure', `${fileUri} is not in the resources of ${skillUri}; it was not read.`, loc)];
    state.setFile(record, fileUri, check, findings);
    host.queueUpdate(state, record);
    return { serverId: rpc.serverId, skillUri, uri: fileUri, base64: '', isText: false, size: 0, digest: '', check, listed: false };
  }
  // The listing already found every file inside the skill, or this one is checked here.
  const outside = listed && !isSkillMd && !entry.contained ? containment(listed.uri, skillUri) : undefined;
  if (listed && outside && !outside.inside) {
    // Listed, but outside the skill directory (another skill, file:, ".."): never read (threat model T5).
    // A backslash name (x\y.md) is inside the skill as listed, but a Windows host would read another file: said so, not "outside".
    const backslash = outside.reason === 'backslash';
    const message = backslash ? `${listed.uri} names a file whose name holds a backslash, so it was not read.` : `${listed.uri} lies outside the skill directory, so it was not read.`;
    const check: FileCheck = { state: 'failed', reason: 'unlisted', message, checkedAt: now };
    const said = backslash ? finding('inspector-backslash-file-name', `${outside.detail}; such a file is never read.`, loc) : finding('sep-2640-resources-uri-within-skill', `${outside.detail}; a file outside the skill directory is never read.`, loc);
    state.setFile(record, listed.uri, check, [said]);
    host.queueUpdate(state, record);
    return { serverId: rpc.serverId, skillUri, uri: fileUri, base64: '', isText: false, size: 0, digest: '', check, listed: true };
  }
  if (isDynamic && !isSkillMd) {
    const where = containment(fileUri, skillUri);
    if (!where.inside) throw new Error(`${fileUri} is outside this skill (${where.detail}); it was not read.`);
  }
  // A file two skills of one job list (a parent and the skill nested in it) is read once: the second takes the first's answer.
  // The deliberate second read of SKILL.md is never served from it.
  const fetch = () =>
    readResourceBytes(options.purpose ? withPurpose(rpc, options.purpose) : rpc, fileUri, {
      expectedSize: listed && listed.size >= 0 ? listed.size : undefined,
      maxFileBytes: host.settings().maxFileBytes,
      // A pass counts its reads against the skill's (and the job's) budget too; a file opened alone, the server's.
      budgets: options.pass?.budgets ?? state.budgets,
      limitName: host.limitName,
      location: { serverId: rpc.serverId, skillUri },
      signal: options.signal,
    });
  // A file two skills of one job list (a parent and the skill nested in it) is read once; each verifies the answer
  // against its own entry. The deliberate second read of SKILL.md never shares.
  const shared = options.purpose === undefined ? options.pass?.options.sharedReads : undefined;
  // Keyed by the URI read, not the listed spelling: SKILL.md is read at the skill's own URI (registry.ts filesInReadingOrder).
  // Reads of one file may overlap (the file opened while Verify reads it): the check is what the latest one sent says.
  const ticket = state.readOrder.send(readOrderKey(skillUri, listed?.uri ?? fileUri));
  let read: Awaited<ReturnType<typeof fetch>>;
  try {
    read = shared ? await shared.read(rpc.serverId, fileUri, fetch) : await fetch();
  } catch (error) {
    state.readOrder.done(ticket);
    throw error;
  }
  // From here to the return nothing is awaited, so no other read of the file lands between this decision and the writes.
  const lands = (verified: boolean) => {
    const written = state.readOrder.lands(ticket, verified);
    state.readOrder.done(ticket);
    return written;
  };
  if (!read.ok) {
    lands(false);
    const check: FileCheck = { state: 'failed', reason: read.reason, message: read.message, checkedAt: now };
    state.setFile(record, listed?.uri ?? fileUri, check, read.findings);
    const relisted = relistedMeanwhile(state, record, skillUri, listed?.uri ?? fileUri);
    if (relisted) state.setFile(relisted.record, relisted.uri, check, read.findings);
    host.notify(rpc.serverId, skillUri, listed?.uri ?? fileUri, check);
    host.queueUpdate(state, record);
    return { serverId: rpc.serverId, skillUri, uri: fileUri, base64: '', isText: false, size: 0, digest: '', check, listed: Boolean(listed) };
  }
  const bytes = read.bytes;
  const verdictFor = (r: SkillRecord, uri: string) =>
    verifyFile(
      { uri: r.entry.uri, frontmatter: r.entry.frontmatter, resources: r.entry.resources, frontmatterDerived: r.frontmatterDerived, loadable: r.entry.loadable, legacyForm: r.legacyForm },
      uri,
      bytes,
      { serverId: rpc.serverId, ...(read.mimeType !== undefined ? { mimeType: read.mimeType } : {}), now },
    );
  const verdict = verdictFor(record, listed?.uri ?? fileUri);
  // Verify all only needs the check: decoding every file to text and base64 would double its cost.
  const text = options.checkOnly && read.wasText ? undefined : decodeUtf8(read.bytes);
  // About the bytes, whatever the listing says.
  const aboutBytes: Finding[] = [];
  if (read.wasText === false && text === undefined && /\.(md|txt|ya?ml|json|sh|py|js|ts)$/i.test(fileUri)) {
    aboutBytes.push(finding('inspector-not-utf8', `${fileUri} looks like a text file but is not valid UTF-8; it is shown as bytes.`, loc));
  }
  if (listed && !isSkillMd) append(aboutBytes, nestedSkillMdFindings(state, listed.uri, skillUri, read.bytes, text));
  const findings = [...read.findings, ...verdict.findings, ...aboutBytes];
  // A second read in the same pass that served other bytes fails the file, whatever either read alone said.
  const check = options.pass ? options.pass.judgeRepeat(listed?.uri ?? fileUri, verdict.digest, read.bytes.byteLength, verdict.check, findings, { serverId: rpc.serverId, skillUri }) : verdict.check;
  const relisted = relistedMeanwhile(state, record, skillUri, listed?.uri ?? fileUri);
  // Judged against the listing held now; content that changed between a pass's reads fails whatever the listing says.
  const changed = check.state === 'failed' && check.reason === 'changed';
  const againstHeld = relisted && !changed ? verdictFor(relisted.record, relisted.uri) : undefined;
  // An older read's "verified" arriving after a later read's verdict is not written: it would stand for bytes the server no longer serves.
  if (lands(check.state === 'verified' || againstHeld?.check.state === 'verified')) {
    state.setFile(record, listed?.uri ?? fileUri, check, findings);
    if (relisted) state.setFile(relisted.record, relisted.uri, againstHeld ? againstHeld.check : check, againstHeld ? [...read.findings, ...againstHeld.findings, ...aboutBytes] : findings);
  }
  host.notify(rpc.serverId, skillUri, listed?.uri ?? fileUri, check, read.bytes);
  host.queueUpdate(state, record);
  if (options.checkOnly) {
    return { serverId: rpc.serverId, skillUri, uri: fileUri, base64: '', isText: read.wasText, size: read.bytes.byteLength, digest: verdict.digest, check, listed: Boolean(listed) };
  }
  return {
    serverId: rpc.serverId,
    skillUri,
    uri: fileUri,
    ...(read.mimeType !== undefined ? { mimeType: read.mimeType } : {}),
    base64: read.bytes.toString('base64'),
    ...(text !== undefined ? { text } : {}),
    isText: text !== undefined,
    size: read.bytes.byteLength,
    digest: verdict.digest,
    check,
    listed: Boolean(listed),
    ...(options.keepBytes ? { bytes: read.bytes } : {}),
  };
}

/**
 * The record held now for the skill, when a relisting (Refresh, list_changed, a TTL) replaced `record` while the
 * bytes were on their way and lists the file too. The relisting carried over the file's older check when its listed
 * digest and size did not change (registry.ts upsert), so the answer must land there as well: left on the replaced
 * record only, an earlier "verified" would stand for a file whose latest bytes failed.
 */
function relistedMeanwhile(state: ServerSkills, record: SkillRecord, skillUri: string, fileUri: string): { record: SkillRecord; uri: string } | undefined {
  const current = state.record(skillUri);
  if (!current || current === record) return undefined;
  const listed = findResource(current.entry, fileUri);
  return listed ? { record: current, uri: listed.uri } : undefined;
}
