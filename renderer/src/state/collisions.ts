// Name clashes across every origin (servers and local folders), from
// `review.collisions`, which reads no server file. Fetched when the
// Collisions view opens, and again a moment after listings change so the
// header's count stays true without asking on every streamed page.
import { create } from 'zustand';
import type { CollisionReport } from '../../../shared/review-model.js';
import { api, errorMessage } from '../api.js';

interface CollisionsState {
  report?: CollisionReport;
  loading: boolean;
  error?: string;
  load(): Promise<void>;
  /** Loads again once listings have been quiet for a moment. */
  scheduleRefresh(): void;
}

const QUIET_MS = 1_200;
let timer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

export const useCollisions = create<CollisionsState>((set) => ({
  loading: false,
  async load() {
    const mine = ++generation;
    set({ loading: true });
    try {
      const report = await api.call('review.collisions', {});
      // An older answer arriving late must not replace a newer one.
      if (mine === generation) set({ report, loading: false, error: undefined });
    } catch (error) {
      if (mine === generation) set({ loading: false, error: errorMessage(error) });
    }
  },
  scheduleRefresh() {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void useCollisions.getState().load();
    }, QUIET_MS);
  },
}));

/** Clashes plus lookalikes: what the header's badge counts. */
export function clashCount(report: CollisionReport | undefined): number {
  return report ? report.collisions.length + report.nearCollisions.length : 0;
}
