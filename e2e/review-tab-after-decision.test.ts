// The Review tab of a skill already decided, once its review is no longer in
// memory (the page reloaded), in the real app (browser mode, Chromium) at
// 1280×800 with the demo server: the decision bar below says APPROVED, so the
// text above it must not ask the reviewer to "Review this skill before you
// approve it", as if nothing had been decided. It says the skill was approved
// (or declined) and offers to review it again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin } from './harness.js';
import { reviewTabPage, row, SERVER, type ReviewTabPage } from './review-tab-page.js';

const poll = pollWithin(30_000);

describe('the Review tab of a decided skill after a reload', () => {
  let demo: ReviewTabPage;
  let page: Page;

  const openReviewTab = async (uri: string) => {
    await page.locator(SERVER).click();
    await demo.openReviewTab(uri);
  };
  const decide = async (uri: string, action: 'approve' | 'decline') => {
    await openReviewTab(uri);
    await page.locator('[data-action="start-review"]').click();
    await page.locator('[data-review-report]').waitFor({ timeout: 30_000 });
    await page.locator(`[data-action="${action}"]`).click();
    await poll(() => page.locator(`${row(uri)} [data-approval]`).getAttribute('data-approval')).toBe(action === 'approve' ? 'approved' : 'declined');
  };

  beforeAll(async () => {
    demo = await reviewTabPage();
    ({ page } = demo);
  }, 120_000);
  afterAll(() => demo?.close());

  it('says approved or declined, not "before you approve it"', async () => {
    // Before any decision, the tab asks for a review first.
    await openReviewTab('skill://hello-world/SKILL.md');
    expect(await page.locator('[data-review-start] h3').textContent()).toBe('Review this skill before you approve it');

    await decide('skill://repo-audit/SKILL.md', 'approve');
    await decide('skill://hello-world/SKILL.md', 'decline');
    await page.reload();

    await openReviewTab('skill://repo-audit/SKILL.md');
    await page.locator('[data-review-start]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-review-start] h3').textContent()).toBe('You approved this skill');
    expect(await page.locator('[data-action="start-review"]').textContent()).toBe('Review again');

    await openReviewTab('skill://hello-world/SKILL.md');
    await page.locator('[data-review-start]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-review-start] h3').textContent()).toBe('You declined this skill');
    expect(await page.locator('[data-action="start-review"]').textContent()).toBe('Review again');
  }, 120_000);
});
