// The review part of the contract: content-risk findings, plain-language
// summaries, local skill folders and name collisions across origins.
import { z } from 'zod';

export const REVIEW_PARAMS = {} as const satisfies Record<string, z.ZodType>;

export interface ReviewResults {}

export interface ReviewEvents {}

export const REVIEW_EVENT_NAMES: { readonly [E in keyof ReviewEvents]: true } = {};
