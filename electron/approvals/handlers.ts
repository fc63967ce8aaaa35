// Binds the approvals part of the contract (shared/api-approvals.ts). Arguments
// arrive validated by dispatch(); everything that can fail says so with an
// ApiFailure the user can act on.
import path from 'node:path';
import type { APPROVAL_PARAMS } from '../../shared/api-approvals.js';
import { ApiFailure } from '../api-failure.js';
import type { Handlers } from '../dispatch.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { ReviewLookup } from '../skills/registry.js';
import { SnapshotDamaged, SnapshotStore } from '../snapshots/snapshot-store.js';
import { ApprovalStore } from './approval-store.js';
import { Approvals } from './approvals.js';
import { AuditLog } from './audit-log.js';
import { buildDiff } from './diff.js';
import { fingerprintOf } from './fingerprint.js';
import { HistoryStore } from './history-store.js';
import { exportLock, importLock } from './lock-file.js';
import { runReview, type ReviewContext } from './review.js';
import { VersionRisk, type ReviewBytes } from './version-risk.js';
import type { HeldDecisions } from '../../shared/approvals-model.js';

export type ApprovalHandlers = Pick<Handlers, keyof typeof APPROVAL_PARAMS>;

/** Where snapshots live: the app's private data directory, never a folder agents scan for skills. */
const SNAPSHOTS_DIR = 'snapshots';
const HISTORY_DIR = 'history';

export interface ApprovalsFeature {
  readonly handlers: ApprovalHandlers;
  /**
   * What the Changes tab's rules found in the version a skill serves now, as a review's counts; undefined when
   * they never judged that version. The verdict of a changed approved skill, whose own review went stale.
   */
  readonly changeReviewCounts: ReviewLookup;
  /** Resolves once every background write (history, automatic revocations) has landed; the app waits for it on close. */
  settled(): Promise<void>;
  /** `serverId\nskillUri` of the skills a decision that takes away holds in memory, not yet in approvals.json. */
  heldInMemory(): HeldDecisions;
}

export interface ApprovalOptions extends Pick<ReviewContext, 'reviewContent'> {
  /** The content-risk rules over exact bytes (the review feature's pool): the diff's finding delta and the approve check run them. */
  readonly reviewBytes?: ReviewBytes;
  /** Told when heldInMemory() changes: the in-app gateway, which reads approvals.json, withholds those skills meanwhile. */
  readonly onHeldInMemory?: () => void;
}

export async function createApprovalHandlers(deps: FeatureDeps, options: ApprovalOptions = {}): Promise<ApprovalsFeature> {
  const snapshots = new SnapshotStore(path.join(deps.dataDir, SNAPSHOTS_DIR));
  const problems: { report?: Approvals['reportProblem'] } = {};
  const history = new HistoryStore(
    path.join(deps.dataDir, HISTORY_DIR),
    (problem) => problems.report?.(problem, 'history'),
    // Said as it happens, once per cause (the store keeps what was said): the history is not the approvals.
    (message) => deps.emit('app.alert', { level: 'error', title: 'Version history could not be saved', message }),
  );
  // At once, not with the next batch: the window shows "Reviewing…" while the Changes tab waits for the diff, and the
  // skill's new verdict must reach it before the diff does, or its badge falls back to "Not reviewed yet" in between.
  const risk = new VersionRisk(options.reviewBytes, snapshots, (serverId, skillUri) => deps.engine.republish(serverId, [skillUri]));
  const service = new Approvals(deps, { store: new ApprovalStore(deps.dataDir), audit: new AuditLog(deps.dataDir), history, snapshots, risk }, options.onHeldInMemory);
  problems.report = (problem, store) => service.reportProblem(problem, store);
  await service.init();

  const reviews = new Map<string, AbortController>();
  const reviewKey = (serverId: string, skillUri: string) => `${serverId}\n${skillUri}`;
  const ctx: ReviewContext = { deps, approvals: service, snapshots, ...(options.reviewContent ? { reviewContent: options.reviewContent } : {}) };

  const handlers: ApprovalHandlers = {
    'approvals.startReview': async ({ serverId, skillUri }) => {
      const key = reviewKey(serverId, skillUri);
      reviews.get(key)?.abort();
      const abort = new AbortController();
      reviews.set(key, abort);
      try {
        return await runReview(ctx, serverId, skillUri, abort.signal);
      } finally {
        if (reviews.get(key) === abort) reviews.delete(key);
      }
    },
    'approvals.cancelReview': async ({ serverId, skillUri }) => {
      const abort = reviews.get(reviewKey(serverId, skillUri));
      abort?.abort();
      return { cancelled: Boolean(abort) };
    },
    'approvals.approve': async (params) => service.approve(params),
    'approvals.decline': async (params) => service.decline(params),
    'approvals.revoke': async (params) => service.revoke(params),
    'approvals.setEnabled': async (params) => service.setEnabled(params),
    'approvals.setGrant': async (params) => service.setGrant(params),
    'approvals.get': async ({ serverId, skillUri }) => service.get(serverId, skillUri) ?? null,
    'approvals.list': async ({ serverId }) => {
      if (serverId !== undefined) deps.catalog.get(serverId);
      return service.stores.store.list(serverId);
    },
    'approvals.exportEnabled': async ({ serverId }) => {
      const { document, fileName } = service.exportEnabled(serverId);
      return { json: `${JSON.stringify(document, null, 2)}\n`, fileName, count: document.skills.length };
    },
    'approvals.diff': async ({ serverId, skillUri, from, to }) => {
      await service.settled();
      return buildDiff(ctx, serverId, skillUri, from ?? 'approved', to ?? 'current');
    },
    'approvals.history': async ({ serverId, skillUri }) => {
      deps.catalog.get(serverId);
      await service.settled();
      const versions = await history.versions(serverId, skillUri);
      const approval = service.get(serverId, skillUri);
      const current = service.heldFingerprint(serverId, skillUri);
      return { serverId, skillUri, versions, ...(approval ? { approvedFingerprint: approval.fingerprint } : {}), ...(current ? { currentFingerprint: current } : {}) };
    },
    'approvals.audit': async ({ serverId, skillUri, limit }) => {
      await service.settled();
      const page = await service.stores.audit.read({ ...(serverId !== undefined ? { serverId } : {}), ...(skillUri !== undefined ? { skillUri } : {}), limit: limit ?? 1000 });
      return { entries: page.entries, unreadableLines: page.unreadableLines };
    },
    'approvals.snapshotFile': async ({ serverId, digest }) => {
      let bytes: Buffer | undefined;
      try {
        bytes = await snapshots.get(serverId, digest);
      } catch (error) {
        if (error instanceof SnapshotDamaged) throw new ApiFailure('failed', error.message);
        throw error;
      }
      if (!bytes) throw new ApiFailure('not-found', `No reviewed bytes with digest ${digest} are stored for this server. Start a review to read and keep them.`);
      let text: string | undefined;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        text = undefined;
      }
      return { serverId, digest, size: bytes.byteLength, base64: bytes.toString('base64'), ...(text !== undefined ? { text } : {}) };
    },
    'approvals.storeStatus': async () => ({ problems: service.problems, auditUnreadableLines: service.auditUnreadableLines }),
    'approvals.exportLock': async ({ serverId }) => exportLock(deps, service, serverId),
    'approvals.importLock': async ({ text, name }) => importLock(deps, service, text, name),
  };
  // Store problems found at start are pushed on the first approvals call, when a window is listening.
  const wrapped: Record<string, (params: never) => Promise<unknown>> = {};
  for (const [method, handler] of Object.entries(handlers) as Array<[string, (params: never) => Promise<unknown>]>) {
    wrapped[method] = (params) => {
      service.flushAlerts();
      return handler(params);
    };
  }
  // Called for every view of a skill without a current review: a fingerprint is hashed only for a skill the rules judged, once per entry.
  const fingerprints = new WeakMap<object, string>();
  const changeReviewCounts: ReviewLookup = (serverId, skillUri) => {
    if (!risk.judgedAny(serverId, skillUri)) return undefined;
    const entry = deps.engine.record(serverId, skillUri)?.entry;
    if (!entry) return undefined;
    let fingerprint = fingerprints.get(entry);
    if (fingerprint === undefined) fingerprints.set(entry, (fingerprint = fingerprintOf(entry)));
    return risk.countsOf(serverId, skillUri, fingerprint);
  };
  return { handlers: wrapped as unknown as ApprovalHandlers, changeReviewCounts, settled: () => service.settled(), heldInMemory: () => service.heldInMemory };
}
