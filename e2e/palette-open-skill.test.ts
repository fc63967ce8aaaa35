// The palette's actions for the open skill, in the real app (browser mode,
// Chromium) at 1280×800, with two servers that each list a skill called
// notes. Verify, Enable and the tabs act on the open one only, so the group
// that holds them must say which server's notes it is — by the label the user
// gave it, its hidden characters marked — not just "Skill notes", which fits
// every server's.
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const RLO = '\u202E';
const WORK = 'Work skills';
const HOME = `Home ${RLO}slliks`;
/** A label with no place to break a line (as one taken from a URL often is). */
const LONG = `mcp.gateway.internal.acmecorporation.example.com/v2/tenants/${'7f3e9a1c'.repeat(7)}`;
const NOTES = 'skill://notes/SKILL.md';

describe('the palette’s group for the open skill', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const folders: SkillFolder[] = [];

  // Mantine draws a group's heading from a CSS variable, quoted.
  const groupHeadings = () => page.evaluate<string[]>("[...document.querySelectorAll('.mantine-Spotlight-actionsGroup')].map((e) => getComputedStyle(e).getPropertyValue('--spotlight-label'))");

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator('[data-skill-uri="skill://repo-audit/SKILL.md"]').waitFor({ timeout: 30_000 });
    for (const label of [WORK, HOME, LONG]) {
      const folder = await SkillFolder.create();
      folders.push(folder);
      await folder.write('notes/SKILL.md', skillMd('notes', `Keeps notes for ${label}. Use when the user takes notes.`, []));
      await addAndConnect(page, app.token, { label, transport: folder.stdio() });
      await page.locator(`[data-server-label="${label}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    for (const f of folders) rmSync(f.dir, { recursive: true, force: true });
  });

  it('names the open skill’s server by its label, marked', async () => {
    await page.locator(`[data-server-label="${HOME}"]`).click();
    await page.locator(`[data-skill-uri="${NOTES}"]`).click();
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Type a command, a server or a skill…').fill('verify notes');
    await poll(groupHeadings).toContain(`'Skill notes on Home ⟦RLO⟧slliks'`);
    await page.keyboard.press('Escape');

    await page.locator(`[data-server-label="${WORK}"]`).click();
    await page.locator(`[data-skill-uri="${NOTES}"]`).click();
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Type a command, a server or a skill…').fill('verify notes');
    await poll(groupHeadings).toContain(`'Skill notes on Work skills'`);
    expect((await groupHeadings()).filter((h) => h.startsWith(`'Skill `))).toEqual([`'Skill notes on Work skills'`]);
    await page.keyboard.press('Escape');
  }, 60_000);

  it('a long label with no place to break wraps inside the palette', async () => {
    await page.locator(`[data-server-label="${LONG}"]`).click();
    await page.locator(`[data-skill-uri="${NOTES}"]`).click();
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Type a command, a server or a skill…').fill('verify notes');
    await poll(groupHeadings).toContain(`'Skill notes on ${LONG}'`);
    // The heading (drawn before the group's actions) and the actions stay within the palette's list: none is cut off at its edge.
    const fits = await page.locator('.mantine-Spotlight-actionsList').evaluate((list) => {
      const right = list.getBoundingClientRect().right;
      const group = list.querySelector('.mantine-Spotlight-actionsGroup')!;
      return { group: group.getBoundingClientRect().right <= right, heading: group.scrollWidth <= group.clientWidth };
    });
    expect(fits).toEqual({ group: true, heading: true });
    // The server's own commands (Go to …, … : overview) name it too.
    await page.getByPlaceholder('Type a command, a server or a skill…').fill('mcp.gateway');
    await poll(() => page.locator('.mantine-Spotlight-action').count()).toBeGreaterThan(3);
    const cut = await page.locator('.mantine-Spotlight-actionsList').evaluate((list) => {
      const right = list.getBoundingClientRect().right;
      return [...list.querySelectorAll('.mantine-Spotlight-action')].filter((a) => a.getBoundingClientRect().right > right || a.scrollWidth > a.clientWidth).map((a) => a.textContent);
    });
    expect(cut).toEqual([]);
    await page.keyboard.press('Escape');
  }, 60_000);
});
