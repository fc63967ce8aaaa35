// The last content-risk review of a skill, fetched (without reading any
// file) when a view shows it, and again when the listed bytes change — the
// main process drops a review that no longer describes what is served.
import { useEffect } from 'react';
import type { SkillEntry } from '../../../../shared/model.js';
import type { SkillReview } from '../../../../shared/review-model.js';
import { skillKey } from '../../state/keys.js';
import { shownReview, useReviews, type ReviewLoad, type ReviewRun } from '../../state/review.js';

export interface SkillReviewState {
  readonly load: ReviewLoad | undefined;
  /** The review to show (the last one while a fresh one loads); null when never reviewed. */
  readonly review: SkillReview | null | undefined;
  readonly run: ReviewRun | undefined;
  readonly runError: string | undefined;
}

/** What identifies the content a review describes: the listed files and their digests. */
export function contentSignature(entry: SkillEntry): string {
  const files = Array.isArray(entry.resources) ? entry.resources.map((r) => `${r.uri} ${r.digest}`).join('\n') : 'dynamic';
  return `${entry.fetchedAt}\n${files}`;
}

export function useSkillReview(entry: SkillEntry): SkillReviewState {
  const key = skillKey(entry.serverId, entry.uri);
  const load = useReviews((s) => s.reviews.get(key));
  const run = useReviews((s) => s.running.get(key));
  const runError = useReviews((s) => s.runErrors.get(key));
  const { serverId, uri } = entry;
  const signature = contentSignature(entry);
  useEffect(() => {
    void useReviews.getState().load(serverId, uri);
  }, [serverId, uri, signature]);
  return { load, review: shownReview(load), run, runError };
}

/** Errors and warnings among a skill's last content review's findings (none counted for a local skill: its entry counts them). */
export function useReviewCounts(key: string, local: boolean): { readonly errors: number; readonly warnings: number } {
  const errors = useReviews((s) => (local ? 0 : (shownReview(s.reviews.get(key))?.findings.filter((f) => f.severity === 'error').length ?? 0)));
  const warnings = useReviews((s) => (local ? 0 : (shownReview(s.reviews.get(key))?.findings.filter((f) => f.severity === 'warning').length ?? 0)));
  return { errors, warnings };
}

/** Starts "Review content" for a skill (reads every file; past a failed SKILL.md only when inspecting). */
export function reviewContent(entry: SkillEntry, options: { inspect?: boolean } = {}): void {
  void useReviews.getState().scan(entry.serverId, entry.uri, options);
}
