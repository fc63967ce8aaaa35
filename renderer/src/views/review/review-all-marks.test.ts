// Review all's card names skills a server listed: the one at work now (its
// name, and its URI in the tooltip) and those it could not review, with why
// (an error that may quote the server). An invisible, bidi or control
// character in them is drawn as a mark, or written with its marker where
// only a string can go (the tooltips).
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewJob } from '../../../../shared/review-job.js';
import { RAW_HIDDEN, namesIn, shownTextOf, staticMarkup } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; this view only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { JobCard, StartError } = await import('./ReviewAllButton.js');

const RLO = '\u202E';

function rendered(element: Parameters<typeof staticMarkup>[0]): { text: string; names: string[] } {
  const html = staticMarkup(element);
  const text = shownTextOf(html);
  const names = namesIn(html);
  expect(text).not.toMatch(RAW_HIDDEN);
  expect(names.join('')).not.toMatch(RAW_HIDDEN);
  return { text, names };
}

const job: ReviewJob = {
  jobId: 'j1',
  serverIds: ['s1', 's2'],
  state: 'running',
  total: 3,
  done: 1,
  risky: 0,
  needsLook: 0,
  clean: 1,
  notReviewed: 1,
  current: { serverId: 's1', skillUri: `skill://invoice${RLO}fdp.exe/SKILL.md`, name: `invoice${RLO}fdp.exe` },
  problems: [{ serverId: 's1', skillUri: 'skill://b/SKILL.md', name: `b${RLO}x`, message: `the server said ${RLO}no` }],
} as unknown as ReviewJob;

describe('Review all’s card draws skill names and problems with marks', () => {
  it('the skill at work (name as marks, URI in the tooltip with the marker) and the skills not reviewed (text and tooltip)', () => {
    const { text, names } = rendered(createElement(JobCard, { job }));
    expect(text).toContain('Now: invoice⟦RLO⟧fdp.exe');
    expect(text).toContain('Not reviewed: b⟦RLO⟧x (the server said ⟦RLO⟧no)');
    expect(names).toContain('skill://invoice⟦RLO⟧fdp.exe/SKILL.md');
    expect(names).toContain('b⟦RLO⟧x: the server said ⟦RLO⟧no');
  });

  it('why it could not start', () => {
    expect(rendered(createElement(StartError, { message: `no server: ${RLO}x` })).text).toBe('Review all could not start: no server: ⟦RLO⟧x');
  });
});
