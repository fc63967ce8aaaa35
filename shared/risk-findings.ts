// Content-risk finding kinds (`risk-*`): what a skill's exact bytes would make
// an agent do, or try to hide. Warnings and notes for a reviewer, not verdicts.
import type { Severity } from './model.js';

export const RISK_FINDINGS = {} as const satisfies Record<string, { readonly severity: Severity; readonly title: string }>;
