// The function that reviews one packed review (packed-review.ts). The review
// worker (review-worker.ts) runs it; so does the in-process reviewer
// (review-pool.ts) — the same function, so the same findings.
import { prepareRules } from './rules/index.js';
import { reviewContent, withoutPrepared, type ContentReviewResult } from './risk-review.js';
import { unpackReview, type ReviewTask } from './packed-review.js';

export { packReview, type ReviewTask } from './packed-review.js';

let rules: Promise<void> | undefined;

/** Loads the rules' parsers once per thread; a failed load is tried again by the next review. */
function rulesReady(): Promise<void> {
  rules ??= prepareRules().catch((error: unknown) => {
    rules = undefined;
    throw new Error(`the risk rules could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  });
  return rules;
}

/** Reviews one packed task: the one function both the worker and the in-process reviewer run. */
export async function runReviewTask(task: ReviewTask): Promise<ContentReviewResult> {
  await rulesReady();
  if (task.rulesStarted) Atomics.store(new Int32Array(task.rulesStarted.cell), 0, Math.max(0, Date.now() - task.rulesStarted.sentAt) + 1);
  return withoutPrepared(reviewContent(unpackReview(task), task.unread));
}
