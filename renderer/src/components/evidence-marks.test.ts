// Where evidence points is named by a server's words: a file's path, the
// frontmatter field or image-metadata field it sits in. The hidden text and
// the points' sentences had marks already; the places they name did not.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { HiddenText, SkillSummary as Summary, SummaryPoint } from '../../../shared/review-model.js';
import type { ReviewLinks } from '../views/review/review-links.js';
import { HiddenTextList } from './HiddenTextList.js';
import { SkillSummary } from './SkillSummary.js';
import { shownOnScreen as shown } from './static-markup.js';

// api.ts opens the browser-mode bridge when loaded; PlainPoints' module graph only imports it.
vi.mock('../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { PlainPoints } = await import('../views/review/PlainPoints.js');

const RLO = '\u202E';
const fileUri = 'skill://a/refs/a%E2%80%AEb.md';
const fileLabel = () => `refs/a${RLO}b.md`;

const point: SummaryPoint = { topic: 'asks', tone: 'caution', text: `It runs ${RLO}x`, evidence: [{ fileUri, line: 3, field: `hoo${RLO}ks` }, { fileUri, field: `na\u200Bme` }] };

describe('evidence places name a server’s words with marks', () => {
  it('hidden text: the file and the field it was found in', () => {
    const hidden: HiddenText = { kind: 'image-metadata', fileUri, field: `PNG tEXt "Com${RLO}ment"`, text: 'hi', findingId: 'f1' };
    expect(shown(createElement(HiddenTextList, { hidden: [hidden], fileLabel }))).toBe('Text inside an imagerefs/a⟦RLO⟧b.md · PNG tEXt "Com⟦RLO⟧ment"hi');
  });

  it('the summary’s points: each place (file, line, field)', () => {
    const summary = { headline: 'h', tone: 'caution', purpose: '', points: [point], fileCount: 1, scriptCount: 0, domains: [], requestedTools: [] } as unknown as Summary;
    const verdict = { verdict: 'needs-look', errors: 0, warnings: 1, complete: true, status: 'verified' } as never;
    const text = shown(createElement(SkillSummary, { summary, verdict, onEvidence: () => {}, fileLabel }));
    expect(text).toContain('It runs ⟦RLO⟧x refs/a⟦RLO⟧b.md:3 (hoo⟦RLO⟧ks) refs/a⟦RLO⟧b.md · na⟦ZWSP⟧me');
  });

  it('the review’s plain points: the sentence and each place', () => {
    const links = { fileLabel, onEvidence: () => {} } as unknown as ReviewLinks;
    expect(shown(createElement(PlainPoints, { points: [point], links }))).toBe('It runs ⟦RLO⟧x refs/a⟦RLO⟧b.md:3 (hoo⟦RLO⟧ks) refs/a⟦RLO⟧b.md (na⟦ZWSP⟧me)');
  });
});
