import { describe, expect, it } from 'vitest';
import type { SkillEntry, SkillStatus } from '../../../../shared/model.js';
import type { ReviewJob } from '../../../../shared/review-job.js';
import { skillEntry } from '../../../../shared/skill-entry-fixture.unit.js';
import type { Verdict } from '../../../../shared/verdict.js';
import { reviewJobTally, tallyText } from './review-job-now.js';

const job: ReviewJob = { jobId: 'j', serverIds: ['a'], total: 3, done: 3, risky: 0, needsLook: 1, clean: 2, notReviewed: 0, state: 'done', startedAt: '2026-01-01T00:00:00.000Z', problems: [] };

const skill = (serverId: string, name: string, status: SkillStatus, verdict: Verdict): SkillEntry => skillEntry(name, { serverId, frontmatter: {}, fetchedAt: job.startedAt, status, verdict });

describe('Review all’s card: the verdicts as they stand', () => {
  it('while the job runs, counts the verdicts that landed', () => {
    const running = { ...job, state: 'running' as const, done: 2, needsLook: 0 };
    expect(reviewJobTally(running, [skill('a', 'x', 'mismatch', 'risky')])).toEqual({ risky: 0, needsLook: 0, clean: 2, notReviewedYet: 0, gone: 0, couldNotReview: 0 });
  });

  it('once ended, counts the job’s servers’ skills as they are now: a later mismatch is Risky, not clean', () => {
    const skills = [skill('a', 'x', 'mismatch', 'risky'), skill('a', 'y', 'verified', 'clean-as-checked'), skill('a', 'z', 'verified', 'needs-look'), skill('b', 'other', 'verified', 'clean-as-checked')];
    const tally = reviewJobTally(job, skills);
    expect(tally).toEqual({ risky: 1, needsLook: 1, clean: 1, notReviewedYet: 0, gone: 0, couldNotReview: 0 });
    expect(tallyText(tally)).toBe('1 risky, 1 needs a look, 1 clean as checked');
  });

  it('a review dropped since (other bytes listed) is not reviewed yet; a skill of a removed server is no longer listed', () => {
    const tally = reviewJobTally({ ...job, notReviewed: 1 }, [skill('a', 'x', 'unread', 'not-reviewed')]);
    expect(tally).toEqual({ risky: 0, needsLook: 0, clean: 0, notReviewedYet: 1, gone: 2, couldNotReview: 1 });
    expect(tallyText(tally)).toBe('1 not reviewed yet, 2 no longer listed, 1 could not be reviewed');
  });
});
