// The catalog as a keyboard user and a big server see it (browser mode,
// Chromium): `/` to search, arrows and Enter, the command palette, the
// smallest supported window, the dark theme, and 10,000 skills streamed in
// pages into a virtualized list.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, BROKEN_SERVER } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);

const SCALE = 10_000;

describe('catalog: keyboard, palette, layout, scale', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;

  beforeAll(async () => {
    ui = await openAppInBrowser();
    ({ app, page } = ui);
    await page.locator('[data-skill-uri="skill://repo-audit/SKILL.md"]').waitFor({ timeout: 20_000 });
  });
  afterAll(() => ui?.close());

  it('focuses search with /, filters as you type, and opens with arrows and Enter', async () => {
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('/');
    await poll(() => page.evaluate('document.activeElement.id')).toBe('catalog-search');
    await page.keyboard.type('refund');
    await poll(() => page.locator('[data-skill-uri]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-skill-uri')))).toEqual([
      'skill://acme/billing/refunds/SKILL.md',
      'skill://acme/support/refunds/SKILL.md',
    ]);
    // Down from the search box moves into the list; Down again, then Enter opens the second.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe('skill://acme/support/refunds/SKILL.md');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe('skill://acme/billing/refunds/SKILL.md');

    await page.locator('#catalog-search').fill('');
    await page.locator('[data-filter="warnings"]').click();
    await poll(() => page.locator('[data-skill-uri]').count()).toBe(2);
    await page.locator('[data-filter="warnings"]').click();
    await poll(() => page.locator('[data-skill-uri]').count()).toBe(7);
  });

  it('reaches actions from the command palette', async () => {
    await page.keyboard.press('Control+k');
    const search = page.getByPlaceholder('Type a command, a server or a skill…');
    await search.waitFor();
    await search.fill('settings');
    await page.keyboard.press('Enter');
    await page.locator('[data-setting="requestTimeoutMs"]').waitFor();
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.mantine-Modal-content').count()).toBe(0);

    // A skill by name, then one of its tabs.
    await page.keyboard.press('Control+k');
    await search.fill('Open hello-world');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe('skill://hello-world/SKILL.md');
    await page.keyboard.press('Control+k');
    await search.fill('Show Provenance');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('[data-tab="provenance"]').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('[data-provenance-label]').textContent()).toBe('Sample skills (bundled)');
  });

  it('fits a 1024×700 window with all three panes, and follows a dark system theme', async () => {
    const small = await ui.browser.newPage({ viewport: { width: 1024, height: 700 }, colorScheme: 'dark' });
    await small.goto(app.pageUrl);
    await small.locator('[data-skill-uri="skill://release-notes/SKILL.md"]').click();
    await small.getByTestId('markdown').locator('h1').waitFor();
    expect(await small.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    // Nothing spills out of the window: no page scrollbars, the status bar on the bottom edge.
    expect(await small.evaluate('[document.documentElement.scrollWidth, document.documentElement.scrollHeight]')).toEqual([1024, 700]);
    const box = async (selector: string) => (await small.locator(selector).boundingBox())!;
    const status = await box('.status-bar');
    expect(status.y + status.height).toBe(700);
    expect((await box('.pane-servers')).width).toBeGreaterThanOrEqual(200);
    expect((await box('.pane-catalog')).width).toBeGreaterThanOrEqual(300);
    expect((await box('.pane-detail')).width).toBeGreaterThanOrEqual(400);
    await small.close();
  });

  it(`stays a short DOM with ${SCALE.toLocaleString('en')} skills, and searches all of them`, async () => {
    await addAndConnect(page, app.token, {
      label: 'Big fixture',
      transport: { kind: 'stdio', command: process.execPath, args: [BROKEN_SERVER, '--extra-skills', String(SCALE)], env: {} },
    });
    const big = page.locator('[data-server-label="Big fixture"]');
    await expect.poll(() => big.getByTestId('skill-count').textContent(), { timeout: 90_000, interval: 250 }).toBe((SCALE + 5).toLocaleString());
    await big.click();
    await poll(() => page.locator('[data-visible-count]').getAttribute('data-visible-count')).toBe(String(SCALE + 5));
    // Virtualized: only the rows in view (plus a few) are in the page.
    expect(await page.locator('[data-skill-uri]').count()).toBeLessThan(40);

    await page.locator('#catalog-search').fill('needle');
    await poll(() => page.locator('[data-visible-count]').getAttribute('data-visible-count')).toBe(String(SCALE / 100));
    expect(await page.locator('[data-skill-uri]').first().getAttribute('data-skill-uri')).toBe('skill://generated-00100/SKILL.md');

    // The end of the list is reachable from the keyboard.
    await page.locator('[role="listbox"][aria-label="Skills"]').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe('skill://generated-10000/SKILL.md');
    await page.locator('#catalog-search').fill('');
  }, 150_000);
});
