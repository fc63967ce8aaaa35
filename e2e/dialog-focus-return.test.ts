// Closing a dialog from the keyboard, in the real app (browser mode,
// Chromium) at 1280×800 in the dark theme: focus goes back to the button that
// opened it, as it does for the command palette. Each dialog is mounted open
// and unmounted on close, so Mantine's own return of focus never ran and
// focus fell to the page itself: the next Tab started again from the header.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

describe('focus after a dialog closes', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const focused = () => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-action') ?? null);

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    await page.goto(app.pageUrl);
    await page.locator('[data-server-label="Sample skills (bundled)"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const [action, dialog] of [
    ['settings', 'Settings'],
    ['header-add-server', 'Add server'],
    ['header-gateway', 'Gateway'],
  ] as const) {
    it(`${dialog}: Escape gives focus back to the button that opened it`, async () => {
      await page.locator(`[data-action="${action}"]`).focus();
      await page.keyboard.press('Enter');
      await page.locator('.mantine-Modal-content').waitFor({ timeout: 30_000 });
      await poll(focused).not.toBe(action);
      await page.keyboard.press('Escape');
      await poll(() => page.locator('.mantine-Modal-content').count()).toBe(0);
      await poll(focused).toBe(action);
      // And the keyboard goes on from there: back a step and forward again is the same button, not the page's first.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await focused()).toBe(action);
    }, 60_000);
  }
});
