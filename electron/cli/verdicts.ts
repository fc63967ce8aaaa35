// What `check` says about each skill's verdict (shared/verdict.ts: the same
// four words as the app) in every output format: the counts, the summary
// line, and why a skill got the verdict it got.
import type { SkillEntry } from '../../shared/model.js';
import { VERDICT_LABEL, VERDICT_RANK, type Verdict } from '../../shared/verdict.js';

export type VerdictCounts = Record<Verdict, number>;

/** The verdicts in the order a person should look at them: risky first. */
export const VERDICT_ORDER: readonly Verdict[] = (Object.keys(VERDICT_RANK) as Verdict[]).sort((a, b) => VERDICT_RANK[a] - VERDICT_RANK[b]);

export function verdictCounts(skills: readonly Pick<SkillEntry, 'verdict'>[]): VerdictCounts {
  const counts: VerdictCounts = { risky: 0, 'needs-look': 0, 'not-reviewed': 0, 'clean-as-checked': 0 };
  for (const skill of skills) counts[skill.verdict]++;
  return counts;
}

/** "2 risky, 1 needs a look, 4 clean as checked" (verdicts no skill has are left out). */
export function verdictSummary(counts: VerdictCounts): string {
  const parts = VERDICT_ORDER.filter((v) => counts[v] > 0).map((v) => `${counts[v]} ${countWords(v, counts[v])}`);
  return parts.length > 0 ? parts.join(', ') : 'no skills';
}

function countWords(verdict: Verdict, n: number): string {
  if (verdict === 'needs-look') return n === 1 ? 'needs a look' : 'need a look';
  return VERDICT_LABEL[verdict].toLowerCase();
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Why the skill has its verdict, in a few words ("1 risk error", "failed verification"); empty when the word says it all. */
export function verdictReason(skill: Pick<SkillEntry, 'verdict' | 'status' | 'review'>): string {
  const { review, status } = skill;
  const reasons: string[] = [];
  if (status === 'mismatch') reasons.push('failed verification');
  if (status === 'invalid') reasons.push('invalid entry');
  if (review && review.errors > 0) reasons.push(plural(review.errors, 'risk error'));
  if (skill.verdict === 'risky') return reasons.join('; ');
  if (skill.verdict !== 'needs-look') return '';
  if (review && review.warnings > 0) reasons.push(plural(review.warnings, 'risk warning'));
  if (review && !review.complete) reasons.push('not every file was reviewed');
  if (status === 'unverifiable') reasons.push('its content cannot be verified');
  else if (status !== 'verified') reasons.push('not every file was verified');
  return reasons.join('; ');
}

/** The verdict and its reason as one phrase: "Risky (1 risk error)", "Clean as checked". */
export function verdictPhrase(skill: Pick<SkillEntry, 'verdict' | 'status' | 'review'>): string {
  const reason = verdictReason(skill);
  return `${VERDICT_LABEL[skill.verdict]}${reason ? ` (${reason})` : ''}`;
}
