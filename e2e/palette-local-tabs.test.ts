// The open skill's "Show <tab>" commands in the palette are the tabs its
// detail pane shows, in the real app (browser mode, Chromium): a local
// folder's skill has no Review or Changes tab (nothing of it is served or
// approved), and the palette offered "Show Review" and "Show Changes" for it
// anyway, which showed nothing. A served skill keeps all eight.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInBrowser } from './harness.js';
import { PALETTE_SEARCH, openAppForPalette, openPaletteAt, runPaletteCommand } from './palette.js';

/** The labels of the "Show <tab>" entries of the open skill: those the palette describes by the skill's name. */
async function tabCommands(page: Page, skill: string): Promise<string[]> {
  await openPaletteAt(page, 'show', 'Show Overview');
  const entries = await page.locator('.mantine-Spotlight-action').evaluateAll((buttons) =>
    buttons.map((b) => ({ label: b.querySelector('.mantine-Spotlight-actionLabel')?.textContent ?? '', description: b.querySelector('.mantine-Spotlight-actionDescription')?.textContent ?? '' })),
  );
  await page.keyboard.press('Escape');
  await page.getByPlaceholder(PALETTE_SEARCH).waitFor({ state: 'hidden', timeout: 30_000 });
  return entries.filter((e) => e.description === skill && e.label.startsWith('Show ')).map((e) => e.label);
}

/** The detail pane's tabs as it shows them. */
const paneTabs = (page: Page) => page.locator('[data-detail-skill] [role="tab"]').evaluateAll((tabs) => tabs.map((t) => `Show ${t.querySelector('.mantine-Tabs-tabLabel')?.textContent ?? ''}`));

describe('Show <tab> in the palette offers the tabs the open skill has', () => {
  let ui: AppInBrowser;
  let page: Page;
  let home: string;
  let tidyUri: string;

  beforeAll(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-palette-tabs-'));
    const tidy = path.join(home, '.claude', 'skills', 'tidy');
    mkdirSync(tidy, { recursive: true });
    writeFileSync(path.join(tidy, 'SKILL.md'), '---\nname: tidy\ndescription: Tidies the notes folder.\n---\n\nSort the notes by date.\n');
    tidyUri = pathToFileURL(path.join(tidy, 'SKILL.md')).href;
    ui = await openAppForPalette({ env: { HOME: home } });
    page = ui.page;
    await page.locator(`[data-skill-uri="${tidyUri}"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await ui?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('a local folder’s skill: six, without Review and Changes, as its detail pane shows', async () => {
    await runPaletteCommand(page, 'open tidy', 'Open tidy');
    await page.locator(`[data-detail-skill="${tidyUri}"]`).waitFor({ timeout: 30_000 });
    expect(await tabCommands(page, 'tidy')).toEqual(['Show Overview', 'Show Files', 'Show Bytes', 'Show Frontmatter', 'Show Checks', 'Show Provenance']);
    expect(await tabCommands(page, 'tidy')).toEqual(await paneTabs(page));
  }, 60_000);

  it('a served skill: all eight, as its detail pane shows', async () => {
    await runPaletteCommand(page, 'open repo-audit', 'Open repo-audit');
    await page.locator('[data-detail-skill="skill://repo-audit/SKILL.md"]').waitFor({ timeout: 30_000 });
    expect(await tabCommands(page, 'repo-audit')).toEqual(['Show Overview', 'Show Review', 'Show Files', 'Show Bytes', 'Show Frontmatter', 'Show Checks', 'Show Changes', 'Show Provenance']);
    expect(await tabCommands(page, 'repo-audit')).toEqual(await paneTabs(page));
  }, 60_000);
});
