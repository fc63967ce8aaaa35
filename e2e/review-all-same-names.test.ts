// Review all's card names the skill at work as its catalog row does, in the
// real app (browser mode, Chromium) at 1280×800: a server lists two skills
// named "notes" (team-a/notes and team-b/notes, as the demo server lists two
// "refunds"), and its reads are held, so the job stays on the first. The card
// said "Now: notes", which could be either; it says "Now: team-a/notes" (or
// team-b/notes), the prefix and the name the row shows.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { pollWithin, type RunningApp } from './harness.js';
import { stalledServerPage, type StalledServerPage } from './stalled-server-page.js';

const poll = pollWithin(30_000);
const LABEL = 'Two notes';
const URIS = ['skill://team-a/notes/SKILL.md', 'skill://team-b/notes/SKILL.md'];

describe('Review all names the skill at work by its prefix and name', () => {
  let stalled: StalledServerPage;
  let app: RunningApp;
  let page: Page;
  const card = () => page.locator('[data-review-job]');

  beforeAll(async () => {
    stalled = await stalledServerPage(LABEL, async (folder) => {
      for (const team of ['team-a', 'team-b']) await folder.write(`${team}/notes/SKILL.md`, skillMd('notes', `Notes of ${team}. Use when taking notes.`, []));
    });
    ({ app, page } = stalled);
  }, 120_000);
  afterAll(() => stalled?.close());

  it('says team-a/notes or team-b/notes, never just notes', async () => {
    await page.locator(`[data-server-label="${LABEL}"]`).click();
    for (const uri of URIS) await page.locator(`[data-skill-uri="${uri}"]`).waitFor({ timeout: 30_000 });
    stalled.holdReads();
    await page.locator('[data-action="review-all"]').click();
    const current = card().locator('[data-review-current]');
    await poll(() => current.count()).toBe(1);
    const uri = await current.getAttribute('data-review-current');
    expect(URIS).toContain(uri);
    const shown = uri!.slice('skill://'.length, -'/SKILL.md'.length);
    expect(await current.textContent()).toBe(shown);
    expect(await current.evaluate((el) => el.parentElement!.textContent)).toBe(`Now: ${shown}`);

    await page.locator('[data-action="cancel-review-all"]').click();
    stalled.releaseReads();
    await poll(() => card().getAttribute('data-review-job')).toBe('cancelled');
    expect((await callContract(page, app.token, 'review.runningJobs', {})).map((j) => j.serverIds)).toEqual([]);
  }, 120_000);
});
