// The review banner speaks the skill's verdict (shared/verdict.ts), not the
// loudest point of its summary: red and "could do harm" belong to Risky
// alone, a skill with warnings only (a script, a request for tools) gets
// amber and calm words, and Clean as checked says what was checked — an
// alarm on every capability teaches reviewers to ignore alarms.
import type { SkillEntry, SkillStatus } from '../../../shared/model.js';
import type { SkillReview, SkillSummary, SummaryTone } from '../../../shared/review-model.js';
import { isLocalOriginId } from '../../../shared/review-model.js';
import { severityCounts, verdictOf, type Verdict } from '../../../shared/verdict.js';

/** A shown review's verdict and what it was made from. */
export interface ReviewVerdict {
  readonly verdict: Verdict;
  readonly errors: number;
  readonly warnings: number;
  readonly complete: boolean;
  readonly status: SkillStatus;
  /** A local folder's skill: read from disk, no listing to match. */
  readonly local: boolean;
}

/** The verdict of the review being shown, with the skill's verification now: the same rule as the catalog row's. */
export function reviewVerdict(entry: Pick<SkillEntry, 'serverId' | 'status'>, review: Pick<SkillReview, 'findings' | 'complete'>): ReviewVerdict {
  const counts = severityCounts(review.findings);
  return {
    verdict: verdictOf({ status: entry.status, review: { ...counts, complete: review.complete } }),
    ...counts,
    complete: review.complete,
    status: entry.status,
    local: isLocalOriginId(entry.serverId),
  };
}

/** The banner's tone: red for Risky only, amber for Needs a look, green for Clean as checked. */
export function verdictTone(verdict: Verdict): SummaryTone {
  return verdict === 'risky' ? 'danger' : verdict === 'needs-look' ? 'caution' : verdict === 'clean-as-checked' ? 'ok' : 'info';
}

/** A point's tone as shown: below Risky nothing is drawn as danger. */
export function shownPointTone(tone: SummaryTone, verdict: Verdict): SummaryTone {
  return tone === 'danger' && verdict !== 'risky' ? 'caution' : tone;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function joinAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** One line that says how careful to be, in the verdict's own words. */
export function verdictHeadline(summary: SkillSummary, v: ReviewVerdict): string {
  switch (v.verdict) {
    case 'risky': {
      // The summary's own headline already says what could do harm ("Be careful: 3 things in this skill could do harm.").
      if (summary.tone === 'danger') return summary.headline;
      if (v.status === 'mismatch' || v.status === 'invalid') return 'Be careful: its files do not match what the listing says, so a host must not load it.';
      return `Be careful: the review found ${plural(v.errors, 'thing')} in this skill that could do harm.`;
    }
    case 'needs-look': {
      const reasons: string[] = [];
      if (summary.scriptCount > 0) reasons.push(`it includes ${summary.scriptCount === 1 ? 'a script' : `${summary.scriptCount} scripts`} the AI could run`);
      if (summary.requestedTools.length > 0) reasons.push('it asks to use tools without asking you each time');
      if (!v.complete) reasons.push('not every file could be checked');
      if (v.status === 'unverifiable') reasons.push('the server publishes no digests, so its files cannot be checked against the listing');
      if (reasons.length === 0) reasons.push(`${plural(v.warnings, 'thing')} in it ${v.warnings === 1 ? 'deserves' : 'deserve'} a look`);
      return `Needs a look: ${joinAnd(reasons)}. Nothing found is an error; read the points below before you approve it.`;
    }
    case 'clean-as-checked': {
      const files = plural(summary.fileCount, 'file');
      return v.local
        ? `Clean as checked: ${files} read from disk, and the review found nothing to warn about. That is what was checked, not a promise about what the skill will do.`
        : `Clean as checked: ${files} read, each matching the listing's size and digest, and the review found nothing to warn about. That is what was checked, not a promise about what the skill will do.`;
    }
    case 'not-reviewed':
      return summary.headline;
  }
}
