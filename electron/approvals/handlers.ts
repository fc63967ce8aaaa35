// Binds the approvals part of the contract (shared/api-approvals.ts).
import type { APPROVAL_PARAMS } from '../../shared/api-approvals.js';
import type { Handlers } from '../dispatch.js';
import type { FeatureDeps } from '../feature-deps.js';

export type ApprovalHandlers = Pick<Handlers, keyof typeof APPROVAL_PARAMS>;

export async function createApprovalHandlers(_deps: FeatureDeps): Promise<ApprovalHandlers> {
  return {};
}
