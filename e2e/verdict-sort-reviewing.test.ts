// Sorting and filtering by verdict while an approved skill that changed is
// being change-reviewed, in the real app (browser mode, Chromium, 1280×800)
// against a real skills server whose files the test changes on disk and whose
// reads are slow. The skill's row says "Reviewing…", so the sort by verdict
// puts it in a group of its own just before "Not reviewed yet", and the
// command palette offers "Filter: reviewing… skills" as the filter control
// offers "Reviewing…". The sort left it among "Not reviewed yet" by name, and
// the palette had no such filter.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { approveThenChange, changingServerPage, row, rowVerdict, SETUP, type ChangingServerPage } from './approved-then-changed.js';
import { pollWithin } from './harness.js';

const poll = pollWithin(30_000);

/** Named before setup, so by name it comes first among the skills not reviewed yet. */
const NOTES = 'skill://notes/SKILL.md';
const SEARCH = 'Type a command, a server or a skill…';
const headerVerdict = '[data-detail-header] .mantine-Badge-root[data-verdict]';
const verdictFilter = 'select[aria-label="Show only skills with the verdict"]';
const sortBy = 'select[aria-label="Sort skills by"]';

describe('sorting and filtering by verdict while a change review runs', () => {
  let server: ChangingServerPage | undefined;
  let page: Page;

  /** The skills the list shows, by URI, in order. */
  const listed = () => page.locator('.skill-list [data-skill-uri]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-skill-uri')));

  beforeAll(async () => {
    // Every read takes 4 s: the review is still at work while the list is sorted and the palette used.
    server = await changingServerPage(4000);
    ({ page } = server);
  }, 120_000);
  afterAll(() => server?.close());

  it('sorts the skill saying Reviewing… before Not reviewed yet, and the palette filters by Reviewing…', async () => {
    const { app, folder, serverId } = server!;
    await folder.write('notes/SKILL.md', skillMd('notes', 'Keeps notes. Use when taking notes.'));
    await approveThenChange(page, app.token, folder, serverId);
    await page.locator(row(NOTES)).waitFor({ timeout: 30_000 });
    await page.locator(sortBy).selectOption('verdict');
    // Both not reviewed yet: by name.
    await poll(listed).toEqual([NOTES, SETUP]);

    await page.locator(row(SETUP)).click();
    await page.locator('[data-tab="changes"]').click();
    // Read together, so the order is the one while the row says Reviewing… (once Risky, it comes first anyway).
    await poll(async () => [await listed(), await page.locator(rowVerdict(SETUP)).getAttribute('data-verdict')]).toEqual([[SETUP, NOTES], 'reviewing']);

    await page.keyboard.press('Control+k');
    await page.getByPlaceholder(SEARCH).fill('filter: reviewing');
    const entry = page.locator('.mantine-Spotlight-action', { hasText: 'Filter: reviewing… skills' });
    await entry.waitFor({ timeout: 30_000 });
    await entry.click();
    await poll(() => page.locator(verdictFilter).inputValue()).toBe('reviewing');
    await poll(listed).toEqual([SETUP]);
    // The review was still running throughout: the header says so.
    expect(await page.locator(headerVerdict).getAttribute('data-verdict')).toBe('reviewing');

    // Its verdict reached, Risky sorts first.
    await poll(() => page.locator(headerVerdict).getAttribute('data-verdict')).toBe('risky');
    await page.locator(verdictFilter).selectOption('any');
    await poll(listed).toEqual([SETUP, NOTES]);
    expect(await page.locator(rowVerdict(NOTES)).getAttribute('data-verdict')).toBe('not-reviewed');
  }, 120_000);
});
