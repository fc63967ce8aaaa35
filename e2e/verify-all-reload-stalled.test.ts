// A page reloaded while Verify all runs, in the real app (browser mode,
// Chromium) at 1280×800, while the job cannot move on: the server has stopped
// answering reads, so no progress event comes after the reload. The reloaded
// page asks the main process for the jobs still running and shows this one in
// the status bar — its progress and its Cancel — without the user pressing
// Verify all again. Before, the status bar showed nothing of the job, Verify
// all stayed pressable, and there was no way to cancel it.
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

describe('Verify all after a reload, the job making no progress', () => {
  let stalled: StalledServerPage;
  let app: RunningApp;
  let page: Page;
  let serverId: string;
  const status = () => page.locator('[data-verify-job]');

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
    await page.locator('[data-action="verify-all"]').first().click();
    await poll(() => status().getAttribute('data-verify-job')).toBe('running');
    const [job] = await callContract(page, app.token, 'skills.runningJobs', {});
    expect(job?.serverIds).toEqual([serverId]);
    expect(job?.done).toBe(0);

    await page.reload();
    await page.locator(`[data-server-label="${STALLED}"]`).click();
    await page.locator(row('stalled-1')).waitFor({ timeout: 30_000 });
    // Nothing pressed: the page learnt of the job from the main process, not from a progress event (none comes).
    await poll(() => status().getAttribute('data-verify-job')).toBe('running');
    expect(await status().getAttribute('data-done')).toBe('0');
    expect(await status().getAttribute('data-total')).toBe(String(SKILLS.length));
    expect(await page.locator('[data-action="verify-all"]').first().isDisabled()).toBe(true);

    await page.locator('[data-action="cancel-verify"]').click();
    // The read in flight is let go; the job ends cancelled and is no longer running.
    stalled.releaseReads();
    await poll(() => status().getAttribute('data-verify-job')).toBe('cancelled');
    expect(await callContract(page, app.token, 'skills.runningJobs', {})).toEqual([]);
  }, 120_000);
});
