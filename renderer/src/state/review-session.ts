// A review session of one skill: the approvals review (every file read,
// verified and kept) with its progress and cancel, the file the Review tab
// shows, and what the Changes tab compares — a diff between two versions and
// the history of versions, and which parts of a diff the user has been shown
// (re-approval waits for all of them). Reports live in memory only: a
// "one-time look" at a dynamic skill is gone when the app closes.
import { create } from 'zustand';
import type { SnapshotFile } from '../../../shared/api-approvals.js';
import type { Events } from '../../../shared/api.js';
import type { ReviewReport, SkillDiff, SkillHistory, VersionRef } from '../../../shared/approvals-model.js';
import { api, errorMessage } from '../api.js';
import type { Loaded } from './approvals.js';
import { skillKey } from './keys.js';

export type ReviewRunState =
  | { readonly state: 'running'; readonly done: number; readonly total: number; readonly fileUri?: string; readonly previous?: ReviewReport }
  | { readonly state: 'done'; readonly report: ReviewReport }
  | { readonly state: 'error'; readonly message: string; readonly previous?: ReviewReport };

export type ReviewFileMode = 'rendered' | 'source' | 'bytes';

/** Which file the Review tab shows, how, and a line to bring into view. */
export interface ReviewFileView {
  readonly fileUri?: string;
  readonly mode: ReviewFileMode;
  readonly line?: number;
}

export interface DiffState {
  readonly from: VersionRef;
  readonly to: VersionRef;
  /** What the catalog entry looked like when the diff was asked for ('current' moves with it). */
  readonly signature: string;
  readonly load: Loaded<SkillDiff>;
}

/**
 * The parts of one diff the user has been shown: each changed file (by path)
 * once the end of its card was on screen, and `frontmatter` likewise. Keyed by
 * the diff's two fingerprints, so another pair of versions starts again.
 */
export interface DiffShown {
  readonly diff: string;
  readonly parts: ReadonlySet<string>;
}

/** The frontmatter's part of a diff, beside the changed files' paths. */
export const FRONTMATTER_PART = 'frontmatter';

export function diffIdentity(diff: Pick<SkillDiff, 'from' | 'to'>): string {
  return `${diff.from.fingerprint}>${diff.to.fingerprint}`;
}

/** The parts of a diff that count as changed: every changed file, and the frontmatter when a field differs. */
export function diffParts(diff: Pick<SkillDiff, 'files' | 'frontmatter'>): string[] {
  const parts = diff.files.filter((f) => f.change !== 'unchanged').map((f) => f.path);
  return diff.frontmatter.length > 0 ? [...parts, FRONTMATTER_PART] : parts;
}

interface ReviewSessionState {
  runs: ReadonlyMap<string, ReviewRunState>;
  views: ReadonlyMap<string, ReviewFileView>;
  diffs: ReadonlyMap<string, DiffState>;
  histories: ReadonlyMap<string, Loaded<SkillHistory>>;
  shown: ReadonlyMap<string, DiffShown>;
  /** Exact reviewed bytes from the snapshot store, by server and digest. */
  snapshots: ReadonlyMap<string, Loaded<SnapshotFile>>;
  /** Reads, verifies and keeps every file; the content-risk review of the same bytes arrives as review.updated. */
  start(serverId: string, skillUri: string): Promise<void>;
  cancel(serverId: string, skillUri: string): Promise<void>;
  applyProgress(progress: Events['approvals.reviewProgress']): void;
  showFile(serverId: string, skillUri: string, view: ReviewFileView): void;
  loadDiff(serverId: string, skillUri: string, from: VersionRef, to: VersionRef, signature: string): Promise<void>;
  loadHistory(serverId: string, skillUri: string): Promise<void>;
  loadSnapshot(serverId: string, digest: string): Promise<void>;
  /** The user has been shown this part of this diff. */
  markShown(serverId: string, skillUri: string, diff: string, part: string): void;
  /** A decision changed: what the Changes tab showed may be stale. */
  applyApprovalChanged(change: Events['approvals.changed']): void;
}

export const snapshotKey = (serverId: string, digest: string) => `${serverId}\n${digest}`;

export function lastReport(run: ReviewRunState | undefined): ReviewReport | undefined {
  if (!run) return undefined;
  return run.state === 'done' ? run.report : run.previous;
}

export const useReviewSession = create<ReviewSessionState>((set, get) => ({
  runs: new Map(),
  views: new Map(),
  diffs: new Map(),
  histories: new Map(),
  shown: new Map(),
  snapshots: new Map(),
  async start(serverId, skillUri) {
    const key = skillKey(serverId, skillUri);
    const current = get().runs.get(key);
    if (current?.state === 'running') return;
    const previous = lastReport(current);
    set({ runs: new Map(get().runs).set(key, { state: 'running', done: 0, total: 0, ...(previous ? { previous } : {}) }) });
    let report: ReviewReport;
    try {
      report = await api.call('approvals.startReview', { serverId, skillUri });
    } catch (error) {
      set({ runs: new Map(get().runs).set(key, { state: 'error', message: errorMessage(error), ...(previous ? { previous } : {}) }) });
      return;
    }
    // The content-risk review of the same bytes came with it, as a review.updated event: nothing is read twice.
    set({ runs: new Map(get().runs).set(key, { state: 'done', report }) });
  },
  async cancel(serverId, skillUri) {
    await api.call('approvals.cancelReview', { serverId, skillUri }).catch(() => undefined);
  },
  applyProgress({ serverId, skillUri, done, total, fileUri }) {
    const key = skillKey(serverId, skillUri);
    const current = get().runs.get(key);
    if (current?.state !== 'running' || done < current.done) return;
    set({ runs: new Map(get().runs).set(key, { ...current, done, total, ...(fileUri ? { fileUri } : {}) }) });
  },
  showFile(serverId, skillUri, view) {
    set({ views: new Map(get().views).set(skillKey(serverId, skillUri), view) });
  },
  async loadDiff(serverId, skillUri, from, to, signature) {
    const key = skillKey(serverId, skillUri);
    set({ diffs: new Map(get().diffs).set(key, { from, to, signature, load: { state: 'loading' } }) });
    let load: Loaded<SkillDiff>;
    try {
      load = { state: 'loaded', value: await api.call('approvals.diff', { serverId, skillUri, from, to }) };
    } catch (error) {
      load = { state: 'error', message: errorMessage(error) };
    }
    // Only the latest request for this skill may land.
    const now = get().diffs.get(key);
    if (now?.from === from && now.to === to && now.signature === signature) set({ diffs: new Map(get().diffs).set(key, { from, to, signature, load }) });
  },
  async loadHistory(serverId, skillUri) {
    const key = skillKey(serverId, skillUri);
    set({ histories: new Map(get().histories).set(key, { state: 'loading' }) });
    try {
      const history = await api.call('approvals.history', { serverId, skillUri });
      set({ histories: new Map(get().histories).set(key, { state: 'loaded', value: history }) });
    } catch (error) {
      set({ histories: new Map(get().histories).set(key, { state: 'error', message: errorMessage(error) }) });
    }
  },
  async loadSnapshot(serverId, digest) {
    const key = snapshotKey(serverId, digest);
    const current = get().snapshots.get(key);
    if (current && current.state !== 'error') return;
    set({ snapshots: new Map(get().snapshots).set(key, { state: 'loading' }) });
    try {
      const file = await api.call('approvals.snapshotFile', { serverId, digest });
      set({ snapshots: new Map(get().snapshots).set(key, { state: 'loaded', value: file }) });
    } catch (error) {
      set({ snapshots: new Map(get().snapshots).set(key, { state: 'error', message: errorMessage(error) }) });
    }
  },
  markShown(serverId, skillUri, diff, part) {
    const key = skillKey(serverId, skillUri);
    const current = get().shown.get(key);
    const parts = current?.diff === diff ? current.parts : new Set<string>();
    if (parts.has(part)) return;
    set({ shown: new Map(get().shown).set(key, { diff, parts: new Set(parts).add(part) }) });
  },
  applyApprovalChanged({ serverId, skillUri }) {
    const key = skillKey(serverId, skillUri);
    const diffs = new Map(get().diffs);
    const histories = new Map(get().histories);
    diffs.delete(key);
    histories.delete(key);
    set({ diffs, histories });
  },
}));
