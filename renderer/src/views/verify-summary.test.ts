import { describe, expect, it } from 'vitest';
import type { SkillEntry, SkillStatus, VerifyJob } from '../../../shared/model.js';
import { skillEntry } from '../../../shared/skill-entry-fixture.unit.js';
import { endedJobText, jobSkillsNow } from './verify-summary.js';

const job: VerifyJob = { jobId: 'j', serverIds: ['a'], total: 3, done: 3, verified: 3, failed: 0, unverifiable: 0, state: 'done', startedAt: '2026-01-01T00:00:00.000Z' };

function skill(serverId: string, name: string, status: SkillStatus, reviewErrors?: number): SkillEntry {
  return skillEntry(name, {
    serverId,
    frontmatter: {},
    fetchedAt: job.startedAt,
    status,
    ...(reviewErrors !== undefined ? { review: { errors: reviewErrors, warnings: 0, complete: true, reviewedAt: job.startedAt } } : {}),
  });
}

describe('the status bar after Verify all: how the job’s skills stand now', () => {
  it('says what the job found while nothing changed', () => {
    const skills = [skill('a', 'x', 'verified'), skill('a', 'y', 'verified'), skill('a', 'z', 'verified'), skill('b', 'other', 'mismatch')];
    expect(endedJobText(job, jobSkillsNow(job, skills))).toBe('Verified 3 skills: 3 match the listing.');
  });

  it('no longer says they all match once a later verify finds a mismatch', () => {
    const skills = [skill('a', 'x', 'verified'), skill('a', 'y', 'mismatch'), skill('a', 'z', 'verified')];
    expect(endedJobText(job, jobSkillsNow(job, skills))).toBe('Verified 3 skills: 2 match the listing, 1 failed.');
  });

  it('tells a risky review, and skills no longer listed', () => {
    const skills = [skill('a', 'x', 'verified', 2), skill('a', 'y', 'verified', 0)];
    const now = jobSkillsNow(job, skills);
    expect(now).toMatchObject({ matched: 2, riskyByReview: 1, gone: 1 });
    expect(endedJobText(job, now)).toBe('Verified 3 skills: 2 match the listing, 1 no longer listed · 1 Risky by its review.');
  });

  it('a cancelled job: what it did, and what is still not read', () => {
    const cancelled: VerifyJob = { ...job, done: 1, state: 'cancelled' };
    const skills = [skill('a', 'x', 'verified'), skill('a', 'y', 'unread'), skill('a', 'z', 'partial')];
    expect(endedJobText(cancelled, jobSkillsNow(cancelled, skills))).toBe('Cancelled after 1 of 3 skills: 1 match the listing, 2 not fully read.');
  });
});
