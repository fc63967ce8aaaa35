// "Compare a lockfile with the servers…" from the palette with no server in
// the list, in the real app (browser mode, Chromium) at 1280×800, keyboard
// only: the comparison shows in a window of its own, focus on its summary,
// each locked skill saying no server with its label is in the list; Close
// closes it and focus goes back where it was. It went to no Approvals tab (there
// was none), and nothing showed at all.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin, type AppInBrowser } from './harness.js';
import { PALETTE_SEARCH, openAppForPalette, openPaletteAt } from './palette.js';

const poll = pollWithin(30_000);
const NOTES = 'skill://notes/SKILL.md';
const WINDOW = '[data-dialog="lock-comparison"]';

describe('a lockfile compared from the palette with no server in the list', () => {
  let ui: AppInBrowser;
  let page: Page;
  let dir: string;
  /** Told of the next file picker. Listened for from the start: waitForEvent turns the interception of pickers on only as it is called, and Enter could open the picker before that. */
  let chosen: ((chooser: FileChooser) => void) | undefined;

  /** The focused element: the lockfile result by its file and where it is, else its tag and action. */
  const focused = () =>
    page.evaluate(() => {
      type El = { tagName: string; getAttribute(n: string): string | null; closest(s: string): El | null };
      const e = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
      if (!e) return 'none';
      const result = e.closest('[data-lock-import]');
      if (result && e.getAttribute('data-lock-result') !== null) return `lockfile result:${result.getAttribute('data-lock-import') ?? ''}${e.closest('[data-dialog="lock-comparison"]') ? ' in its window' : ''}`;
      return `${e.tagName}${e.getAttribute('data-action') ? `:${e.getAttribute('data-action')}` : ''}`;
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-palette-no-servers-'));
    ui = await openAppForPalette({ args: ['--no-demo'] });
    page = ui.page;
    page.on('filechooser', (chooser) => chosen?.(chooser));
    await page.locator('[data-action="settings"]').waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await ui?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the comparison in a window of its own, focus on it; its Close gives focus back', async () => {
    expect(await page.locator('[data-server-label]').count()).toBe(0);
    const lock = path.join(dir, 'team.lock.json');
    writeFileSync(lock, JSON.stringify({ lockfileVersion: 1, servers: { 'Team skills': { skills: { [NOTES]: { name: 'notes', resources: [{ uri: NOTES, digest: `sha256:${'0'.repeat(64)}`, size: 1 }] } } } } }));

    await page.locator('[data-action="settings"]').focus();
    await openPaletteAt(page, 'compare a lockfile', 'Compare a lockfile with the servers…');
    await poll(() => page.locator('.mantine-Spotlight-action[data-selected] .mantine-Spotlight-actionLabel').textContent()).toBe('Compare a lockfile with the servers…');
    const chooser = new Promise<FileChooser>((resolve) => (chosen = resolve));
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(lock);
    await poll(() => page.getByPlaceholder(PALETTE_SEARCH).isVisible()).toBe(false);

    await poll(focused).toBe('lockfile result:team.lock.json in its window');
    expect(await page.locator(`${WINDOW} .mantine-Modal-title`).textContent()).toBe('Lockfile compared with the servers');
    expect(await page.locator(`${WINDOW} [data-lock-result]`).textContent()).toBe(
      'team.lock.json: 0 match, 0 differ, 0 missing, 1 on servers not connected. Nothing was approved: approval only comes from reviewing the bytes.Close',
    );
    expect(await page.locator(`${WINDOW} [data-locked-skill]`).evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-locked-skill'), r.getAttribute('data-lock-status')]))).toEqual([[NOTES, 'server-not-connected']]);
    expect(await page.locator(`${WINDOW} [data-locked-skill]`).textContent()).toContain('No server labelled "Team skills" is in the catalog. Add it (with that label) and connect it to compare.');

    // Tab goes on from the summary to its Close; Enter on it closes the window.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement?.textContent)).toBe('Close');
    await page.keyboard.press('Enter');
    await poll(() => page.locator(WINDOW).count()).toBe(0);
    await poll(focused).toBe('BUTTON:settings');
  });
});
