import { describe, expect, it } from 'vitest';
import type { SkillDiff } from '../../../shared/approvals-model.js';
import { skillEntry } from '../../../shared/skill-entry-fixture.unit.js';
import type { DiffState } from './review-session.js';
import { shownVerdict } from './verdict-shown.js';

const changed = skillEntry('setup', { approval: 'changed', status: 'verified' });
const loading = (from: DiffState['from'], to: DiffState['to']): DiffState => ({ from, to, signature: 'sig', load: { state: 'loading' } });
const loaded = (from: DiffState['from'], to: DiffState['to']): DiffState => ({ from, to, signature: 'sig', load: { state: 'loaded', value: {} as SkillDiff } });

describe('the verdict a skill shows', () => {
  it('says Reviewing while the change review runs on the version served now, for an approved skill that changed', () => {
    expect(shownVerdict(changed, loading('approved', 'current'))).toBe('reviewing');
    expect(shownVerdict(changed, loading('current', 'abc'))).toBe('reviewing');
  });

  it('says Not reviewed yet when no change review runs, or one ran on other versions, or it ended', () => {
    expect(shownVerdict(changed, undefined)).toBe('not-reviewed');
    expect(shownVerdict(changed, loading('approved', 'abc'))).toBe('not-reviewed');
    expect(shownVerdict(changed, loaded('approved', 'current'))).toBe('not-reviewed');
    expect(shownVerdict(changed, { ...loaded('approved', 'current'), load: { state: 'error', message: 'gone' } })).toBe('not-reviewed');
  });

  it('keeps a verdict it already has: a failed verification stays Risky, a judged version its verdict', () => {
    expect(shownVerdict({ ...changed, verdict: 'risky', status: 'mismatch' }, loading('approved', 'current'))).toBe('risky');
    expect(shownVerdict({ ...changed, verdict: 'needs-look' }, loading('approved', 'current'))).toBe('needs-look');
    expect(shownVerdict({ ...changed, verdict: 'clean-as-checked' }, loading('approved', 'current'))).toBe('clean-as-checked');
  });

  it('says Reviewing only for a skill whose approval the change took away', () => {
    expect(shownVerdict({ ...changed, approval: 'approved' }, loading('approved', 'current'))).toBe('not-reviewed');
    expect(shownVerdict({ ...changed, approval: 'none' }, loading('approved', 'current'))).toBe('not-reviewed');
  });
});
