// The diff between two versions of a skill: files added, removed and changed
// with sizes and digests on both sides, a line diff of each changed text file,
// and the frontmatter fields that differ. Old bytes come from the snapshot
// store (re-hashed); the bytes of the version the server serves now are read
// and verified on demand — opening the diff is the user asking for them — and
// kept, so the new version can be approved straight from the diff. The
// content-risk rules run on both sides' bytes, so the diff leads with what is
// new since the older version, what is gone and what stayed (risk-delta.ts).
import type { FileDiff, RiskDelta, SkillDiff, VersionRef, VersionSummary } from '../../shared/approvals-model.js';
import { compareFrontmatter, compareResources, pathInSkill, type FileChange } from '../../shared/entry-diff.js';
import { lineDiff } from '../../shared/line-diff.js';
import type { SkillFileRef } from '../../shared/model.js';
import { ApiFailure } from '../api-failure.js';
import { SnapshotDamaged } from '../snapshots/snapshot-store.js';
import { canonicalUri } from '../skills/uri-memo.js';
import { fingerprintOf } from './fingerprint.js';
import type { ReviewContext } from './review.js';
import { findingDelta } from './risk-delta.js';

/** Texts larger than this get sizes and digests only: a line diff of them would not be read anyway. */
const MAX_TEXT_DIFF_BYTES = 4 * 1024 * 1024;

interface Version extends VersionSummary {
  /** The version the app holds now, so its bytes can be read from the server and verified. */
  readonly current: boolean;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

type Bytes = { readonly bytes: Buffer } | { readonly unavailable: string };

function decodeText(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export async function buildDiff(ctx: ReviewContext, serverId: string, skillUri: string, fromRef: VersionRef, toRef: VersionRef): Promise<SkillDiff> {
  const { deps, approvals, snapshots } = ctx;
  const server = deps.catalog.get(serverId);
  const engine = deps.engine;

  if (fromRef === 'current' || toRef === 'current') {
    // A skills/get may have described a newer version than the listing held; diff against that one.
    await approvals.syncHeldEntry(serverId, skillUri).catch(() => undefined);
  }
  const held = engine.record(serverId, skillUri);
  const heldFingerprint = held ? fingerprintOf(held.entry) : undefined;
  const history = await approvals.stores.history.versions(serverId, skillUri);

  const resolve = (ref: VersionRef): Version => {
    const approval = approvals.get(serverId, skillUri);
    if (ref === 'approved') {
      if (!approval) throw new ApiFailure('not-found', `${skillUri} on "${server.label}" has no approval to compare with.`);
      return { ref, fingerprint: approval.fingerprint, resources: approval.resources, frontmatter: approval.frontmatter, approvedAt: approval.decidedAt, current: approval.fingerprint === heldFingerprint };
    }
    const seen = history.find((v) => v.fingerprint === (ref === 'current' ? heldFingerprint : ref));
    const times = seen ? { firstSeen: seen.firstSeen, lastSeen: seen.lastSeen } : {};
    if (ref === 'current' || ref === heldFingerprint) {
      if (!held || !heldFingerprint) throw new ApiFailure('not-found', `No skill ${skillUri} is known on "${server.label}". Refresh the listing or load it by URI.`);
      return { ref, fingerprint: heldFingerprint, resources: held.entry.resources, frontmatter: held.entry.frontmatter, ...times, current: true };
    }
    if (seen) return { ref, fingerprint: seen.fingerprint, resources: seen.resources, frontmatter: seen.frontmatter, ...times, current: false };
    if (approval?.fingerprint === ref) return { ref, fingerprint: ref, resources: approval.resources, frontmatter: approval.frontmatter, approvedAt: approval.decidedAt, current: false };
    throw new ApiFailure('not-found', `No version ${ref} of ${skillUri} was seen on "${server.label}".`);
  };
  const from = resolve(fromRef);
  const to = resolve(toRef);

  const bytesOf = async (version: Version, file: SkillFileRef): Promise<Bytes> => {
    if (!DIGEST.test(file.digest)) return { unavailable: `The listing gave no usable digest for this file (${file.digest || 'none'}).` };
    try {
      const stored = await snapshots.get(serverId, file.digest);
      if (stored) return { bytes: stored };
    } catch (error) {
      if (error instanceof SnapshotDamaged) return { unavailable: error.message };
      throw error;
    }
    if (!version.current) return { unavailable: 'These bytes were never reviewed, so only sizes and digests can be compared.' };
    let rpc;
    try {
      rpc = deps.rpcFor(serverId);
    } catch (error) {
      return { unavailable: error instanceof Error ? error.message : String(error) };
    }
    try {
      const read = await engine.readFile(rpc, skillUri, file.uri, { keepBytes: true });
      if (read.check.state === 'verified' && read.bytes) {
        await snapshots.put(serverId, read.bytes, read.digest);
        return { bytes: read.bytes };
      }
      const why = read.check.state === 'failed' ? read.check.message : read.check.state === 'unverifiable' ? read.check.reason : 'it was not read';
      return { unavailable: `The server's bytes could not be verified, so they are not shown: ${why}` };
    } catch (error) {
      return { unavailable: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
  };

  const fileRefOf = (version: Version, uri: string): SkillFileRef | undefined => (Array.isArray(version.resources) ? version.resources.find((r) => r.uri === uri) : undefined);

  const files: FileDiff[] = [];
  const fromAsListed = spelledAs(from, to);
  for (const change of compareResources(fromAsListed.resources, to.resources)) {
    files.push(await fileDiff(change, skillUri, fileRefOf(fromAsListed, change.uri), fileRefOf(to, change.uri), (ref) => bytesOf(from, ref), (ref) => bytesOf(to, ref)));
  }
  const frontmatter = compareFrontmatter(from.frontmatter, to.frontmatter);
  const sameKind = Array.isArray(from.resources) === Array.isArray(to.resources) && (Array.isArray(from.resources) || from.resources === to.resources);
  const identical = sameKind && frontmatter.length === 0 && files.every((f) => f.change === 'unchanged');
  const blockers = to.current ? await approvals.blockers(serverId, skillUri, to.fingerprint) : ['Only the version the server serves now can be approved.'];
  const risk = identical ? undefined : await riskDelta(ctx, serverId, skillUri, { version: from, read: (f) => bytesOf(from, f) }, { version: to, read: (f) => bytesOf(to, f) });
  // After the delta: the rules have just judged the newer side, and its findings are kept by its fingerprint.
  // When the rules cannot run, the diff still shows; the approve call then says why it cannot check the version.
  const acknowledgements = to.current ? await approvals.acknowledgementsFor(serverId, skillUri).catch(() => []) : [];
  const summary = ({ current: _current, ...rest }: Version): VersionSummary => rest;
  return { serverId, skillUri, from: summary(from), to: summary(to), files, frontmatter, identical, canApprove: blockers.length === 0, blockers, ...(risk ? { risk } : {}), acknowledgements };
}

/**
 * `version`'s files named as `like` names them: a server may spell a file's URI another way from one listing
 * to the next (SKILL://, %2D, a dot segment), the same file, whose bytes are compared, not shown removed and added.
 */
function spelledAs(version: Version, like: Version): Version {
  if (!Array.isArray(version.resources) || !Array.isArray(like.resources)) return version;
  const named = new Map(like.resources.map((r) => [canonicalUri(r.uri), r.uri]));
  let respelled = false;
  const resources = version.resources.map((r) => {
    const uri = named.get(canonicalUri(r.uri)) ?? r.uri;
    respelled ||= uri !== r.uri;
    return uri === r.uri ? r : { ...r, uri };
  });
  return respelled ? { ...version, resources } : version;
}

interface Side {
  readonly version: Version;
  readonly read: (file: SkillFileRef) => Promise<Bytes>;
}

async function riskDelta(ctx: ReviewContext, serverId: string, skillUri: string, older: Side, newer: Side): Promise<RiskDelta> {
  const none = (why: string): RiskDelta => ({ added: [], gone: [], unchanged: [], fromUnreviewed: [], toUnreviewed: [], unavailable: why });
  const risk = ctx.approvals.stores.risk;
  if (!risk.available) return none('The content-risk rules do not run here, so the two versions were compared byte for byte only.');
  try {
    const before = await risk.of(serverId, skillUri, older.version, older.read);
    const after = await risk.of(serverId, skillUri, newer.version, newer.read);
    if (!before || !after) return none('One of the two versions is dynamic or invalid: it has no list of files for the rules to read.');
    return { ...findingDelta(before.findings, after.findings), fromUnreviewed: before.unreviewed, toUnreviewed: after.unreviewed };
  } catch (error) {
    return none(`The content-risk rules could not run on these versions: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function fileDiff(
  change: FileChange,
  skillUri: string,
  before: SkillFileRef | undefined,
  after: SkillFileRef | undefined,
  readBefore: (ref: SkillFileRef) => Promise<Bytes>,
  readAfter: (ref: SkillFileRef) => Promise<Bytes>,
): Promise<FileDiff> {
  const base: FileDiff = {
    uri: change.uri,
    path: pathInSkill(change.uri, skillUri),
    change: change.change,
    ...(change.before ? { before: change.before } : {}),
    ...(change.after ? { after: change.after } : {}),
  };
  if (change.change === 'unchanged') return base;
  const oldSide: Bytes = before ? await readBefore(before) : { bytes: Buffer.alloc(0) };
  const newSide: Bytes = after ? await readAfter(after) : { bytes: Buffer.alloc(0) };
  if ('unavailable' in oldSide) return { ...base, textUnavailable: `Before: ${oldSide.unavailable}` };
  if ('unavailable' in newSide) return { ...base, textUnavailable: `After: ${newSide.unavailable}` };
  if (oldSide.bytes.byteLength > MAX_TEXT_DIFF_BYTES || newSide.bytes.byteLength > MAX_TEXT_DIFF_BYTES) {
    return { ...base, textUnavailable: `The file is larger than ${MAX_TEXT_DIFF_BYTES / 1024 / 1024} MiB; compare the sizes and digests.` };
  }
  const oldText = decodeText(oldSide.bytes);
  const newText = decodeText(newSide.bytes);
  if (oldText === undefined || newText === undefined) return { ...base, binary: true, textUnavailable: 'Binary file: compare the sizes and digests.' };
  const text = lineDiff(oldText, newText);
  if (!text) return { ...base, textUnavailable: 'The two texts differ too much for a line diff in reasonable time.' };
  return { ...base, text };
}
