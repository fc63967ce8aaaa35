// Two palette commands that show a server's Approvals tab, in the real app
// (browser mode, Chromium) at 1280×800, keyboard only: "<server>: approvals
// and enabled skills" chooses that server in the sidebar, as its overview,
// protocol log and watch do (it showed the screen with All skills still the
// chosen row); "Compare a lockfile with the servers…" shows its result, focus
// on it, in the Approvals tab of the server the lock names, else of the
// server chosen in the sidebar, else in a window of its own (run from an open
// skill, the result went to an Approvals tab no one opened, and nothing
// seemed to happen; then to the first server's tab whatever the lock named).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollWithin, type AppInBrowser } from './harness.js';
import { PALETTE_SEARCH, openAppForPalette, openPaletteAt, runPaletteCommand } from './palette.js';

const poll = pollWithin(30_000);
const DEMO = 'Sample skills (bundled)';
const REPO_AUDIT = 'skill://repo-audit/SKILL.md';

describe('the palette shows a server’s approvals where the sidebar says', () => {
  let ui: AppInBrowser;
  let page: Page;
  let dir: string;

  /** The focused element: a tab by its value and whose screen, the lockfile result by its file, a sidebar row by its label, else its tag. */
  const focused = () =>
    page.evaluate(() => {
      type El = { tagName: string; getAttribute(n: string): string | null; closest(s: string): El | null };
      const e = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
      if (!e) return 'none';
      const tab = e.getAttribute('data-tab');
      if (tab) return `tab:${tab}${e.getAttribute('aria-selected') === 'true' ? ' (selected)' : ''} in ${e.closest('[data-server-screen]')?.getAttribute('data-server-screen') ?? e.closest('[data-detail-skill]')?.getAttribute('data-detail-skill') ?? '?'}`;
      const result = e.closest('[data-lock-import]');
      if (result && e.getAttribute('data-lock-result') !== null) return `lockfile result:${result.getAttribute('data-lock-import') ?? ''}`;
      const row = e.getAttribute('role') === 'button' ? e.closest('[role="listitem"]') : null;
      if (row?.getAttribute('data-server-label')) return `row:${row.getAttribute('data-server-label')}`;
      return `${e.tagName}${e.getAttribute('data-action') ? `:${e.getAttribute('data-action')}` : ''}`;
    });

  /** The sidebar's chosen row: All skills, or a server or folder by its label. */
  const chosenRow = () =>
    page.evaluate(() => {
      type El = { getAttribute(n: string): string | null; closest(s: string): El | null };
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<El> } }).document;
      return [...doc.querySelectorAll('[role="listitem"] [role="button"][aria-current="true"]')].map((e) => {
        const item = e.closest('[role="listitem"]');
        if (item?.getAttribute('data-all-servers') !== null) return 'All skills';
        return item?.getAttribute('data-server-label') ?? item?.getAttribute('data-local-label') ?? '?';
      });
    });

  /** What the right side shows: whose server screen and which of its tabs, or the open skill. */
  const shown = () =>
    page.evaluate(() => {
      type El = { getAttribute(n: string): string | null };
      const doc = (globalThis as unknown as { document: { querySelector(s: string): El | null } }).document;
      const screen = doc.querySelector('[data-server-screen]');
      if (screen) return `${screen.getAttribute('data-server-screen') ?? ''} at ${doc.querySelector('[data-server-screen] [role="tab"][aria-selected="true"]')?.getAttribute('data-tab') ?? 'no tab'}`;
      return `skill ${doc.querySelector('[data-detail-skill]')?.getAttribute('data-detail-skill') ?? 'none'}`;
    });

  /**
   * The next file picker the page opens. Listened for from the start: waitForEvent turns the
   * interception of pickers on only as it is called, and Enter could open the picker before that.
   */
  let choosers: ((chooser: FileChooser) => void)[] = [];
  const nextFileChooser = () => new Promise<FileChooser>((resolve) => choosers.push(resolve));

  /** From the Settings button: Ctrl+K, "compare a lockfile", Enter on that command, and `files` (none: the picker closed) given to the file picker it opens. */
  async function compareFromPalette(files: string | string[]): Promise<void> {
    await page.locator('[data-action="settings"]').focus();
    await openPaletteAt(page, 'compare a lockfile', 'Compare a lockfile with the servers…');
    await poll(() => page.locator('.mantine-Spotlight-action[data-selected] .mantine-Spotlight-actionLabel').textContent()).toBe('Compare a lockfile with the servers…');
    const chooser = nextFileChooser();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(files);
    await poll(() => page.getByPlaceholder(PALETTE_SEARCH).isVisible()).toBe(false);
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-palette-approvals-'));
    ui = await openAppForPalette();
    page = ui.page;
    page.on('filechooser', (chooser) => {
      const waiting = choosers;
      choosers = [];
      for (const resolve of waiting) resolve(chooser);
    });
    await page.locator(`[data-skill-uri="${REPO_AUDIT}"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await ui?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a lockfile compared from an open skill shows its result in the Approvals tab, focus on it', async () => {
    await runPaletteCommand(page, 'open repo-audit', 'Open repo-audit');
    await poll(shown).toBe(`skill ${REPO_AUDIT}`);
    expect(await chosenRow()).toEqual(['All skills']);

    // A teammate's lock pins repo-audit with other bytes than the server lists.
    const lock = path.join(dir, 'team.lock.json');
    writeFileSync(lock, JSON.stringify({ lockfileVersion: 1, servers: { [DEMO]: { skills: { [REPO_AUDIT]: { name: 'repo-audit', resources: [{ uri: REPO_AUDIT, digest: `sha256:${'0'.repeat(64)}`, size: 1 }] } } } } }));
    await compareFromPalette(lock);

    await poll(focused).toBe('lockfile result:team.lock.json');
    expect(await shown()).toBe(`${DEMO} at server-approvals`);
    expect(await chosenRow()).toEqual([DEMO]);
    expect(await page.locator('[data-locked-skill]').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-locked-skill'), r.getAttribute('data-lock-status')]))).toEqual([[REPO_AUDIT, 'differs']]);
    expect(await page.locator('[data-lock-import] [data-lock-result]').isVisible()).toBe(true);
  });

  /** The lockfile window's contents as read: its title, and the result's summary (or why the file could not be used) as its text. */
  const lockWindow = '[data-dialog="lock-comparison"]';

  it('a file that is no lockfile, compared with All skills chosen, says why in a window of its own, focus on it; Escape gives focus back', async () => {
    await runPaletteCommand(page, 'show skills of all servers', 'Show skills of all servers');
    await poll(chosenRow).toEqual(['All skills']);
    await runPaletteCommand(page, 'open repo-audit', 'Open repo-audit');
    await poll(shown).toBe(`skill ${REPO_AUDIT}`);
    const notLock = path.join(dir, 'notes.json');
    writeFileSync(notLock, JSON.stringify({ servers: {} }));
    await compareFromPalette(notLock);

    await poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null; closest(s: string): unknown } | null } }).document.activeElement?.closest('[data-dialog="lock-comparison"] [data-lock-result]') !== null)).toBe(true);
    expect(await page.locator(`${lockWindow} .mantine-Modal-title`).textContent()).toBe('Lockfile compared with the servers');
    expect(await page.locator(`${lockWindow} [data-lock-result]`).textContent()).toContain('The lockfile could not be used');
    // Where the user was: no server's tab was chosen for them.
    expect(await shown()).toBe(`skill ${REPO_AUDIT}`);
    expect(await chosenRow()).toEqual(['All skills']);
    await page.keyboard.press('Escape');
    await poll(() => page.locator(lockWindow).count()).toBe(0);
    await poll(focused).toBe('BUTTON:settings');
  });

  it('a lockfile about servers not in the list, compared with All skills chosen, shows in a window of its own, focus on it', async () => {
    const lock = path.join(dir, 'elsewhere.lock.json');
    writeFileSync(lock, JSON.stringify({ lockfileVersion: 1, servers: { 'Team skills': { skills: { 'skill://notes/SKILL.md': { name: 'notes', resources: [{ uri: 'skill://notes/SKILL.md', digest: `sha256:${'1'.repeat(64)}`, size: 1 }] } } } } }));
    await compareFromPalette(lock);

    await poll(focused).toBe('lockfile result:elsewhere.lock.json');
    expect(await page.locator(`${lockWindow} [data-lock-import]`).getAttribute('data-lock-import')).toBe('elsewhere.lock.json');
    expect(await page.locator(`${lockWindow} [data-locked-skill]`).evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-locked-skill'), r.getAttribute('data-lock-status')]))).toEqual([['skill://notes/SKILL.md', 'server-not-connected']]);
    expect(await shown()).toBe(`skill ${REPO_AUDIT}`);
    expect(await chosenRow()).toEqual(['All skills']);
    // The result's Close closes the window: nothing left open and empty.
    await page.locator(`${lockWindow} [data-lock-result] button`, { hasText: 'Close' }).click();
    await poll(() => page.locator(lockWindow).count()).toBe(0);
  });

  it('a lockfile picker closed without a file changes nothing and gives focus back', async () => {
    await runPaletteCommand(page, 'open repo-audit', 'Open repo-audit');
    await poll(shown).toBe(`skill ${REPO_AUDIT}`);
    await compareFromPalette([]);
    await poll(focused).toBe('BUTTON:settings');
    expect(await shown()).toBe(`skill ${REPO_AUDIT}`);
  });

  it('“approvals and enabled skills” chooses that server in the sidebar, focus on its Approvals tab', async () => {
    await runPaletteCommand(page, 'show skills of all servers', 'Show skills of all servers');
    await poll(chosenRow).toEqual(['All skills']);
    await page.locator('[data-action="settings"]').focus();
    await runPaletteCommand(page, 'sample skills bundled approvals', `${DEMO}: approvals and enabled skills`);
    await poll(focused).toBe(`tab:server-approvals (selected) in ${DEMO}`);
    expect(await shown()).toBe(`${DEMO} at server-approvals`);
    expect(await chosenRow()).toEqual([DEMO]);
  });

  it('with another server chosen, a lockfile that names the bundled server shows in the bundled server’s Approvals tab; one that names none, in the chosen server’s', async () => {
    await page.locator('[data-action="settings"]').focus();
    await runPaletteCommand(page, 'sample skills bundled duplicate', `${DEMO}: duplicate`);
    await poll(async () => (await chosenRow())[0] !== DEMO && (await chosenRow())[0] !== 'All skills').toBe(true);
    const [copy] = await chosenRow();

    const lock = path.join(dir, 'bundled.lock.json');
    writeFileSync(lock, JSON.stringify({ lockfileVersion: 1, servers: { [DEMO]: { skills: { [REPO_AUDIT]: { name: 'repo-audit', resources: [{ uri: REPO_AUDIT, digest: `sha256:${'0'.repeat(64)}`, size: 1 }] } } } } }));
    await compareFromPalette(lock);
    await poll(focused).toBe('lockfile result:bundled.lock.json');
    expect(await shown()).toBe(`${DEMO} at server-approvals`);
    expect(await chosenRow()).toEqual([DEMO]);

    await runPaletteCommand(page, `go to ${copy}`, `Go to ${copy}`);
    await poll(chosenRow).toEqual([copy]);
    await compareFromPalette(path.join(dir, 'elsewhere.lock.json'));
    await poll(focused).toBe('lockfile result:elsewhere.lock.json');
    expect(await shown()).toBe(`${copy} at server-approvals`);
    expect(await chosenRow()).toEqual([copy]);
  });
});
