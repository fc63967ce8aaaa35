// A page reloaded while Review all runs, in the real app (browser mode,
// Chromium) at 1280×800, while the job cannot move on: the server has stopped
// answering reads, so no progress event comes after the reload. The reloaded
// page asks the main process for the jobs still running and shows this one —
// its progress and its Cancel — without the user pressing Review all again.
// Before, the page showed nothing of the job and offered no way to cancel it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { pollWithin, type RunningApp } from './harness.js';
import { stalledServerPage, type StalledServerPage } from './stalled-server-page.js';

const poll = pollWithin(30_000);

const STALLED = 'Stalled skills';
const SKILLS = ['stalled-1', 'stalled-2', 'stalled-3'];
const row = (name: string) => `[data-skill-uri="skill://${name}/SKILL.md"]`;

describe('Review all after a reload, the job making no progress', () => {
  let stalled: StalledServerPage;
  let app: RunningApp;
  let page: Page;
  let serverId: string;
  const card = () => page.locator('[data-review-job]');

  beforeAll(async () => {
    stalled = await stalledServerPage(STALLED, async (folder) => {
      for (const name of SKILLS) await folder.write(`${name}/SKILL.md`, skillMd(name, `Skill ${name}. Use when testing a stalled job.`, []));
    });
    ({ app, page, serverId } = stalled);
  }, 120_000);
  afterAll(() => stalled?.close());

  it('the reloaded page shows the running job and cancels it', async () => {
    stalled.holdReads();
    await page.locator(`[data-server-label="${STALLED}"]`).click();
    await page.locator('[data-action="review-all"]').click();
    await poll(() => card().getAttribute('data-review-job')).toBe('running');
    const job = await callContract(page, app.token, 'review.startAll', { serverId });
    expect(job.state).toBe('running');
    expect(job.done).toBe(0);

    await page.reload();
    await page.locator(`[data-server-label="${STALLED}"]`).click();
    await page.locator(row('stalled-1')).waitFor({ timeout: 30_000 });
    // Nothing pressed: the page learnt of the job from the main process, not from a progress event (none comes).
    await poll(() => card().getAttribute('data-review-job')).toBe('running');
    expect(await card().getAttribute('data-done')).toBe('0');
    expect(await card().getAttribute('data-total')).toBe(String(SKILLS.length));

    await page.locator('[data-action="cancel-review-all"]').click();
    // The read in flight is let go; the job ends cancelled, with nothing reviewed.
    stalled.releaseReads();
    await poll(() => card().getAttribute('data-review-job')).toBe('cancelled');
    const after = await callContract(page, app.token, 'review.startAll', { serverId });
    expect(after.jobId).not.toBe(job.jobId);
  }, 120_000);
});
