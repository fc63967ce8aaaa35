// The catalog's verdict filter while an approved skill that changed is being
// change-reviewed, in the real app (browser mode, Chromium, 1280×800) against
// a real skills server whose files the test changes on disk and whose reads
// are slow. The skill's row says "Reviewing…", so the filter says so too: it
// is counted and listed under "Reviewing…" (a choice there while a change
// review runs, or while chosen), not under "Not reviewed yet", and each
// choice's count is the rows it lists. Once the review ends, under the verdict
// it reached. "Not reviewed yet" counted and listed it for the whole review.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { approveThenChange, changingServerPage, row, rowVerdict, SETUP, type ChangingServerPage } from './approved-then-changed.js';
import { pollWithin } from './harness.js';

const poll = pollWithin(30_000);

const NOTES = 'skill://notes/SKILL.md';
const headerVerdict = '[data-detail-header] .mantine-Badge-root[data-verdict]';
const verdictFilter = 'select[aria-label="Show only skills with the verdict"]';

describe('the verdict filter while a change review runs', () => {
  let server: ChangingServerPage | undefined;
  let page: Page;

  /** The filter's choices as they read. */
  const choices = () => page.locator(`${verdictFilter} option`).allTextContents();
  /** The skills the list shows, by URI, in order. */
  const listed = () => page.locator('.skill-list [data-skill-uri]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-skill-uri')));
  const choose = async (value: string) => {
    await page.locator(verdictFilter).selectOption(value);
    await poll(() => page.locator(verdictFilter).inputValue()).toBe(value);
  };

  beforeAll(async () => {
    // Every read takes 4 s: the review is still at work while the filter is read and chosen twice.
    server = await changingServerPage(4000);
    ({ page } = server);
  }, 120_000);
  afterAll(() => server?.close());

  it('counts and lists the skill under Reviewing…, then under the verdict it reached', async () => {
    const { app, folder, serverId } = server!;
    // A second skill nothing reviews: "Not reviewed yet" is true of it throughout.
    await folder.write('notes/SKILL.md', skillMd('notes', 'Keeps notes. Use when taking notes.'));
    await approveThenChange(page, app.token, folder, serverId);
    await page.locator(row(NOTES)).waitFor({ timeout: 30_000 });
    expect(await choices()).toEqual(['Any verdict', 'Risky (0)', 'Needs a look (0)', 'Clean as checked (0)', 'Not reviewed yet (2)']);

    await page.locator(row(SETUP)).click();
    await page.locator('[data-tab="changes"]').click();
    await poll(() => page.locator(rowVerdict(SETUP)).getAttribute('data-verdict')).toBe('reviewing');

    expect(await choices()).toEqual(['Any verdict', 'Risky (0)', 'Needs a look (0)', 'Clean as checked (0)', 'Not reviewed yet (1)', 'Reviewing… (1)']);
    await choose('not-reviewed');
    await poll(listed).toEqual([NOTES]);
    await choose('reviewing');
    await poll(listed).toEqual([SETUP]);
    expect(await page.locator(rowVerdict(SETUP)).textContent()).toBe('Reviewing…');
    expect(await page.locator('[data-visible-count]').textContent()).toBe('1 of 2 skills');
    // The review was still running while the filter was read and chosen: the header says so.
    expect(await page.locator(headerVerdict).getAttribute('data-verdict')).toBe('reviewing');

    await poll(() => page.locator(headerVerdict).getAttribute('data-verdict')).toBe('risky');
    // Still chosen, so still a choice, now of no skill: the list and the count agree.
    await poll(choices).toEqual(['Any verdict', 'Risky (1)', 'Needs a look (0)', 'Clean as checked (0)', 'Not reviewed yet (1)', 'Reviewing… (0)']);
    expect(await listed()).toEqual([]);
    expect(await page.locator('[data-visible-count]').textContent()).toBe('0 of 2 skills');
    await choose('risky');
    await poll(listed).toEqual([SETUP]);
    expect(await page.locator(rowVerdict(SETUP)).textContent()).toBe('Risky · 1 error');
    // No change review runs and it is not chosen: no Reviewing… choice.
    expect(await choices()).toEqual(['Any verdict', 'Risky (1)', 'Needs a look (0)', 'Clean as checked (0)', 'Not reviewed yet (1)']);
  }, 120_000);
});
