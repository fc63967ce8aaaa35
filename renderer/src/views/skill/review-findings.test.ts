import { describe, expect, it } from 'vitest';
import { finding } from '../../../../shared/findings.js';
import type { SkillReview } from '../../../../shared/review-model.js';
import { mergeFindings } from './review-findings.js';

const at = { serverId: 's', skillUri: 'skill://a/SKILL.md', fileUri: 'skill://a/SKILL.md', line: 8 };
const risk = finding('risk-tag-characters', 'hidden text', at);
const format = finding('sep-2640-name-naming-rules', 'name has capitals', at);

function review(extra: Partial<SkillReview> = {}): SkillReview {
  return {
    serverId: 's',
    skillUri: 'skill://a/SKILL.md',
    name: 'a',
    qualifiedName: 'S › a',
    originKind: 'server',
    reviewedAt: '2026-01-01T00:00:00.000Z',
    complete: true,
    files: [],
    findings: [risk],
    formatFindings: [format],
    hidden: [],
    summary: { headline: '', tone: 'ok', purpose: '', points: [], fileCount: 0, scriptCount: 0, domains: [], requestedTools: [] },
    ...extra,
  };
}

describe('Checks: served findings joined by the review', () => {
  it('waits for the served findings, and shows them alone before any review', () => {
    expect(mergeFindings(undefined, review(), false)).toBeUndefined();
    const served = [format];
    expect(mergeFindings(served, null, false)).toBe(served);
  });

  it('adds the review’s risk findings to a served skill’s, not its format findings twice', () => {
    expect(mergeFindings([format], review(), false)).toEqual([format, risk]);
  });

  it('takes a local skill’s format findings from its review (there is no server to ask)', () => {
    expect(mergeFindings([], review({ originKind: 'local' }), true)).toEqual([format, risk]);
  });
});
