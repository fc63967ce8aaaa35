// A review: refresh the entry with skills/get, then read and verify every file
// of the skill (SKILL.md first; if it fails, nothing else is read, as a host
// would), keep the verified bytes in the snapshot store, and gather what the
// Review screen shows: each file's verification and text, the findings, what
// the skill asks for, where it comes from, and whether it can be approved.
import type { ReviewFile, ReviewReport, SkillOrigin } from '../../shared/approvals-model.js';
import { pathInSkill } from '../../shared/entry-diff.js';
import type { FileCheck, ServerConfig } from '../../shared/model.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { ApiFailure } from '../api-failure.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { SnapshotStore } from '../snapshots/snapshot-store.js';
import { StoreWriteError } from '../storage/atomic-file.js';
import type { Approvals } from './approvals.js';
import { fingerprintOf } from './fingerprint.js';
import { skillRequests } from './skill-requests.js';

export interface ReviewContext {
  readonly deps: FeatureDeps;
  readonly approvals: Approvals;
  readonly snapshots: SnapshotStore;
}

function describeTransport(server: ServerConfig): string {
  if (server.builtin === 'demo') return 'the sample server bundled with the app';
  const t = server.transport;
  if (t.kind === 'stdio') return `stdio: ${[t.command, ...t.args].join(' ')}`;
  // Queries and user info can carry tokens; the origin shows where, not how.
  try {
    const url = new URL(t.url);
    return `${t.kind === 'sse' ? 'SSE' : 'Streamable HTTP'}: ${url.origin}${url.pathname}`;
  } catch {
    return t.kind;
  }
}

class ReviewNotKept extends Error {}

export async function runReview(ctx: ReviewContext, serverId: string, skillUri: string, signal: AbortSignal): Promise<ReviewReport> {
  const { deps, approvals, snapshots } = ctx;
  const server = deps.catalog.get(serverId);
  const rpc = deps.rpcFor(serverId);
  const engine = deps.engine;
  if (!engine.record(serverId, skillUri)) {
    throw new ApiFailure('not-found', `No skill ${skillUri} is known on "${server.label}". Refresh the listing or load it by URI.`);
  }
  // skills/get first: the review should be of what the server serves now, not of an old listing.
  if (engine.server(serverId).capability?.declared) {
    await engine.confirmWithGet(rpc, skillUri, signal).catch(() => undefined);
    await approvals.syncHeldEntry(serverId, skillUri, signal).catch(() => undefined);
  }
  const record = engine.record(serverId, skillUri);
  if (!record) throw new ApiFailure('not-found', `The server no longer serves ${skillUri}.`);
  const entry = record.entry;
  const dynamic = entry.resources === 'dynamic';
  const own = canonicalUri(skillUri);
  const listedFiles = Array.isArray(entry.resources) ? entry.resources : [];
  const ownRef = listedFiles.find((r) => canonicalUri(r.uri) === own);
  const order = [ownRef?.uri ?? skillUri, ...listedFiles.filter((r) => r !== ownRef).map((r) => r.uri)];
  const total = order.length;

  const files: ReviewFile[] = [];
  const texts = new Map<string, string>();
  let stopped: string | undefined;
  for (const [index, uri] of order.entries()) {
    const listed = listedFiles.find((r) => r.uri === uri);
    const base = {
      uri,
      path: pathInSkill(uri, skillUri),
      ...(listed ? { listed: { digest: listed.digest, size: listed.size } } : {}),
      nestedSkillMd: canonicalUri(uri) !== own && /\/SKILL\.md$/.test(canonicalUri(uri)),
    };
    if (signal.aborted) stopped ??= 'The review was cancelled before this file was read.';
    if (stopped) {
      files.push({ ...base, check: { state: 'unread' }, size: 0, digest: '', isText: false, snapshotted: false, notRead: stopped });
      continue;
    }
    let file: ReviewFile;
    try {
      const read = await engine.readFile(rpc, skillUri, uri, { keepBytes: true, signal });
      let snapshotted = false;
      if (read.check.state === 'verified' && read.bytes) {
        await snapshots.put(serverId, read.bytes, read.digest).catch((error: unknown) => {
          // Not a verification failure: the bytes checked out but could not be kept (a full disk).
          if (!(error instanceof StoreWriteError)) throw error;
          throw new ReviewNotKept(`The review of ${skillUri} stopped: ${base.path} was read and verified, but its bytes could not be kept for the approval to be bound to. ${error.message}`);
        });
        snapshotted = true;
      }
      if (read.text !== undefined) texts.set(uri, read.text);
      file = {
        ...base,
        check: read.check,
        ...(read.mimeType !== undefined ? { mimeType: read.mimeType } : {}),
        size: read.size,
        digest: read.digest,
        isText: read.isText,
        ...(read.text !== undefined ? { text: read.text } : {}),
        snapshotted,
      };
    } catch (error) {
      if (error instanceof ReviewNotKept) throw new ApiFailure('failed', error.message);
      const check: FileCheck = { state: 'failed', reason: 'read-error', message: error instanceof Error ? error.message : String(error), checkedAt: new Date().toISOString() };
      file = { ...base, check, size: 0, digest: '', isText: false, snapshotted: false };
    }
    files.push(file);
    deps.emit('approvals.reviewProgress', { serverId, skillUri, done: index + 1, total, fileUri: uri });
    if (index === 0 && file.check.state === 'failed') {
      stopped = 'Not read: SKILL.md failed verification, and a host reads nothing else of a skill whose SKILL.md does not check out.';
    }
  }

  // The directory, where the server offers it, can show a nested SKILL.md that nothing lists: it is a skill of its own too.
  if (!stopped && !signal.aborted && engine.offersDirectory(serverId)) await engine.walkDirectory(rpc, record, signal).catch(() => undefined);
  const view = engine.entry(serverId, skillUri);
  const approval = approvals.get(serverId, skillUri) ?? null;
  const requests = skillRequests({
    skillUri,
    frontmatter: entry.frontmatter,
    resources: entry.resources,
    texts,
    // Each needs its own approval: those the server lists, and SKILL.md files below this one that no entry lists.
    listedNested: [...view.nestedSkills, ...engine.unlistedNestedSkills(serverId, skillUri)],
    grantedAllowedTools: approval?.decision === 'approved' && (approval.allowedTools?.granted ?? false),
    stateOf: (uri) => approvals.stateOf(serverId, uri),
  });
  const fingerprint = fingerprintOf(entry);
  const blockers = signal.aborted ? ['The review was cancelled; not every file was read.'] : await approvals.blockers(serverId, skillUri, fingerprint);
  const connection = deps.pool.snapshot(serverId);
  const origin: SkillOrigin = {
    serverId,
    serverLabel: server.label,
    transport: describeTransport(server),
    source: view.source,
    ...(view.legacyForm ? { legacyForm: view.legacyForm } : {}),
    ...(connection.era ? { era: connection.era } : {}),
    ...(connection.protocolVersion ? { protocolVersion: connection.protocolVersion } : {}),
    ...(connection.selfReported ? { selfReported: connection.selfReported } : {}),
  };
  return {
    serverId,
    skillUri,
    name: view.name,
    description: view.description,
    frontmatter: entry.frontmatter,
    resources: entry.resources,
    fingerprint,
    dynamic,
    files,
    findings: engine.findings(serverId, skillUri),
    requests,
    origin,
    ...(view.nestedIn ? { nestedIn: view.nestedIn } : {}),
    canApprove: blockers.length === 0,
    blockers,
    approval,
    reviewedAt: new Date().toISOString(),
    cancelled: signal.aborted,
  };
}
