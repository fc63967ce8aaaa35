// What an ended Review all's card counts: the verdicts of the job's servers'
// skills as they are NOW, not as the job left them. A skill the job found
// clean as checked that fails verification afterwards is Risky on its row, so
// the card must not go on saying "Clean as checked: 2"; a skill whose review
// was dropped (the server lists other bytes) is not reviewed yet again; the
// skills of a server removed since are no longer listed.
import type { SkillEntry } from '../../../../shared/model.js';
import type { ReviewJob } from '../../../../shared/review-job.js';

export interface VerdictTally {
  readonly risky: number;
  readonly needsLook: number;
  readonly clean: number;
  /** Skills of the job's servers with no review now (only counted once the job ended). */
  readonly notReviewedYet: number;
  /** Skills the job set out to review that are no longer listed (only counted once the job ended). */
  readonly gone: number;
  /** Skills the job could not review (a read or the rules failed, gone from the listing): a fact of the job. */
  readonly couldNotReview: number;
}

/** While the job runs: the verdicts that landed. Once it ended: how the skills of its servers stand now. */
export function reviewJobTally(job: ReviewJob, skills: Iterable<SkillEntry>): VerdictTally {
  const couldNotReview = job.notReviewed;
  if (job.state === 'running') return { risky: job.risky, needsLook: job.needsLook, clean: job.clean, notReviewedYet: 0, gone: 0, couldNotReview };
  const servers = new Set(job.serverIds);
  let listed = 0;
  let risky = 0;
  let needsLook = 0;
  let clean = 0;
  let notReviewedYet = 0;
  for (const entry of skills) {
    if (!servers.has(entry.serverId)) continue;
    listed++;
    if (entry.verdict === 'risky') risky++;
    else if (entry.verdict === 'needs-look') needsLook++;
    else if (entry.verdict === 'clean-as-checked') clean++;
    else notReviewedYet++;
  }
  return { risky, needsLook, clean, notReviewedYet, gone: Math.max(0, job.total - listed), couldNotReview };
}

/** The tally in words (never "safe"), for a screen reader. */
export function tallyText(tally: VerdictTally): string {
  const parts: string[] = [];
  if (tally.risky > 0) parts.push(`${tally.risky.toLocaleString()} risky`);
  if (tally.needsLook > 0) parts.push(`${tally.needsLook.toLocaleString()} need${tally.needsLook === 1 ? 's' : ''} a look`);
  if (tally.clean > 0) parts.push(`${tally.clean.toLocaleString()} clean as checked`);
  if (tally.notReviewedYet > 0) parts.push(`${tally.notReviewedYet.toLocaleString()} not reviewed yet`);
  if (tally.gone > 0) parts.push(`${tally.gone.toLocaleString()} no longer listed`);
  if (tally.couldNotReview > 0) parts.push(`${tally.couldNotReview.toLocaleString()} could not be reviewed`);
  return parts.length > 0 ? parts.join(', ') : 'nothing reviewed yet';
}
