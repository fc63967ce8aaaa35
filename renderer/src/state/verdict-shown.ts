// The verdict a skill shows, where a verdict shows. An approved skill that
// changed has no review of the bytes it serves now (the approved version's
// review describes other bytes), so its verdict is "Not reviewed yet" until
// the change review — the content-risk rules the Changes tab runs on the
// version served now — has judged it. While that review runs, "Not reviewed
// yet" is untrue for the reviewer: the skill is being reviewed. It shows
// "Reviewing…" then, and its new verdict once the review ends. Only what the
// window itself is waiting for counts: nothing here is guessed.
import type { VersionRef } from '../../../shared/approvals-model.js';
import type { SkillEntry } from '../../../shared/model.js';
import type { Verdict } from '../../../shared/verdict.js';
import { skillKey } from './keys.js';

/**
 * What is read of a Changes tab's diff (review-session.ts's DiffState), said here rather than imported: the
 * catalog's list code (catalog-list.ts) uses this file and must not bring the store and its API into Node.
 */
interface DiffState {
  readonly from: VersionRef;
  readonly to: VersionRef;
  readonly load: { readonly state: 'loading' } | { readonly state: 'loaded'; readonly value: unknown } | { readonly state: 'error'; readonly message: string };
}

/** A verdict, or 'reviewing': a change review of the version served now is under way. Never counted as any verdict. */
export type ShownVerdict = Verdict | 'reviewing';

/** The Changes tab is comparing a version with the one served now, so the rules are judging what the server serves. */
export function changeReviewRunning(diff: DiffState | undefined): boolean {
  return diff?.load.state === 'loading' && (diff.from === 'current' || diff.to === 'current');
}

/**
 * What the skill's verdict badge says. Only "Not reviewed yet" gives way to
 * "Reviewing…": a verdict already reached (a failed verification is Risky, a
 * version the rules judged keeps what they found) stays as it is.
 */
export function shownVerdict(entry: SkillEntry, diff: DiffState | undefined): ShownVerdict {
  if (entry.verdict === 'not-reviewed' && entry.approval === 'changed' && changeReviewRunning(diff)) return 'reviewing';
  return entry.verdict;
}

/** The skills (by skillKey) whose Changes tab is comparing a version with the one served now. */
export function changeReviewsRunning(diffs: ReadonlyMap<string, DiffState>): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const [key, diff] of diffs) if (changeReviewRunning(diff)) keys.add(key);
  return keys;
}

/**
 * shownVerdict for a list of thousands (the catalog's verdict filter and its counts): `running` is
 * changeReviewsRunning's, and a key is built only for an approved skill that changed and is not reviewed.
 */
export function shownVerdictAmong(entry: SkillEntry, running: ReadonlySet<string>): ShownVerdict {
  if (running.size === 0 || entry.verdict !== 'not-reviewed' || entry.approval !== 'changed') return entry.verdict;
  return running.has(skillKey(entry.serverId, entry.uri)) ? 'reviewing' : entry.verdict;
}
