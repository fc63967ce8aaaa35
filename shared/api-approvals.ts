// The approvals part of the contract: methods, results and events of
// content-bound approvals, snapshots, history and enable state.
import { z } from 'zod';

export const APPROVAL_PARAMS = {} as const satisfies Record<string, z.ZodType>;

export interface ApprovalResults {}

export interface ApprovalEvents {}

export const APPROVAL_EVENT_NAMES: { readonly [E in keyof ApprovalEvents]: true } = {};
