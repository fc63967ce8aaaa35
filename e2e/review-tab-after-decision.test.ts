// The Review tab of a skill already decided, once its review is no longer in
// memory (the page reloaded), in the real app (browser mode, Chromium) at
// 1280×800 with the demo server: the decision bar below says APPROVED, so the
// text above it must not ask the reviewer to "Review this skill before you
// approve it", as if nothing had been decided. It says the skill was approved
// (or declined) and offers to review it again.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);
const SERVER = '[data-server-label="Sample skills (bundled)"]';
const row = (uri: string) => `[data-skill-uri="${uri}"]`;

describe('the Review tab of a decided skill after a reload', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  const openReviewTab = async (uri: string) => {
    await page.locator(SERVER).click();
    await page.locator(row(uri)).click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe(uri);
    await page.locator('[data-tab="review"]').click();
  };
  const decide = async (uri: string, action: 'approve' | 'decline') => {
    await openReviewTab(uri);
    await page.locator('[data-action="start-review"]').click();
    await page.locator('[data-review-report]').waitFor({ timeout: 30_000 });
    await page.locator(`[data-action="${action}"]`).click();
    await poll(() => page.locator(`${row(uri)} [data-approval]`).getAttribute('data-approval')).toBe(action === 'approve' ? 'approved' : 'declined');
  };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator(row('skill://repo-audit/SKILL.md')).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

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
