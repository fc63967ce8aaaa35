// One verdict per skill, the same wherever a person decides: the catalog, a
// server's approvals, the collisions view, the palette, the review banner and
// the command's output. It never says "safe": the best a skill can be is
// "clean as checked" — reviewed and verified, and nothing found.
import type { Severity, SkillStatus } from './model.js';

export type Verdict = 'risky' | 'needs-look' | 'clean-as-checked' | 'not-reviewed';

/** What the verdict is made from: the skill's verification and its last content review. */
export interface VerdictInput {
  readonly status: SkillStatus;
  /** The last content review's risk findings, by severity; undefined when it was never reviewed. */
  readonly review?: { readonly errors: number; readonly warnings: number; readonly complete: boolean };
}

/**
 * Risky: an error-level risk finding, or the bytes failed verification.
 * Needs a look: risk warnings, or a review that could not read everything, or
 * content that cannot be verified. Clean as checked: reviewed whole, verified,
 * nothing at warning or above. Not reviewed yet: no review (a failed
 * verification is Risky even so).
 */
export function verdictOf(input: VerdictInput): Verdict {
  const failed = input.status === 'mismatch' || input.status === 'invalid';
  if (failed || (input.review?.errors ?? 0) > 0) return 'risky';
  if (!input.review) return 'not-reviewed';
  if (input.review.warnings > 0 || !input.review.complete || input.status === 'unverifiable') return 'needs-look';
  return input.status === 'verified' ? 'clean-as-checked' : 'needs-look';
}

/** Counts of findings by severity, for verdictOf. */
export function severityCounts(findings: Iterable<{ readonly severity: Severity }>): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const f of findings) {
    if (f.severity === 'error') errors++;
    else if (f.severity === 'warning') warnings++;
  }
  return { errors, warnings };
}

/** Sort order: the verdict that needs a person first. */
export const VERDICT_RANK: Readonly<Record<Verdict, number>> = { risky: 0, 'needs-look': 1, 'not-reviewed': 2, 'clean-as-checked': 3 };

/** The words a person reads (never "safe"). */
export const VERDICT_LABEL: Readonly<Record<Verdict, string>> = {
  risky: 'Risky',
  'needs-look': 'Needs a look',
  'clean-as-checked': 'Clean as checked',
  'not-reviewed': 'Not reviewed yet',
};
