// Content-risk reviews of skills, per (origin, skill). `review.get` reads
// nothing, so a skill's last review is fetched whenever a view shows it; the
// review itself (`review.scanSkill`, which reads every file of a server's
// skill) runs only when the user asks for it. These actions are the only
// code that calls the review API for single skills.
import { create } from 'zustand';
import type { SkillReview } from '../../../shared/review-model.js';
import { api, errorMessage } from '../api.js';
import { skillKey } from './keys.js';

export type ReviewLoad =
  | { readonly state: 'loading'; readonly previous?: SkillReview | null }
  | { readonly state: 'loaded'; readonly review: SkillReview | null }
  | { readonly state: 'error'; readonly message: string };

/** A review the user started: when, so progress can count the files read since. */
export interface ReviewRun {
  readonly startedAt: string;
}

interface ReviewState {
  reviews: ReadonlyMap<string, ReviewLoad>;
  running: ReadonlyMap<string, ReviewRun>;
  runErrors: ReadonlyMap<string, string>;
  /** The last review of a skill (reads no file). Skips a skill already loading. */
  load(serverId: string, skillUri: string): Promise<void>;
  /**
   * Reads every file of the skill and reviews it: the explicit "Review content" action. `inspect`
   * reads past a SKILL.md that failed ("Read the rest for inspection"); the skill stays unverified.
   */
  scan(serverId: string, skillUri: string, options?: { inspect?: boolean }): Promise<SkillReview | undefined>;
  applyUpdated(review: SkillReview): void;
  /** Drops cached reviews of one origin (a folder was removed or rescanned). */
  forgetOrigin(serverId: string): void;
}

export const useReviews = create<ReviewState>((set, get) => ({
  reviews: new Map(),
  running: new Map(),
  runErrors: new Map(),
  async load(serverId, skillUri) {
    const key = skillKey(serverId, skillUri);
    const current = get().reviews.get(key);
    if (current?.state === 'loading') return;
    const previous = current?.state === 'loaded' ? current.review : undefined;
    set({ reviews: new Map(get().reviews).set(key, { state: 'loading', ...(previous !== undefined ? { previous } : {}) }) });
    try {
      const review = await api.call('review.get', { serverId, skillUri });
      // A review that finished while this was on its way is newer: keep it.
      const now = get().reviews.get(key);
      if (now?.state === 'loaded' && now.review && review && now.review.reviewedAt > review.reviewedAt) return;
      set({ reviews: new Map(get().reviews).set(key, { state: 'loaded', review }) });
    } catch (error) {
      set({ reviews: new Map(get().reviews).set(key, { state: 'error', message: errorMessage(error) }) });
    }
  },
  async scan(serverId, skillUri, options = {}) {
    const key = skillKey(serverId, skillUri);
    if (get().running.has(key)) return undefined;
    const errors = new Map(get().runErrors);
    errors.delete(key);
    set({ running: new Map(get().running).set(key, { startedAt: new Date().toISOString() }), runErrors: errors });
    try {
      const review = await api.call('review.scanSkill', { serverId, skillUri, ...(options.inspect ? { inspect: true } : {}) });
      get().applyUpdated(review);
      return review;
    } catch (error) {
      set({ runErrors: new Map(get().runErrors).set(key, errorMessage(error)) });
      return undefined;
    } finally {
      const running = new Map(get().running);
      running.delete(key);
      set({ running });
    }
  },
  applyUpdated(review) {
    const key = skillKey(review.serverId, review.skillUri);
    const current = get().reviews.get(key);
    if (current?.state === 'loaded' && current.review && current.review.reviewedAt > review.reviewedAt) return;
    set({ reviews: new Map(get().reviews).set(key, { state: 'loaded', review }) });
  },
  forgetOrigin(serverId) {
    const prefix = `${serverId}\n`;
    set({ reviews: new Map([...get().reviews].filter(([k]) => !k.startsWith(prefix))) });
  },
}));

/** The review to show for a load: the last one known while a fresh one loads. */
export function shownReview(load: ReviewLoad | undefined): SkillReview | null | undefined {
  if (!load) return undefined;
  if (load.state === 'loaded') return load.review;
  if (load.state === 'loading') return load.previous;
  return undefined;
}
