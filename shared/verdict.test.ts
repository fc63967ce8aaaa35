import { describe, expect, it } from 'vitest';
import { severityCounts, verdictOf, VERDICT_LABEL, VERDICT_RANK, type Verdict } from './verdict.js';

const reviewed = (errors: number, warnings: number, complete = true) => ({ errors, warnings, complete });

describe('verdictOf', () => {
  it.each([
    ['an error-level risk finding', { status: 'verified', review: reviewed(1, 0) }, 'risky'],
    ['a failed verification, even unreviewed', { status: 'mismatch' }, 'risky'],
    ['an invalid entry', { status: 'invalid', review: reviewed(0, 0) }, 'risky'],
    ['warnings only', { status: 'verified', review: reviewed(0, 2) }, 'needs-look'],
    ['a review that could not read everything', { status: 'verified', review: reviewed(0, 0, false) }, 'needs-look'],
    ['content that cannot be verified', { status: 'unverifiable', review: reviewed(0, 0) }, 'needs-look'],
    ['reviewed whole, verified, nothing found', { status: 'verified', review: reviewed(0, 0) }, 'clean-as-checked'],
    ['not reviewed, verified', { status: 'verified' }, 'not-reviewed'],
    ['not reviewed, unread', { status: 'unread' }, 'not-reviewed'],
  ] as const)('%s → %s', (_what, input, verdict) => {
    expect(verdictOf(input)).toBe(verdict);
  });

  it('never calls a skill safe, and ranks the risky first', () => {
    expect(Object.values(VERDICT_LABEL).join(' ').toLowerCase()).not.toContain('safe');
    const order = (Object.keys(VERDICT_RANK) as Verdict[]).sort((a, b) => VERDICT_RANK[a] - VERDICT_RANK[b]);
    expect(order[0]).toBe('risky');
  });

  it('counts findings by severity', () => {
    expect(severityCounts([{ severity: 'error' }, { severity: 'warning' }, { severity: 'info' }, { severity: 'warning' }])).toEqual({ errors: 1, warnings: 2 });
  });
});
