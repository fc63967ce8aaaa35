// A review: refresh the entry with skills/get, then read and verify every file
// of the skill in one skill pass (SKILL.md first; if it fails, nothing else is
// read, as a host would), keep the verified bytes in the snapshot store, hand
// the same bytes to the content review, and gather what the
// Review screen shows: each file's verification and text, the findings, what
// the skill asks for, where it comes from, and whether it can be approved.
import type { ReviewFile, ReviewReport, SkillOrigin } from '../../shared/approvals-model.js';
import { pathInSkill } from '../../shared/entry-diff.js';
import type { FileCheck, Finding, ServerConfig } from '../../shared/model.js';
import { shownUrl } from '../../shared/shown-url.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { urlParts } from '../../shared/url-parts.js';
import { ApiFailure } from '../api-failure.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { ReadResult } from '../skills/engine.js';
import { NOT_READ_MESSAGE } from '../skills/registry.js';
import type { PassResult } from '../skills/skill-passes.js';
import type { SnapshotStore } from '../snapshots/snapshot-store.js';
import { StoreWriteError } from '../storage/atomic-file.js';
import type { Approvals } from './approvals.js';
import { fingerprintOf } from './fingerprint.js';
import { skillRequests } from './skill-requests.js';

export interface ReviewContext {
  readonly deps: FeatureDeps;
  readonly approvals: Approvals;
  readonly snapshots: SnapshotStore;
  /** The content-risk review of the same bytes (the review feature's), so the window gets both from one read. */
  readonly reviewContent?: (serverId: string, pass: PassResult, signal?: AbortSignal) => Promise<{ readonly findings: readonly Finding[]; readonly complete: boolean }>;
}

function describeTransport(server: ServerConfig): string {
  if (server.builtin === 'demo') return 'the sample server bundled with the app';
  const t = server.transport;
  if (t.kind === 'stdio') return `stdio: ${[t.command, ...t.args].join(' ')}`;
  // Queries and user info can carry tokens; the origin shows where, not how. A key in the path is
  // stored as a reference (shared/secret-args.ts splitUrl) and shown masked, as the server list shows it.
  try {
    const url = new URL(t.url);
    const parts = urlParts(shownUrl(t.url));
    const path = parts?.path ? parts.rest.slice(parts.path.start, parts.path.end) : '/';
    return `${t.kind === 'sse' ? 'SSE' : 'Streamable HTTP'}: ${url.origin}${path}`;
  } catch {
    return t.kind;
  }
}

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

  // One pass reads the skill as a host would (SKILL.md first, nothing else if it fails, the directory walked where
  // offered, SKILL.md a second time on purpose); its bytes serve this report and the content review alike, so one
  // Start review reads each file once.
  const reads = new Map<string, ReadResult>();
  let done = 0;
  let pass: PassResult | undefined;
  try {
    pass = await engine.passSkill(rpc, skillUri, {
      withGet: false,
      keepBytes: true,
      secondRead: true,
      signal,
      onBytes: (read) => {
        reads.set(read.uri, read);
        deps.emit('approvals.reviewProgress', { serverId, skillUri, done: ++done, total, fileUri: read.uri });
      },
    });
  } catch (error) {
    // Cancelled mid-read: the report says what was read so far.
    if (!signal.aborted) throw error;
  }
  const notRead = new Set(pass?.notRead ?? []);

  const files: ReviewFile[] = [];
  const texts = new Map<string, string>();
  for (const uri of order) {
    const listed = listedFiles.find((r) => r.uri === uri);
    const base = {
      uri,
      path: pathInSkill(uri, skillUri),
      ...(listed ? { listed: { digest: listed.digest, size: listed.size } } : {}),
      nestedSkillMd: canonicalUri(uri) !== own && /\/SKILL\.md$/.test(canonicalUri(uri)),
    };
    const read = reads.get(uri);
    if (!read) {
      const check: FileCheck = notRead.has(uri) ? { state: 'unread', reason: 'skill-md-failed', message: NOT_READ_MESSAGE } : { state: 'unread' };
      const why = notRead.has(uri) ? NOT_READ_MESSAGE : 'The review was cancelled before this file was read.';
      files.push({ ...base, check, size: 0, digest: '', isText: false, snapshotted: false, notRead: why });
      continue;
    }
    // The verdict after the whole pass: the deliberate second read of SKILL.md can still fail it.
    const check = pass?.entry.files[uri] ?? read.check;
    let snapshotted = false;
    if (check.state === 'verified' && read.bytes) {
      try {
        await snapshots.put(serverId, read.bytes, read.digest);
      } catch (error) {
        // Not a verification failure: the bytes checked out but could not be kept (a full disk).
        if (!(error instanceof StoreWriteError)) throw error;
        throw new ApiFailure('failed', `The review of ${skillUri} stopped: ${base.path} was read and verified, but its bytes could not be kept for the approval to be bound to. ${error.message}`);
      }
      snapshotted = true;
    }
    if (read.text !== undefined) texts.set(uri, read.text);
    files.push({
      ...base,
      check,
      ...(read.mimeType !== undefined ? { mimeType: read.mimeType } : {}),
      size: read.size,
      digest: read.digest,
      isText: read.isText,
      ...(read.text !== undefined ? { text: read.text } : {}),
      snapshotted,
    });
  }
  // Cancelling the review cancels its content review too; a cancelled content review leaves the last one in place.
  const content =
    pass && !signal.aborted
      ? await ctx.reviewContent?.(serverId, pass, signal).catch((error: unknown) => {
          if (!signal.aborted) throw error;
          return undefined;
        })
      : undefined;

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
  // A complete review of verified bytes is the review of exactly this version: the approve check reuses its findings.
  if (content?.complete && files.every((f) => f.check.state === 'verified')) approvals.stores.risk.remember(serverId, fingerprint, content.findings);
  const blockers = signal.aborted ? ['The review was cancelled; not every file was read.'] : await approvals.blockers(serverId, skillUri, fingerprint);
  const acknowledgements = signal.aborted ? [] : await approvals.acknowledgementsFor(serverId, skillUri);
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
    acknowledgements,
    approval,
    reviewedAt: new Date().toISOString(),
    cancelled: signal.aborted,
  };
}
