// The page reloaded while Review all runs, in the real app (browser mode,
// Chromium) at 1280×800: the job goes on in the main process, and the
// reloaded page asks for the jobs still running (review.runningJobs), so it
// shows this one — its progress and Cancel, no second Review all — before
// its next progress event. A Review all that reaches the main process anyway
// (a window that pressed it before it heard of the job) joins that job rather
// than starting a second one that reads and reviews the same skills beside it.
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const SLOW = 'Slow skills';
const SLOW_SKILLS = Array.from({ length: 6 }, (_, i) => `slow-${i + 1}`);
const row = (name: string) => `[data-skill-uri="skill://${name}/SKILL.md"]`;

describe('Review all across a reload', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let slow: SkillFolder;
  let slowId: string;
  const card = () => page.locator('[data-review-job]');

  beforeAll(async () => {
    slow = await SkillFolder.create();
    for (const name of SLOW_SKILLS) await slow.write(`${name}/SKILL.md`, skillMd(name, `Slow skill ${name}. Use when testing a long job.`, []));
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator(row('repo-audit')).waitFor({ timeout: 30_000 });
    await callContract(page, app.token, 'settings.update', { readConcurrency: 1 });
    // Each read answers 2 s late: the job is still running when the page has reloaded.
    slowId = await addAndConnect(page, app.token, { label: SLOW, transport: slow.stdio({ readDelayMs: 2000 }) });
    await page.locator(`[data-server-label="${SLOW}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (slow) rmSync(slow.dir, { recursive: true, force: true });
  });

  it('a reload mid-job shows the running job, and Review all asked again joins it', async () => {
    await page.locator(`[data-server-label="${SLOW}"]`).click();
    await page.locator('[data-action="review-all"]').click();
    await poll(async () => Number(await card().getAttribute('data-done'))).toBeGreaterThan(0);
    const first = await callContract(page, app.token, 'review.startAll', { serverId: slowId });
    expect(first.state).toBe('running');
    const doneBefore = first.done;

    await page.reload();
    await page.locator(`[data-server-label="${SLOW}"]`).click();
    await page.locator(row('slow-1')).waitFor({ timeout: 30_000 });
    // Nothing pressed: the reloaded page shows the job that runs, and offers its progress, not a second Review all.
    await poll(() => card().getAttribute('data-review-job')).toBe('running');
    expect(await page.locator('[data-action="review-all"]').count()).toBe(0);
    expect(await page.locator('[data-action="review-all-progress"]').count()).toBe(1);
    expect(Number(await card().getAttribute('data-done'))).toBeGreaterThanOrEqual(doneBefore);
    expect(await card().getAttribute('data-total')).toBe(String(SLOW_SKILLS.length));
    // One job, not two: asked again, the main process answers with the same one.
    const again = await callContract(page, app.token, 'review.startAll', { serverId: slowId });
    expect(again.jobId).toBe(first.jobId);

    await page.locator('[data-action="cancel-review-all"]').click();
    await poll(() => card().getAttribute('data-review-job')).toBe('cancelled');
  }, 120_000);
});
