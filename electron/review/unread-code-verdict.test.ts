// A skill whose code was not all read as code is one a person must read by
// hand: its verdict is Needs a look, never Clean as checked. The notes that
// say so (risk-code-not-parsed: a configuration file past the values read, a
// code block past what is parsed) were info, which no verdict counts, so a
// skill of a SKILL.md and such a file — no script, nothing else found — was
// Clean as checked although what followed the padding had been checked by the
// text patterns only.
import { beforeAll, describe, expect, it } from 'vitest';
import { severityCounts, verdictOf } from '../../shared/verdict.js';
import { idsOf, reviewFile } from './padded-review.unit.js';
import type { ContentReview } from './risk-review.js';
import { prepareRules } from './rules/index.js';

beforeAll(async () => {
  await prepareRules();
});

const verdict = (r: ContentReview) => verdictOf({ status: 'verified', review: { ...severityCounts(r.findings), complete: r.complete } });
const values = (n: number) => Array.from({ length: n }, (_, i) => `"v${i}"`).join(',\n');

describe('a skill whose code was not all read as code', () => {
  it('a configuration file of 2,001 harmless values: noted, and Needs a look', () => {
    const r = reviewFile('config.json', `{"a": [\n${values(2001)}],\n"b": "ok"}\n`, 'See the config.');
    expect(idsOf(r)).toEqual(['risk-code-not-parsed']);
    expect(r.findings.map((f) => f.severity)).toEqual(['warning']);
    expect(verdict(r)).toBe('needs-look');
  });

  it('a configuration file of 1,999 harmless values: all read, nothing found, Clean as checked', () => {
    const r = reviewFile('config.json', `{"a": [\n${values(1999)}],\n"b": "ok"}\n`, 'See the config.');
    expect(idsOf(r)).toEqual([]);
    expect(verdict(r)).toBe('clean-as-checked');
  });
});
