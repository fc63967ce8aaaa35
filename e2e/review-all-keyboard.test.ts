// Review all's card from the keyboard, in the real app (browser mode,
// Chromium) at 1280×800. Escape in the card does what its close button does:
// while the job runs it hides the progress and the review goes on (only
// Cancel stops it); once the job has ended it closes the summary. Either way,
// and when the close button is pressed, focus goes back to the catalog's
// Review all button, so a keyboard user is where they started.
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(60_000);

const SLOW = 'Slow skills';
const SKILLS = ['slow-1', 'slow-2', 'slow-3'];

describe('Review all’s card from the keyboard', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let slow: SkillFolder;

  const dock = () => page.locator('[data-review-all-dock]');
  const card = () => page.locator('[data-review-job]');
  const focused = () => page.evaluate<string | null>("document.activeElement?.getAttribute('data-action') ?? document.activeElement?.tagName ?? null");

  beforeAll(async () => {
    slow = await SkillFolder.create();
    for (const name of SKILLS) await slow.write(`${name}/SKILL.md`, skillMd(name, `Slow skill ${name}. Use when testing a long job.`, []));
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator('[data-skill-uri="skill://repo-audit/SKILL.md"]').waitFor({ timeout: 30_000 });
    await callContract(page, app.token, 'settings.update', { readConcurrency: 1 });
    await addAndConnect(page, app.token, { label: SLOW, transport: slow.stdio({ readDelayMs: 1500 }) });
    await page.locator(`[data-server-label="${SLOW}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-server-label="${SLOW}"]`).click();
    await page.locator('[data-skill-uri="skill://slow-1/SKILL.md"]').waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (slow) rmSync(slow.dir, { recursive: true, force: true });
  });

  it('while the job runs, Escape in the card hides the progress (the review goes on) and focus returns to the button', async () => {
    await page.locator('[data-action="review-all"]').focus();
    await page.keyboard.press('Enter');
    await poll(() => card().getAttribute('data-review-job')).toBe('running');
    // A keyboard user tabs into the card: its Cancel button has focus.
    await card().locator('[data-action="cancel-review-all"]').focus();
    await page.keyboard.press('Escape');

    expect(await dock().count()).toBe(0);
    const progress = page.locator('[data-action="review-all-progress"]');
    // Not cancelled: the button still shows how far the job is, and has focus.
    expect(await progress.getAttribute('aria-expanded')).toBe('false');
    expect(await focused()).toBe('review-all-progress');

    // Enter shows the card again; Escape on the button hides it again, focus staying there.
    await page.keyboard.press('Enter');
    await card().waitFor();
    expect(await progress.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await dock().count()).toBe(0);
    expect(await focused()).toBe('review-all-progress');

    // The job went on to its end: shown again, the card sums it up.
    await page.keyboard.press('Enter');
    await poll(() => card().getAttribute('data-review-job')).toBe('done');
    expect(await card().locator('[role="status"]').textContent()).toBe('Reviewed 3 skills');
  }, 120_000);

  it('once the job has ended, Escape in the card closes the summary and focus returns to Review all', async () => {
    await card().locator('[data-action="dismiss-review-all"]').focus();
    await page.keyboard.press('Escape');
    expect(await dock().count()).toBe(0);
    expect(await focused()).toBe('review-all');
  }, 60_000);

  it('the close button, pressed with the mouse, also returns focus to Review all', async () => {
    await page.locator('[data-action="review-all"]').click();
    await poll(() => card().getAttribute('data-review-job')).toBe('done');
    await card().locator('[data-action="dismiss-review-all"]').click();
    expect(await dock().count()).toBe(0);
    expect(await focused()).toBe('review-all');
  }, 120_000);
});
