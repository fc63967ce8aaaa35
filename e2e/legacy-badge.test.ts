// The catalog's legacy badge (browser mode, Chromium): a server that only
// speaks an older discovery form (test/fixtures/legacy-forms, a real process)
// gets a "legacy" badge on each of its rows naming the form, with the form in
// its tooltip; the bundled demo server, which speaks skills/list, gets none.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, ROOT, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const LEGACY_SERVER = path.join(ROOT, 'test/fixtures/legacy-forms/server.mjs');
const SKILLS = ['skill://csv-tidy/SKILL.md', 'skill://tone-check/SKILL.md'];

describe('the legacy badge in the catalog', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;

  /** Shows one server's rows and returns, per row, [uri, badge text, data-legacy] of its legacy badges. */
  async function badges(label: string, uris: string[]): Promise<Array<[string, string[]]>> {
    await page.locator(`[data-server-label="${label}"]`).click();
    await page.locator(`[data-skill-uri="${uris[0]}"]`).waitFor({ timeout: 30_000 });
    return Promise.all(
      uris.map(async (uri) => {
        const found = await page.locator(`[data-skill-uri="${uri}"] [data-legacy]`).evaluateAll((els) => els.map((el) => `${el.textContent ?? ''} | ${el.getAttribute('data-legacy') ?? ''}`));
        return [uri, found] as [string, string[]];
      }),
    );
  }

  beforeAll(async () => {
    ui = await openAppInBrowser();
    ({ app, page } = ui);
    await page.locator('[data-server-label="Sample skills (bundled)"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
    for (const [label, form] of [
      ['Legacy index', 'index-l1'],
      ['Legacy scan', 'scan'],
    ]) {
      await addAndConnect(page, app.token, { label: label!, transport: { kind: 'stdio', command: process.execPath, args: [LEGACY_SERVER, form!], env: {} } });
      await page.locator(`[data-server-label="${label}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    }
  }, 90_000);
  afterAll(() => ui?.close());

  it('marks every row of an index.json L1 server with the form it came in', async () => {
    expect(await badges('Legacy index', SKILLS)).toEqual([
      ['skill://csv-tidy/SKILL.md', ['legacy | index.json L1 (type + digest)']],
      ['skill://tone-check/SKILL.md', ['legacy | index.json L1 (type + digest)']],
    ]);
    // The tip names the form in words (in the catalog's rows, the badge's own title: no floating tooltip per row).
    expect(await page.locator('[data-skill-uri="skill://csv-tidy/SKILL.md"] [data-legacy]').getAttribute('title')).toBe('Found through an older discovery form: index.json L1 (type + digest)');
  });

  it('names a different form for a resources/list scan', async () => {
    expect(await badges('Legacy scan', SKILLS)).toEqual([
      ['skill://csv-tidy/SKILL.md', ['legacy | resources/list scan']],
      ['skill://tone-check/SKILL.md', ['legacy | resources/list scan']],
    ]);
  });

  it('gives no row of a modern (skills/list) server the badge', async () => {
    const demo = 'Sample skills (bundled)';
    await page.locator(`[data-server-label="${demo}"]`).click();
    const rows = page.locator('[data-skill-uri]');
    await poll(() => rows.count()).toBeGreaterThan(0);
    const uris = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-skill-uri') ?? ''));
    // The demo's own skills, each shown with no legacy badge at all.
    expect(uris).toContain('skill://repo-audit/SKILL.md');
    expect(uris.filter((u) => SKILLS.includes(u))).toEqual([]);
    expect((await badges(demo, uris)).filter(([, found]) => found.length > 0)).toEqual([]);
    expect(await page.locator('[data-skill-uri] [data-legacy]').count()).toBe(0);
  });
});
