// A toast, in the real app (browser mode, Chromium) at 1280×800, in the light
// and the dark theme: its message (drawn beside a title) reads at WCAG AA —
// Mantine draws it in gray.6 / dark.2, 3.3:1 and 3.5:1 on the toast — and its
// close button, an icon, has a name a screen reader says. axe-core finds
// nothing on the page while the toast is up, and the keyboard closes it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe.js';
import { launchBrowser, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);
const SAMPLE = 'Sample skills (bundled)';

describe('a toast in either theme', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: is readable, named and closed from the keyboard`, async () => {
      // A context of its own: axe opens a blank page in it to combine the frames' results.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: theme });
      const page: Page = await context.newPage();
      await page.goto(app.pageUrl);
      await page.locator(`[data-server-label="${SAMPLE}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
      await poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(theme);

      // Keyboard only: the server, its actions menu, Duplicate.
      await page.locator(`[data-server-label="${SAMPLE}"]`).first().focus();
      await page.keyboard.press('Enter');
      const menu = page.locator(`[data-server-label="${SAMPLE}"] [data-server-menu]`).first();
      await menu.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Duplicate' }).focus();
      await page.keyboard.press('Enter');

      const toast = page.locator('.mantine-Notification-root', { hasText: 'Server duplicated' });
      await toast.waitFor({ timeout: 30_000 });
      // The pointer on the toast holds it open (it closes itself after a few seconds) while axe reads the page.
      await toast.hover();
      const close = toast.locator('button[aria-label="Dismiss"]');
      expect(await close.count()).toBe(1);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      expect(await toast.count()).toBe(1);
      await close.focus();
      await page.keyboard.press('Enter');
      await poll(() => toast.count()).toBe(0);
      await context.close();
    }, 120_000);
  }
});
