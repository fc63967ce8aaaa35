// Hostile URIs and deep frontmatter in the UI (issue 13, items 4 and 12),
// browser mode in Chromium against the hostile-edges fixture over stdio. A
// skill URI with a raw line feed is drawn with the line feed marked, never as
// a space; a skill whose frontmatter is nested 5,000 deep (capped at 64 levels
// where it entered) opens, its Frontmatter tab renders and says why nothing
// is compared, and the page and the app stay up.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { HOSTILE_EDGES_SERVER } from '../test/fixtures/hostile-edges/harness.js';
import { openAppInBrowser, pollWithin, type AppInBrowser } from './harness.js';

const poll = pollWithin(20_000);

describe('hostile URIs and deep frontmatter in the UI', () => {
  let ui: AppInBrowser;
  let page: Page;

  const sidebarRow = (label: string) => page.locator(`[data-server-label="${label}"]`);
  const hostile = (label: string, name: string) => addAndConnect(page, ui.app.token, { label, transport: { kind: 'stdio', command: process.execPath, args: [HOSTILE_EDGES_SERVER, name], env: {} } });

  beforeAll(async () => {
    ui = await openAppInBrowser({ args: ['--no-demo'] });
    page = ui.page;
    page.setDefaultTimeout(20_000);
    await hostile('Line feed URI', 'uri-control-lf');
    await hostile('Deep frontmatter', 'frontmatter-nested-5000');
  });
  afterAll(() => ui?.close());

  it('draws a line feed in a skill URI as a marked LF, and says the URI holds it', async () => {
    await sidebarRow('Line feed URI').click();
    await page.locator('[data-skill-uri="skill://tools\\a /alpha/SKILL.md"]').click();
    const uri = page.locator('[data-detail-uri]');
    await poll(() => uri.locator('[data-invisible="control"]').textContent()).toBe('LF');
    expect(await uri.textContent()).toBe('skill://toolsLF/alpha/SKILL.md');
    await page.locator('[data-tab="checks"]').click();
    await poll(() => page.getByText('contains U+000A (LF) at character 14').count()).toBeGreaterThan(0);
  });

  it('opens a skill nested 5,000 deep: the Frontmatter tab renders the capped value and refuses to compare it', async () => {
    await sidebarRow('Deep frontmatter').click();
    await page.locator('[data-skill-uri="skill://alpha/SKILL.md"]').click();
    await page.locator('[data-tab="frontmatter"]').click();
    await poll(() => page.getByText('The served frontmatter cannot be compared').count()).toBe(1);
    expect(await page.getByText('more than 64 levels deep').count()).toBeGreaterThan(0);
    const row = page.locator('[data-field="x-config"]');
    await poll(() => row.textContent()).toContain('[nested deeper than 64 levels: not read]');
    expect(ui.app.process.exitCode).toBeNull();
  });
});
