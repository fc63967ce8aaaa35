// The app in browser mode at 1280×800 with only the bundled demo server, its
// catalog listed: where the Review tab's suites start, and the way they open
// a skill's Review tab (its row, then the tab, once the detail shows it).
import type { Browser, Page } from 'playwright-core';
import { openAppInBrowser, pollWithin, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

export const SERVER = '[data-server-label="Sample skills (bundled)"]';
export const row = (uri: string) => `[data-skill-uri="${uri}"]`;

export interface ReviewTabPage {
  readonly app: RunningApp;
  readonly browser: Browser;
  readonly page: Page;
  /** Clicks the skill's row, waits for its detail, then opens its Review tab. */
  openReviewTab(uri: string): Promise<void>;
  /** Closes Chromium, then stops the app. */
  close(): Promise<void>;
}

export async function reviewTabPage(): Promise<ReviewTabPage> {
  const { app, browser, page, close } = await openAppInBrowser({}, { viewport: { width: 1280, height: 800 } });
  try {
    await page.locator(row('skill://repo-audit/SKILL.md')).waitFor({ timeout: 30_000 });
    const openReviewTab = async (uri: string) => {
      await page.locator(row(uri)).click();
      await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe(uri);
      await page.locator('[data-tab="review"]').click();
    };
    return { app, browser, page, openReviewTab, close };
  } catch (error) {
    await close();
    throw error;
  }
}
