// A server whose label is one long word (a URL, as a label taken from one
// often is) and whose command is long (paths and flags), in the real app
// (browser mode, Chromium) at 1280×800: its overview and a skill's
// Provenance tab keep their tables inside the pane, the label and the
// command wrapped, and the server screen's way back keeps its word.
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

/** No space and no hyphen: no place where a line may break by itself. */
const LONG = `mcp.gateway.internal.acmecorporation.example.com/v2/tenants/${'7f3e9a1c'.repeat(7)}`;
const NOTES = 'skill://notes/SKILL.md';
/** A second server that lists a notes too: its Provenance tab names the long one among the skills of the same name. */
const WORK = 'Work skills';

describe('a long server label and command', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let folder: SkillFolder;
  let work: SkillFolder;

  /** Which of `selectors` (within `within`) reach past its right edge by more than a pixel. */
  const pastEdge = (within: string, selectors: string[]) =>
    page.locator(within).evaluate((root, list) => {
      const right = root.getBoundingClientRect().right;
      return list.filter((s) => [...root.querySelectorAll(s)].some((e) => e.getBoundingClientRect().right > right + 1));
    }, selectors);

  beforeAll(async () => {
    folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', skillMd('notes', 'Keeps meeting notes. Use when the user takes notes.', []));
    work = await SkillFolder.create();
    await work.write('notes/SKILL.md', skillMd('notes', 'Keeps work notes. Use when the user takes notes at work.', []));
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator('[data-skill-uri="skill://repo-audit/SKILL.md"]').waitFor({ timeout: 30_000 });
    await addAndConnect(page, app.token, { label: LONG, transport: folder.stdio() });
    await page.locator(`[data-server-label="${LONG}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    await addAndConnect(page, app.token, { label: WORK, transport: work.stdio() });
    await page.locator(`[data-server-label="${WORK}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    for (const f of [folder, work]) if (f) rmSync(f.dir, { recursive: true, force: true });
  });

  it('the server overview: its table within the pane, and the way back whole', async () => {
    await page.locator(`[data-server-label="${LONG}"]`).click();
    await page.locator('[data-action="server-overview"]').click();
    const overview = page.locator('[data-server-overview]');
    await poll(() => overview.locator('tr:has(th:text-is("Label")) td').textContent()).toBe(`${LONG} (the name you gave it)`);
    expect(await pastEdge('.server-screen', ['[data-server-overview] table', '[data-server-overview] td', '[data-server-overview] pre'])).toEqual([]);
    // "Skills" whole: not cut to make room for the label.
    const back = page.locator('[data-action="back-to-skills"]');
    expect(await back.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    await back.click();
  }, 60_000);

  it('a skill’s Provenance tab: its table within the pane', async () => {
    const back = page.locator('[data-action="back-to-skills"]');
    if ((await back.count()) > 0) await back.click();
    await page.locator(`[data-skill-uri="${NOTES}"]`).click();
    await page.locator('[data-tab="provenance"]').click();
    const provenance = page.locator('[data-provenance]');
    await poll(() => provenance.locator('[data-provenance-label]').textContent()).toBe(LONG);
    expect(await pastEdge('.pane-detail', ['[data-provenance] table', '[data-provenance] td', '[data-provenance] pre'])).toEqual([]);
  }, 60_000);

  it('another server’s skill of the same name: its Provenance tab names the long one and stays within the pane', async () => {
    await page.locator(`[data-server-label="${WORK}"]`).click();
    await page.locator(`[data-skill-uri="${NOTES}"]`).click();
    await page.locator('[data-tab="provenance"]').click();
    await poll(() => page.locator(`[data-provenance] [data-same-name-skill="${NOTES}"]`).textContent()).toBe(`${LONG} › notes ${NOTES}`);
    expect(await pastEdge('.pane-detail', ['[data-provenance] table', '[data-provenance] td', '[data-same-name-skill]'])).toEqual([]);
  }, 60_000);
});
