// The sidebar's verdict roll-up ("1 risky · 1 to look at") while an approved
// skill that changed is being change-reviewed, in the real app (browser mode,
// Chromium, 1280×800) against a real skills server whose files the test
// changes on disk and whose reads are slow. The skill's row says "Reviewing…",
// so its server's roll-up and All skills' say "1 reviewing…", as the verdict
// filter counts it; once the review ends, the verdict it reached. The roll-up
// counted the stored verdict, so it said nothing until the verdict landed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveThenChange, changingServerPage, LABEL, row, rowVerdict, SETUP, type ChangingServerPage } from './approved-then-changed.js';
import { pollWithin } from './harness.js';

const poll = pollWithin(30_000);

const verdictFilter = 'select[aria-label="Show only skills with the verdict"]';
const serverRollup = `[data-server-label="${LABEL}"] [data-verdict-rollup]`;
const allRollup = '[data-all-servers] [data-verdict-rollup]';

describe('the sidebar roll-up while a change review runs', () => {
  let server: ChangingServerPage | undefined;
  let page: Page;

  /** What each roll-up says, or null where it shows nothing. */
  const rollups = async () => ({
    server: (await page.locator(serverRollup).count()) === 0 ? null : await page.locator(serverRollup).getAttribute('data-verdict-rollup'),
    all: (await page.locator(allRollup).count()) === 0 ? null : await page.locator(allRollup).getAttribute('data-verdict-rollup'),
  });

  beforeAll(async () => {
    // Every read takes 4 s: the review is still at work while the roll-ups are read.
    server = await changingServerPage(4000);
    ({ page } = server);
  }, 120_000);
  afterAll(() => server?.close());

  it('counts the skill as reviewing while its row says Reviewing…, then by the verdict it reached', async () => {
    const { app, folder, serverId } = server!;
    await approveThenChange(page, app.token, folder, serverId);
    // Not reviewed yet needs no one's look: no roll-up.
    expect(await rollups()).toEqual({ server: null, all: null });

    await page.locator(row(SETUP)).click();
    await page.locator('[data-tab="changes"]').click();
    await poll(() => page.locator(rowVerdict(SETUP)).getAttribute('data-verdict')).toBe('reviewing');

    await poll(rollups).toEqual({ server: '1 reviewing…', all: '1 reviewing…' });
    // The same count as the verdict filter's.
    expect(await page.locator(`${verdictFilter} option[value="reviewing"]`).textContent()).toBe('Reviewing… (1)');
    const part = page.locator(`${serverRollup} [data-rollup-verdict="reviewing"]`);
    expect(await part.textContent()).toBe(' 1 reviewing…');
    expect(await part.locator('svg').count()).toBe(1);
    // Still running while the roll-up was read.
    expect(await page.locator(rowVerdict(SETUP)).getAttribute('data-verdict')).toBe('reviewing');

    await poll(() => page.locator(rowVerdict(SETUP)).getAttribute('data-verdict')).toBe('risky');
    await poll(rollups).toEqual({ server: '1 risky', all: '1 risky' });
  }, 120_000);
});
