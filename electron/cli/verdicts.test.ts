import { describe, expect, it } from 'vitest';
import type { SkillEntry } from '../../shared/model.js';
import { verdictOf } from '../../shared/verdict.js';
import { verdictCounts, verdictPhrase, verdictReason, verdictSummary } from './verdicts.js';

type Skill = Pick<SkillEntry, 'verdict' | 'status' | 'review'>;
const skill = (status: SkillEntry['status'], review?: { errors: number; warnings: number; complete?: boolean }): Skill => {
  const counts = review ? { errors: review.errors, warnings: review.warnings, complete: review.complete ?? true, reviewedAt: '2026-01-01T00:00:00.000Z' } : undefined;
  return { status, ...(counts ? { review: counts } : {}), verdict: verdictOf({ status, ...(counts ? { review: counts } : {}) }) };
};

describe('the verdict summary line', () => {
  it('counts each verdict, risky first, and leaves out the ones no skill has', () => {
    const skills = [skill('verified', { errors: 1, warnings: 0 }), skill('mismatch'), skill('verified', { errors: 0, warnings: 2 }), ...Array.from({ length: 4 }, () => skill('verified', { errors: 0, warnings: 0 }))];
    expect(verdictSummary(verdictCounts(skills))).toBe('2 risky, 1 needs a look, 4 clean as checked');
  });

  it('agrees in number, and names the skills not reviewed', () => {
    expect(verdictSummary(verdictCounts([skill('verified', { errors: 0, warnings: 1 }), skill('verified', { errors: 0, warnings: 3 }), skill('unread')]))).toBe('2 need a look, 1 not reviewed yet');
    expect(verdictSummary(verdictCounts([]))).toBe('no skills');
  });
});

describe('why a skill has its verdict', () => {
  it.each([
    [skill('verified', { errors: 2, warnings: 1 }), 'Risky (2 risk errors)'],
    [skill('mismatch', { errors: 1, warnings: 0 }), 'Risky (failed verification; 1 risk error)'],
    [skill('mismatch'), 'Risky (failed verification)'],
    [skill('invalid'), 'Risky (invalid entry)'],
    [skill('verified', { errors: 0, warnings: 1 }), 'Needs a look (1 risk warning)'],
    [skill('verified', { errors: 0, warnings: 0, complete: false }), 'Needs a look (not every file was reviewed)'],
    [skill('unverifiable', { errors: 0, warnings: 0 }), 'Needs a look (its content cannot be verified)'],
    [skill('partial', { errors: 0, warnings: 0 }), 'Needs a look (not every file was verified)'],
    [skill('verified', { errors: 0, warnings: 0 }), 'Clean as checked'],
    [skill('verified'), 'Not reviewed yet'],
  ] as const)('%o → %s', (input, phrase) => {
    expect(verdictPhrase(input)).toBe(phrase);
  });

  it('never says safe', () => {
    expect(verdictReason(skill('verified', { errors: 0, warnings: 0 }))).toBe('');
    expect(verdictPhrase(skill('verified', { errors: 0, warnings: 0 })).toLowerCase()).not.toContain('safe');
  });
});
