// The command palette's entry for an approved skill that changed, in the real
// app (browser mode, Chromium, 1280×800) against a real skills server whose
// reads are slow: while its change review (the Changes tab's rules over the
// version served now) runs, the entry says "Reviewing…" in its words and its
// badge, as the skill's catalog row and detail header do; once the review
// ends, the verdict it reached. It said "Not reviewed yet" the whole time.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillFolder } from '../test/fixtures/mutable-server/fixture.js';
import { approveThenChange, changingServerPage, LABEL, row, SETUP, type ChangingServerPage } from './approved-then-changed.js';
import { pollWithin, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const SEARCH = 'Type a command, a server or a skill…';
const headerVerdict = '[data-detail-header] .mantine-Badge-root[data-verdict]';

describe('the palette entry of an approved skill while its change review runs', () => {
  let app: RunningApp;
  let page: Page;
  let folder: SkillFolder;
  let serverId: string;
  let server: ChangingServerPage | undefined;

  beforeAll(async () => {
    // Every read takes 3 s: the review is still at work while the palette is opened and searched.
    server = await changingServerPage(3000);
    ({ app, page, folder, serverId } = server);
  }, 120_000);
  afterAll(() => server?.close());

  it('says Reviewing… while the change review runs, then the verdict it reached', async () => {
    await approveThenChange(page, app.token, folder, serverId);
    await page.locator(row(SETUP)).click();
    await page.locator('[data-tab="changes"]').click();
    await poll(() => page.locator(headerVerdict).getAttribute('data-verdict')).toBe('reviewing');

    await page.keyboard.press('Control+k');
    await page.getByPlaceholder(SEARCH).fill('open setup');
    const entry = page.locator('.mantine-Spotlight-action', { hasText: 'Open setup' });
    await entry.waitFor({ timeout: 30_000 });
    const words = entry.locator('.mantine-Spotlight-actionDescription');
    const badge = entry.locator('.mantine-Badge-root[data-verdict]');
    await poll(() => badge.getAttribute('data-verdict')).toBe('reviewing');
    expect(await words.textContent()).toBe(`${LABEL} · Reviewing… · Sets up the project tools. Use when starting work on the project.`);
    expect(await badge.textContent()).toBe('Reviewing…');
    // The review was still running when the entry was read: the header behind the palette says so.
    expect(await page.locator(headerVerdict).getAttribute('data-verdict')).toBe('reviewing');

    // The palette stays open while the review ends: its entry follows.
    await poll(() => badge.getAttribute('data-verdict')).toBe('risky');
    expect(await words.textContent()).toBe(`${LABEL} · Risky · 1 error · Sets up the project tools. Use when starting work on the project.`);
    expect(await badge.textContent()).toBe('Risky · 1 error');
  }, 90_000);
});
