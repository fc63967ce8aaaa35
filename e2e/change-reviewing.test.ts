// An approved skill that changed, in the real app (browser mode, Chromium,
// 1280×800) against a real skills server whose files the test changes on disk
// and whose reads are slow: while its change review (the Changes tab's rules
// over the version the server serves now) runs, its verdict in the catalog row
// and the detail header says "Reviewing…" with its icon, not "Not reviewed
// yet"; once the review ends, the verdict it reached, and never "Not reviewed
// yet" in between.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillFolder } from '../test/fixtures/mutable-server/fixture.js';
import { approveThenChange, changingServerPage, row, rowVerdict, SETUP, type ChangingServerPage } from './approved-then-changed.js';
import { pollWithin, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const headerVerdict = '[data-detail-header] .mantine-Badge-root[data-verdict]';

describe('the verdict of an approved skill while its change review runs', () => {
  let app: RunningApp;
  let page: Page;
  let folder: SkillFolder;
  let serverId: string;
  let server: ChangingServerPage | undefined;

  beforeAll(async () => {
    // Every read takes 1.5 s: long enough to see the review at work.
    server = await changingServerPage(1500);
    ({ app, page, folder, serverId } = server);
  }, 120_000);
  afterAll(() => server?.close());

  it('says Reviewing… while the change review runs, then the verdict it reached', async () => {
    // Nothing reviews the new version yet: "Not reviewed yet" is true until the change review starts.
    await approveThenChange(page, app.token, folder, serverId);

    // Every verdict the row's badge shows from here on, in order (each once, as it changes).
    // (A script in the page's own words: this file is not compiled with the DOM's types.)
    await page.evaluate(`(() => {
      const selector = ${JSON.stringify(rowVerdict(SETUP))};
      const seen = (window.seenVerdicts = []);
      const note = () => {
        const verdict = document.querySelector(selector)?.getAttribute('data-verdict');
        if (verdict && seen[seen.length - 1] !== verdict) seen.push(verdict);
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-verdict'] });
    })()`);

    await page.locator(row(SETUP)).click();
    await page.locator('[data-tab="changes"]').click();

    // While the rules read and judge the version served now.
    const badge = page.locator(rowVerdict(SETUP));
    await poll(() => badge.getAttribute('data-verdict')).toBe('reviewing');
    expect(await badge.textContent()).toBe('Reviewing…');
    expect(await badge.locator('svg').count()).toBe(1);
    expect(await badge.getAttribute('title')).toBe(
      'It changed since you approved it, and the change review is running the content-risk rules on the version the server serves now. Its verdict shows here when that review ends.',
    );
    expect(await page.locator(headerVerdict).getAttribute('data-verdict')).toBe('reviewing');
    expect(await page.locator(headerVerdict).textContent()).toBe('Reviewing…');
    // The diff, and the change review with it, is still on its way.
    expect(await page.locator('[data-risk-delta]').count()).toBe(0);

    await page.locator('[data-risk-delta]').waitFor({ timeout: 30_000 });
    await poll(() => badge.getAttribute('data-verdict')).toBe('risky');
    expect(await badge.textContent()).toBe('Risky · 1 error');
    expect(await page.locator(headerVerdict).getAttribute('data-verdict')).toBe('risky');
    expect(await page.evaluate('window.seenVerdicts')).toEqual(['not-reviewed', 'reviewing', 'risky']);
  });
});
