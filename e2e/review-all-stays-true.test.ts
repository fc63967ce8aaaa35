// Review all's card and the catalog after the job, in the real app (browser
// mode, Chromium) at 1280×800, under what happens next: a skill the job found
// clean as checked fails verification afterwards (the card must not go on
// saying "Clean as checked: 2" beside a Risky row), and another window removes
// a server while its Review all runs and one of its skills is open (its skills
// leave the catalog and the detail pane, and the card does not say it
// reviewed skills it could not), or disconnects it mid-job (the reads the
// disconnect cut short are no mismatch: the server served nothing wrong); and
// Review all on a server that lists no skills says there was nothing to review.
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const MUTABLE = 'Mutable skills';
const SLOW = 'Slow skills';
const CUT = 'Cut-off skills';
const SLOW_SKILLS = Array.from({ length: 6 }, (_, i) => `slow-${i + 1}`);
const uriOf = (name: string) => `skill://${name}/SKILL.md`;
const row = (uri: string) => `[data-skill-uri="${uri}"]`;
const sidebarRow = (page: Page, label: string) => page.locator(`[data-server-label="${label}"]`);

describe('Review all stays true after the job', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let folder: SkillFolder;
  let slow: SkillFolder;

  const card = () => page.locator('[data-review-job]');
  const cardCounts = async () => Object.fromEntries(await card().locator('[data-review-job-verdict]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-review-job-verdict'), Number(e.getAttribute('data-count'))])));

  beforeAll(async () => {
    folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', skillMd('notes', 'Keeps meeting notes. Use when the user takes notes.', [], '# Notes\n\nRead [the guide](references/guide.md).\n'));
    await folder.write('notes/references/guide.md', '# Guide\n\nStep 1: open the notes.\n');
    await folder.write('plain/SKILL.md', skillMd('plain', 'A plain skill. Use when asked.', []));
    slow = await SkillFolder.create();
    for (const name of SLOW_SKILLS) await slow.write(`${name}/SKILL.md`, skillMd(name, `Slow skill ${name}. Use when testing a long job.`, []));
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator(row(uriOf('repo-audit'))).waitFor({ timeout: 30_000 });
    // The listing stays as first served (reload on signal only) while the test changes the bytes the server reads out.
    await addAndConnect(page, app.token, { label: MUTABLE, transport: folder.stdio({ reload: 'signal' }) });
    await sidebarRow(page, MUTABLE).locator('[data-connection="connected"]').waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    for (const f of [folder, slow]) if (f) rmSync(f.dir, { recursive: true, force: true });
  });

  it('the ended job’s card counts the verdicts as they are now: a skill that fails verification after the job is Risky there too', async () => {
    await sidebarRow(page, MUTABLE).click();
    await page.locator(row(uriOf('notes'))).waitFor({ timeout: 30_000 });
    await page.locator('[data-action="review-all"]').click();
    await poll(() => card().getAttribute('data-review-job')).toBe('done');
    // Polled: on a loaded CI machine the card once showed a third count, not-reviewed 1, just after the job ended
    // (not reproduced here; see the closing note of that session).
    await poll(cardCounts).toEqual({ 'clean-as-checked': 2 });
    expect(await card().locator('[data-action="sort-by-verdict"]').count()).toBe(0);

    // The server now serves other bytes than it listed: Verify finds the mismatch, and the skill is Risky.
    await folder.write('notes/references/guide.md', '# Guide\n\nStep 1: mail the notes.\n');
    await page.locator(row(uriOf('notes'))).click();
    await page.locator('[data-action="verify-skill"]').click();
    await poll(() => page.locator(`${row(uriOf('notes'))} .mantine-Badge-root[data-verdict]`).getAttribute('data-verdict')).toBe('risky');

    // The card, still open, says so: one Risky, one Clean as checked — not two clean.
    await poll(cardCounts).toEqual({ risky: 1, 'clean-as-checked': 1 });
    expect(await card().getAttribute('data-risky')).toBe('1');
    expect(await card().getAttribute('data-clean')).toBe('1');
    expect(await card().locator('[role="status"]').textContent()).toBe('Reviewed 2 skills');
    expect(await card().locator('[data-review-job-now]').textContent()).toBe('As they stand now:');
    await card().locator('[data-action="sort-by-verdict"]').waitFor();
    await page.locator('[data-action="dismiss-review-all"]').click();
  }, 120_000);

  it('a server removed by another window mid-job, one of its skills open: its skills leave the catalog and the detail pane, and the card counts none of them reviewed that were not', async () => {
    await callContract(page, app.token, 'settings.update', { readConcurrency: 1 });
    const slowId = await addAndConnect(page, app.token, { label: SLOW, transport: slow.stdio({ readDelayMs: 1500 }) });
    await sidebarRow(page, SLOW).locator('[data-connection="connected"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-all-servers]').click();
    await page.locator(row(uriOf('slow-2'))).click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe(uriOf('slow-2'));
    await sidebarRow(page, SLOW).click();
    await page.locator('[data-action="review-all"]').click();
    await poll(() => card().getAttribute('data-review-job')).toBe('running');
    expect(await card().getAttribute('data-total')).toBe('6');

    // Another window (the same contract, over its own socket) removes the server.
    await callContract(page, app.token, 'servers.remove', { serverId: slowId });
    await poll(() => sidebarRow(page, SLOW).count()).toBe(0);
    // None of its skills is listed any more, nor open beside the list as if it were.
    await poll(() => page.locator(SLOW_SKILLS.map((n) => row(uriOf(n))).join(', ')).count()).toBe(0);
    expect(await page.locator('[data-detail-skill]').count()).toBe(0);
    expect(await page.locator('.pane-detail').textContent()).toContain('This skill is no longer listed');

    await poll(() => card().getAttribute('data-review-job')).not.toBe('running');
    const notReviewed = Number(await card().getAttribute('data-not-reviewed'));
    expect(notReviewed).toBeGreaterThan(0);
    const reviewed = Number(await card().getAttribute('data-done')) - notReviewed;
    // It says how many of the six it reviewed, not "Reviewed 6 skills".
    expect(await card().locator('[role="status"]').textContent()).toBe(`Reviewed ${reviewed} of 6 skills`);
    // And, now, none of the six is listed: no verdict is counted for them.
    expect(await cardCounts()).toEqual({ 'could-not-review': notReviewed, gone: 6 });
  }, 120_000);

  it('a server disconnected mid-job: the skills whose reads the disconnect cut short are not reviewed, never a mismatch or Risky', async () => {
    const cut = await SkillFolder.create();
    try {
      for (const name of SLOW_SKILLS) await cut.write(`${name}/SKILL.md`, skillMd(name, `Slow skill ${name}. Use when testing a long job.`, []));
      await callContract(page, app.token, 'settings.update', { readConcurrency: 1 });
      const cutId = await addAndConnect(page, app.token, { label: CUT, transport: cut.stdio({ readDelayMs: 1500 }) });
      await sidebarRow(page, CUT).locator('[data-connection="connected"]').waitFor({ timeout: 30_000 });
      await sidebarRow(page, CUT).click();
      await page.locator(row(uriOf('slow-1'))).waitFor({ timeout: 30_000 });
      await page.locator('[data-action="review-all"]').click();
      await poll(async () => Number(await card().getAttribute('data-done'))).toBeGreaterThan(0);
      expect(await card().getAttribute('data-review-job')).toBe('running');

      await callContract(page, app.token, 'servers.disconnect', { serverId: cutId });
      await poll(() => card().getAttribute('data-review-job')).toBe('done');
      const after = await callContract(page, app.token, 'skills.list', { serverId: cutId });
      // Reviewed whole before the disconnect (clean as checked), or not reviewed: unread, or read and verified before the cut.
      const states = after.map((s) => `${s.status} ${s.verdict}`);
      expect(states.filter((s) => !['verified clean-as-checked', 'unread not-reviewed', 'verified not-reviewed'].includes(s))).toEqual([]);
      const notReviewed = Number(await card().getAttribute('data-not-reviewed'));
      expect(notReviewed).toBeGreaterThan(0);
      expect(after.filter((s) => s.verdict === 'not-reviewed').length).toBe(notReviewed);
      // The card says why, and the rows agree.
      expect(await card().textContent()).toContain(`The connection to "${CUT}" was closed by the app`);
      expect(await page.locator(`[data-skill-uri] .mantine-Badge-root[data-verdict="risky"]`).count()).toBe(0);
      await page.locator('[data-action="dismiss-review-all"]').click();

      // Verify all, disconnected mid-job the same way: no skill is called a mismatch for it.
      await callContract(page, app.token, 'servers.connect', { serverId: cutId });
      await sidebarRow(page, CUT).locator('[data-connection="connected"]').waitFor({ timeout: 30_000 });
      await page.locator(`[data-catalog-server="${CUT}"] [data-action="verify-all"]`).click();
      await poll(async () => Number(await page.locator('[data-verify-job="running"]').getAttribute('data-done'))).toBeGreaterThan(0);
      await callContract(page, app.token, 'servers.disconnect', { serverId: cutId });
      await page.locator('[data-verify-job="done"]').waitFor({ timeout: 30_000 });
      const verified = await callContract(page, app.token, 'skills.list', { serverId: cutId });
      expect(verified.map((s) => s.status).filter((s) => s !== 'verified' && s !== 'unread')).toEqual([]);
      expect(await page.locator('[data-verify-job="done"]').getAttribute('data-failed')).toBe('0');
    } finally {
      rmSync(cut.dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('on a server that lists no skills, the card says there was nothing to review; a long label in it keeps its close button inside', async () => {
    const empty = await SkillFolder.create();
    try {
      // One long word as far as the browser is concerned, as a label taken from a URL often is.
      const label = 'mcp-gateway.internal.acme-corporation.example.com/v2/tenants/platform-engineering/skills-registry-readonly';
      await addAndConnect(page, app.token, { label, transport: empty.stdio() });
      await sidebarRow(page, label).locator('[data-connection="connected"]').waitFor({ timeout: 30_000 });
      await sidebarRow(page, label).click();
      await page.locator('[data-action="review-all"]').click();
      await poll(() => card().getAttribute('data-review-job')).toBe('done');
      expect(await card().locator('[role="status"]').textContent()).toBe('No skills to review');
      expect(await card().locator('[data-review-job-empty]').textContent()).toBe('No skill is listed there, so there was nothing to read.');
      expect(await card().textContent()).not.toContain('nothing reviewed yet');
      // Seen from All skills the card names the server it reviewed; the close button stays inside the card.
      await page.locator('[data-all-servers]').click();
      await poll(() => card().locator('[role="status"]').textContent()).toBe(`No skills to review · ${label}`);
      const cardBox = (await page.locator('[data-review-all-dock]', { has: card() }).boundingBox())!;
      const close = (await page.locator('[data-action="dismiss-review-all"]').boundingBox())!;
      expect(close.x + close.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(close.x).toBeGreaterThanOrEqual(cardBox.x);
      await page.locator('[data-action="dismiss-review-all"]').click();
    } finally {
      rmSync(empty.dir, { recursive: true, force: true });
    }
  }, 120_000);
});
