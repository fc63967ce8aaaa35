// Two decision surfaces in the real app (browser mode, Chromium) at 1280×800,
// against a real skills server whose files the test changes on disk:
// - an approved skill that changes to add a download piped into `sh` says
//   Risky in the catalog (and in the detail header) once its Changes tab ran
//   the rules on the new version, with why on the badge — not "Not reviewed
//   yet" because the review of the approved version went stale;
// - the Review all card covers neither the catalog's selected row nor the
//   detail pane's header, nor the catalog's search and filters.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { approveThenChange, row, rowVerdict, SETUP, SETUP_V1 } from './approved-then-changed.js';
import { ROOT, launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const LABEL = 'Changing skills';
const NOTES = 'skill://notes/SKILL.md';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('decision surfaces after a change', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let folder: SkillFolder;
  let serverId: string;

  beforeAll(async () => {
    folder = await SkillFolder.create();
    await folder.write('setup/SKILL.md', SETUP_V1);
    await folder.write('notes/SKILL.md', skillMd('notes', 'Notes for the team. Use when asked for notes.'));
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator('[data-server-label="Sample skills (bundled)"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
    serverId = await addAndConnect(page, app.token, { label: LABEL, transport: folder.stdio() });
    await page.locator(`[data-server-label="${LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-server-label="${LABEL}"]`).click();
    await page.locator(row(SETUP)).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('says Risky, by the change review, for an approved skill whose new version adds a fetch-and-run line', async () => {
    await approveThenChange(page, app.token, folder, serverId);

    await page.locator(row(SETUP)).click();
    await page.locator('[data-tab="changes"]').click();
    await page.locator('[data-risk-delta]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-risk-headline]').getAttribute('data-risk-headline')).toBe('new-errors');

    // The row and the detail header say what the change review found, and why on hover.
    const badge = page.locator(rowVerdict(SETUP));
    await poll(() => badge.getAttribute('data-verdict')).toBe('risky');
    expect(await badge.textContent()).toBe('Risky · 1 error');
    expect(await badge.getAttribute('data-verdict-basis')).toBe('change-review');
    expect(await badge.getAttribute('title')).toBe(
      'It changed since you approved it. The change review of the version the server serves now found 1 error; its Changes tab shows what is new since approval.',
    );
    expect(await page.locator('[data-detail-header] .mantine-Badge-root[data-verdict]').getAttribute('data-verdict')).toBe('risky');
    // The Errors filter counts it.
    await page.locator('[data-filter="errors"]').click();
    await poll(() => page.locator('[data-skill-uri]').evaluateAll((els) => els.map((e) => e.getAttribute('data-skill-uri')))).toEqual([SETUP]);
    await page.locator('[data-filter="errors"]').click();
    await page.locator(row(NOTES)).waitFor();
  });

  it('opens the Review all card over neither the selected row, the detail header, nor the search and filters', async () => {
    await page.locator(row(SETUP)).click();
    await poll(() => page.locator(row(SETUP)).getAttribute('data-selected')).toBe('true');
    await page.locator('[data-action="review-all"]').click();
    const card = page.locator('[data-review-job]');
    await poll(() => card.getAttribute('data-review-job')).toBe('done');
    // For a person to look at: test-results/review-all-card-1280x800.png.
    const dir = path.join(ROOT, 'test-results');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, 'review-all-card-1280x800.png'), animations: 'disabled', caret: 'hide' });
    const cardBox = (await card.boundingBox())!;
    for (const target of [row(SETUP), '[data-detail-header]', '#catalog-search', '[data-filter="errors"]', 'select[aria-label="Sort skills by"]', 'select[aria-label="Show only skills with the verdict"]', '[data-action="review-all"]']) {
      const box = (await page.locator(target).first().boundingBox())!;
      expect({ target, overlaps: overlaps(cardBox, box) }).toEqual({ target, overlaps: false });
    }
    // Wholly on screen.
    expect(cardBox.x).toBeGreaterThanOrEqual(0);
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(800);
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(1280);
  });
});
