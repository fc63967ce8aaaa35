// Where keyboard focus goes when the command palette closes, in the real app
// (browser mode, Chromium) at 1280×800, keyboard only. "Open <skill>" puts it
// on the opened skill's name, the heading of the detail pane, so the next Tab
// goes on to that skill's buttons and tabs (it fell to the page, and the next
// Tab started again at the header). A command that opens nothing gives focus
// back to where it was when the palette opened.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin, type AppInBrowser } from './harness.js';
import { openAppForPalette, runPaletteCommand } from './palette.js';

const poll = pollWithin(30_000);
const REPO_AUDIT = 'skill://repo-audit/SKILL.md';

describe('focus after the command palette', () => {
  let ui: AppInBrowser;
  let page: Page;
  /** The focused element: its tag and the attribute that names it here. */
  const focused = () =>
    page.evaluate(() => {
      type El = { tagName: string; getAttribute(n: string): string | null; hasAttribute(n: string): boolean; closest(s: string): El | null };
      const e = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
      if (!e) return 'none';
      const skill = e.closest('[data-detail-skill]')?.getAttribute('data-detail-skill');
      return `${e.tagName}${e.hasAttribute('data-detail-name') ? ':name' : ''}${e.getAttribute('data-action') ? `:${e.getAttribute('data-action')}` : ''}${skill ? ` in ${skill}` : ''}`;
    });

  beforeAll(async () => {
    ui = await openAppForPalette();
    page = ui.page;
    await page.locator(`[data-skill-uri="${REPO_AUDIT}"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await ui?.close();
  });

  it('Open <skill> puts focus on the opened skill’s name, and Tab goes on within that skill', async () => {
    await runPaletteCommand(page, 'open repo-audit', 'Open repo-audit');
    await page.locator(`[data-detail-skill="${REPO_AUDIT}"]`).waitFor({ timeout: 30_000 });
    await poll(focused).toBe(`H2:name in ${REPO_AUDIT}`);
    await page.keyboard.press('Tab');
    expect(await focused()).toMatch(new RegExp(` in ${REPO_AUDIT.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`));
  }, 60_000);

  it('a command that opens nothing gives focus back to the button it was on', async () => {
    await page.locator('[data-action="settings"]').focus();
    await runPaletteCommand(page, 'sort skills by', 'Sort skills by');
    await poll(focused).toBe('BUTTON:settings');
  }, 60_000);
});
