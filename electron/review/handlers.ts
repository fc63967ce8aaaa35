// Binds the review part of the contract (shared/api-review.ts).
import type { REVIEW_PARAMS } from '../../shared/api-review.js';
import type { Handlers } from '../dispatch.js';
import type { FeatureDeps } from '../feature-deps.js';

export type ReviewHandlers = Pick<Handlers, keyof typeof REVIEW_PARAMS>;

export async function createReviewHandlers(_deps: FeatureDeps): Promise<ReviewHandlers> {
  return {};
}
