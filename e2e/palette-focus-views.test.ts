// Where keyboard focus goes after a palette command that changes the view, in
// the real app (browser mode, Chromium) at 1280×800, keyboard only. "Go to
// <server>" puts it on that server's place in the sidebar, "Show skills of all
// servers" on All skills, and "Show <tab>" on the tab it showed: the keyboard
// user is where the change is, and Tab or the arrow keys go on from there.
// They gave focus back to where it was when the palette opened (here the
// Settings button in the header), far from what changed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin, type AppInBrowser } from './harness.js';
import { openAppForPalette, runPaletteCommand } from './palette.js';

const poll = pollWithin(30_000);
const DEMO = 'Sample skills (bundled)';
const REPO_AUDIT = 'skill://repo-audit/SKILL.md';

describe('focus after a palette command that changes the view', () => {
  let ui: AppInBrowser;
  let page: Page;
  /** The focused element: its tag and what names it here (a sidebar row by its label, a tab by its value and whether it is selected). */
  const focused = () =>
    page.evaluate(() => {
      type El = { tagName: string; getAttribute(n: string): string | null; closest(s: string): El | null };
      const e = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
      if (!e) return 'none';
      const row = e.getAttribute('role') === 'button' ? e.closest('[role="listitem"]') : null;
      if (row && row.getAttribute('data-all-servers') !== null) return `row:All skills${e.getAttribute('aria-current') === 'true' ? ' (current)' : ''}`;
      if (row?.getAttribute('data-server-label')) return `row:${row.getAttribute('data-server-label')}${e.getAttribute('aria-current') === 'true' ? ' (current)' : ''}`;
      const tab = e.getAttribute('data-tab');
      if (tab) return `tab:${tab}${e.getAttribute('aria-selected') === 'true' ? ' (selected)' : ''}${e.closest(`[data-detail-skill]`) ? ` in ${e.closest('[data-detail-skill]')!.getAttribute('data-detail-skill')}` : ''}`;
      return `${e.tagName}${e.getAttribute('data-action') ? `:${e.getAttribute('data-action')}` : ''}`;
    });

  /** From the Settings button: Ctrl+K, the words typed, Enter on the first entry that has `label`. */
  async function run(words: string, label: string): Promise<void> {
    await page.locator('[data-action="settings"]').focus();
    await runPaletteCommand(page, words, label);
  }

  beforeAll(async () => {
    ui = await openAppForPalette();
    page = ui.page;
    await page.locator(`[data-skill-uri="${REPO_AUDIT}"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await ui?.close();
  });

  it('Go to <server> puts focus on that server in the sidebar, and Tab goes on to its actions', async () => {
    await run('go to sample', `Go to ${DEMO}`);
    await poll(focused).toBe(`row:${DEMO} (current)`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('aria-label'))).toBe(`Actions for ${DEMO}`);
  }, 60_000);

  it('Show skills of all servers puts focus on All skills in the sidebar', async () => {
    await run('show skills of all servers', 'Show skills of all servers');
    await poll(focused).toBe('row:All skills (current)');
  }, 60_000);

  it('Show <tab> puts focus on that tab of the open skill, and the arrow keys go on along its tabs', async () => {
    await run('open repo-audit', 'Open repo-audit');
    await page.locator(`[data-detail-skill="${REPO_AUDIT}"]`).waitFor({ timeout: 30_000 });
    await run('show changes', 'Show Changes');
    await poll(focused).toBe(`tab:changes (selected) in ${REPO_AUDIT}`);
    await page.keyboard.press('ArrowRight');
    await poll(focused).toBe(`tab:provenance (selected) in ${REPO_AUDIT}`);
  }, 60_000);
});
