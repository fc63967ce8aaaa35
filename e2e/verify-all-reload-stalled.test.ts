// A page reloaded while Verify all runs, in the real app (browser mode,
// Chromium) at 1280×800, while the job cannot move on: the server has stopped
// answering reads, so no progress event comes after the reload. The reloaded
// page asks the main process for the jobs still running and shows this one in
// the status bar — its progress and its Cancel — without the user pressing
// Verify all again. Before, the status bar showed nothing of the job, Verify
// all stayed pressable, and there was no way to cancel it.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const STALLED = 'Stalled skills';
const SKILLS = ['stalled-1', 'stalled-2', 'stalled-3'];
const row = (name: string) => `[data-skill-uri="skill://${name}/SKILL.md"]`;

describe('Verify all after a reload, the job making no progress', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let folder: SkillFolder;
  let stall: string;
  let serverId: string;
  const status = () => page.locator('[data-verify-job]');

  beforeAll(async () => {
    folder = await SkillFolder.create();
    for (const name of SKILLS) await folder.write(`${name}/SKILL.md`, skillMd(name, `Skill ${name}. Use when testing a stalled job.`, []));
    // Outside the served folder: while it exists, the server answers no read.
    stall = path.join(path.dirname(folder.dir), `${path.basename(folder.dir)}.stall`);
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator(row('repo-audit')).waitFor({ timeout: 30_000 });
    // A stalled read is not given up within the test (the default bound, 30 s, would end it and push progress).
    await callContract(page, app.token, 'settings.update', { readConcurrency: 1, requestTimeoutMs: 600_000 });
    serverId = await addAndConnect(page, app.token, { label: STALLED, transport: folder.stdio({ stallReads: stall }) });
    await page.locator(`[data-server-label="${STALLED}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    rmSync(stall, { force: true });
    await browser?.close();
    await app?.stop();
    if (folder) rmSync(folder.dir, { recursive: true, force: true });
  });

  it('the reloaded page shows the running job and cancels it', async () => {
    writeFileSync(stall, '');
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
    rmSync(stall, { force: true });
    await poll(() => status().getAttribute('data-verify-job')).toBe('cancelled');
    expect(await callContract(page, app.token, 'skills.runningJobs', {})).toEqual([]);
  }, 120_000);
});
