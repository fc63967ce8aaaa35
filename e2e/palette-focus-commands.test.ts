// Where keyboard focus goes after the palette's commands that other views
// build (a server's screens, name collisions, a local folder, a skill's
// review, Review all, a server's copy), in the real app (browser mode,
// Chromium) at 1280×800, keyboard only, each run from the Settings button.
// A command that shows a place puts focus there; one that opens a dialog
// leaves it in the dialog; one that changes nothing on screen gives it back
// to the Settings button. The commands that show a place gave it back too,
// far from what changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin, type AppInBrowser } from './harness.js';
import { PALETTE_SEARCH, openAppForPalette, openPaletteAt } from './palette.js';

const poll = pollWithin(30_000);
const DEMO = 'Sample skills (bundled)';
const REPO_AUDIT = 'skill://repo-audit/SKILL.md';
const FOLDER = '~/.claude/skills';

describe('focus after the palette commands other views build', () => {
  let ui: AppInBrowser;
  let page: Page;
  let home: string;

  /**
   * The focused element, named by what it is here: a sidebar row by its label, a tab by its value (and
   * whose: a server screen's or a skill's), a heading by its words, Review all's card, anything inside
   * a dialog by the dialog's title, else its tag and data-action.
   */
  const focused = () =>
    page.evaluate(() => {
      type El = { tagName: string; textContent: string | null; getAttribute(n: string): string | null; closest(s: string): El | null; querySelector(s: string): El | null };
      const e = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
      if (!e) return 'none';
      const dialog = e.closest('[role="dialog"]');
      if (dialog) return `in dialog:${dialog.querySelector('.mantine-Modal-title')?.textContent ?? ''}`;
      const row = e.getAttribute('role') === 'button' ? e.closest('[role="listitem"]') : null;
      const current = e.getAttribute('aria-current') === 'true' ? ' (current)' : '';
      if (row?.getAttribute('data-server-label')) return `row:${row.getAttribute('data-server-label')}${current}`;
      if (row?.getAttribute('data-local-label')) return `row:${row.getAttribute('data-local-label')}${current}`;
      const tab = e.getAttribute('data-tab');
      if (tab) {
        const of = e.closest('[data-server-screen]')?.getAttribute('data-server-screen') ?? e.closest('[data-detail-skill]')?.getAttribute('data-detail-skill');
        return `tab:${tab}${e.getAttribute('aria-selected') === 'true' ? ' (selected)' : ''} in ${of ?? '?'}`;
      }
      if (/^H\d$/.test(e.tagName)) return `${e.tagName}:${e.textContent ?? ''}`;
      if (e.getAttribute('data-review-all-dock') !== null) return `card:${e.getAttribute('aria-label') ?? ''}`;
      return `${e.tagName}${e.getAttribute('data-action') ? `:${e.getAttribute('data-action')}` : ''}`;
    });

  /** From the Settings button: Ctrl+K, the words typed, and Enter once `label` is the first entry offered (the one Enter runs). */
  async function run(words: string, label: string): Promise<void> {
    await page.locator('[data-action="settings"]').focus();
    await openPaletteAt(page, words, label);
    expect(await page.locator('.mantine-Spotlight-action .mantine-Spotlight-actionLabel').first().textContent()).toBe(label);
    await page.keyboard.press('Enter');
    await poll(() => page.getByPlaceholder(PALETTE_SEARCH).isVisible()).toBe(false);
  }

  beforeAll(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-palette-commands-'));
    const tidy = path.join(home, '.claude', 'skills', 'tidy');
    mkdirSync(tidy, { recursive: true });
    writeFileSync(path.join(tidy, 'SKILL.md'), '---\nname: tidy\ndescription: Tidies the notes folder.\n---\n\nSort the notes by date.\n');
    ui = await openAppForPalette({ env: { HOME: home } });
    page = ui.page;
    await page.locator(`[data-skill-uri="${REPO_AUDIT}"]`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-local-label="${FOLDER}"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await ui?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('a server’s overview, protocol log, watch and approvals put focus on that tab of its screen', async () => {
    await run('sample skills bundled overview', `${DEMO}: overview`);
    await poll(focused).toBe(`tab:server-overview (selected) in ${DEMO}`);
    await run('sample skills bundled protocol log', `${DEMO}: protocol log`);
    await poll(focused).toBe(`tab:protocol-log (selected) in ${DEMO}`);
    await run('sample skills bundled watch', `${DEMO}: watch (restart on every edit)`);
    await poll(focused).toBe(`tab:server-watch (selected) in ${DEMO}`);
    await run('sample skills bundled approvals and enabled', `${DEMO}: approvals and enabled skills`);
    await poll(focused).toBe(`tab:server-approvals (selected) in ${DEMO}`);
  }, 90_000);

  it('Show name collisions puts focus on the view’s heading', async () => {
    await run('show name collisions', 'Show name collisions');
    await poll(focused).toBe('H2:Name collisions');
  }, 60_000);

  it('Go to a local folder puts focus on its place in the sidebar', async () => {
    await run(`go to ${FOLDER}`, `Go to ${FOLDER}`);
    await poll(focused).toBe(`row:${FOLDER} (current)`);
  }, 60_000);

  it('a skill’s Start a review and Review the content put focus on the tab that shows it', async () => {
    await run('open repo-audit', 'Open repo-audit');
    await page.locator(`[data-detail-skill="${REPO_AUDIT}"]`).waitFor({ timeout: 30_000 });
    await run('start a review of repo-audit', 'Start a review of repo-audit');
    await poll(focused).toBe(`tab:review (selected) in ${REPO_AUDIT}`);
    await run('review the content of repo-audit', 'Review the content of repo-audit');
    await poll(focused).toBe(`tab:overview (selected) in ${REPO_AUDIT}`);
  }, 90_000);

  it('a command that opens a dialog leaves focus in it; one that changes nothing on screen gives it back', async () => {
    await run('sample bundled edit…', `${DEMO}: edit…`);
    await poll(focused).toBe(`in dialog:Edit “${DEMO}”`);
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached', timeout: 30_000 });
    await run('sample skills bundled list skills again', `${DEMO}: list skills again`);
    await poll(focused).toBe('BUTTON:settings');
  }, 60_000);

  it('Review all skills puts focus on its card once the job has started', async () => {
    await run('review all skills', 'Review all skills');
    await poll(focused).toBe('card:Review all');
  }, 60_000);

  it('a server duplicated puts focus on the copy’s place in the sidebar', async () => {
    await run('sample skills bundled duplicate', `${DEMO}: duplicate`);
    await poll(focused).toBe(`row:${DEMO} copy (current)`);
  }, 60_000);
});
