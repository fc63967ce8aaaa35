// The Review tab of a skill Review all has already reviewed, in the real app
// (browser mode, Chromium) at 1280×800 with the demo server: before the
// approval review starts, the tab says what the earlier review found — the
// same verdict, with its counts, as the catalog row ("Needs a look · 2
// warnings") — so the reviewer does not start over blind. A skill never
// reviewed says nothing of an earlier review.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin } from './harness.js';
import { reviewTabPage, row, SERVER, type ReviewTabPage } from './review-tab-page.js';

const poll = pollWithin(30_000);

describe('the Review tab after Review all', () => {
  let demo: ReviewTabPage;
  let page: Page;

  const openReviewTab = async (uri: string) => {
    await demo.openReviewTab(uri);
    await page.locator('[data-review-start]').waitFor({ timeout: 30_000 });
  };

  beforeAll(async () => {
    demo = await reviewTabPage();
    ({ page } = demo);
  }, 120_000);
  afterAll(() => demo?.close());

  it('shows the verdict Review all reached, as the row does', async () => {
    await page.locator(SERVER).click();
    const uri = 'skill://repo-audit/SKILL.md';
    await openReviewTab(uri);
    // Never reviewed: nothing to recall.
    expect(await page.locator('[data-review-start] [data-earlier-review]').count()).toBe(0);

    await page.locator('[data-action="review-all"]').click();
    await poll(() => page.locator('[data-review-job]').getAttribute('data-review-job')).toBe('done');
    const rowBadge = page.locator(`${row(uri)} [data-verdict]`);
    await poll(() => rowBadge.getAttribute('data-verdict')).not.toBe('not-reviewed');
    const verdict = await rowBadge.getAttribute('data-verdict');
    const words = await rowBadge.textContent();
    expect({ verdict, words }).toEqual({ verdict: 'needs-look', words: expect.stringMatching(/^Needs a look · \d+ warnings?$/) });

    await openReviewTab(uri);
    const earlier = page.locator('[data-review-start] [data-earlier-review]');
    await earlier.waitFor({ timeout: 30_000 });
    expect(await earlier.locator('[data-verdict]').getAttribute('data-verdict')).toBe(verdict);
    expect(await earlier.locator('[data-verdict]').textContent()).toBe(words);
    expect(await earlier.textContent()).toContain('Its content review of ');
    // Still a review to start: the approval is bound to the files this one reads.
    expect(await page.locator('[data-review-start] h3').textContent()).toBe('Review this skill before you approve it');
  }, 120_000);
});
