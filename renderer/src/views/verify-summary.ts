// What the status bar says once Verify all has ended: the state of the job's
// skills as they are NOW, not as the job left them. A later Verify that finds
// a mismatch, or a review that finds an error, changes the line at once — a
// "7 match the listing" must never outlive the mismatch that made it untrue.
import type { SkillEntry, VerifyJob } from '../../../shared/model.js';

export interface JobSkillsNow {
  /** The job's skills still listed. */
  readonly listed: number;
  readonly matched: number;
  readonly failed: number;
  readonly unverifiable: number;
  /** Read in part, or not at all (a cancelled job leaves these). */
  readonly notRead: number;
  /** Risky by their last content review (an error-level risk finding); a failed verification is counted as failed. */
  readonly riskyByReview: number;
  /** Skills the job checked that are no longer listed (their server was removed or listed them no more). */
  readonly gone: number;
}

/** The current state of the skills of the job's servers. */
export function jobSkillsNow(job: VerifyJob, skills: Iterable<SkillEntry>): JobSkillsNow {
  const servers = new Set(job.serverIds);
  let listed = 0;
  let matched = 0;
  let failed = 0;
  let unverifiable = 0;
  let notRead = 0;
  let riskyByReview = 0;
  for (const entry of skills) {
    if (!servers.has(entry.serverId)) continue;
    listed++;
    if (entry.status === 'verified') matched++;
    else if (entry.status === 'mismatch' || entry.status === 'invalid') failed++;
    else if (entry.status === 'unverifiable') unverifiable++;
    else notRead++;
    if (entry.status !== 'mismatch' && entry.status !== 'invalid' && (entry.review?.errors ?? 0) > 0) riskyByReview++;
  }
  return { listed, matched, failed, unverifiable, notRead, riskyByReview, gone: Math.max(0, job.total - listed) };
}

export function nowText(now: JobSkillsNow): string {
  const parts = [`${now.matched.toLocaleString()} match the listing`];
  if (now.failed > 0) parts.push(`${now.failed.toLocaleString()} failed`);
  if (now.unverifiable > 0) parts.push(`${now.unverifiable.toLocaleString()} unverifiable`);
  if (now.notRead > 0) parts.push(`${now.notRead.toLocaleString()} not fully read`);
  if (now.gone > 0) parts.push(`${now.gone.toLocaleString()} no longer listed`);
  const risky = now.riskyByReview > 0 ? ` · ${now.riskyByReview.toLocaleString()} Risky by ${now.riskyByReview === 1 ? 'its' : 'their'} review` : '';
  return `${parts.join(', ')}${risky}`;
}

/** The line for an ended job: what it did, then how its skills stand now. */
export function endedJobText(job: VerifyJob, now: JobSkillsNow): string {
  const head =
    job.state === 'cancelled'
      ? `Cancelled after ${job.done.toLocaleString()} of ${job.total.toLocaleString()} skills`
      : `Verified ${job.done.toLocaleString()} skill${job.done === 1 ? '' : 's'}`;
  return `${head}: ${nowText(now)}.`;
}
