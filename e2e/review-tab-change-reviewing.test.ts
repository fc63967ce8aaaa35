// The Review tab of an approved skill that changed, in the real app (browser
// mode, Chromium, 1280×800) against a real skills server whose files the test
// changes on disk and whose reads are slow: while its change review (the
// Changes tab's rules over the version the server serves now) runs, the tab
// says so — "Reviewing…", as the skill's row and header do — and once the
// review ends, the verdict it reached. It said nothing of the review until its
// verdict landed, where the row and the header said "Reviewing…".
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveThenChange, changingServerPage, row, rowVerdict, SETUP, type ChangingServerPage } from './approved-then-changed.js';
import { pollWithin } from './harness.js';

const poll = pollWithin(30_000);

const headerVerdict = '[data-detail-header] .mantine-Badge-root[data-verdict]';
const earlier = '[data-review-start] [data-earlier-review]';
const earlierVerdict = `${earlier} .mantine-Badge-root[data-verdict]`;

describe('the Review tab of an approved skill while its change review runs', () => {
  let server: ChangingServerPage | undefined;
  let page: Page;

  beforeAll(async () => {
    // Every read takes 3 s: the review is still at work when the Review tab is opened and read.
    server = await changingServerPage(3000);
    ({ page } = server);
  }, 120_000);
  afterAll(() => server?.close());

  it('says Reviewing… while the change review runs, then the verdict it reached', async () => {
    const { app, folder, serverId } = server!;
    await approveThenChange(page, app.token, folder, serverId);
    await page.locator(row(SETUP)).click();
    await page.locator('[data-tab="changes"]').click();
    await poll(() => page.locator(headerVerdict).getAttribute('data-verdict')).toBe('reviewing');

    // Every verdict the Review tab's line about the change review shows from here on, in order ('none': no line).
    // (A script in the page's own words: this file is not compiled with the DOM's types.)
    await page.evaluate(`(() => {
      const selector = ${JSON.stringify(earlierVerdict)};
      const seen = (window.seenEarlier = []);
      const note = () => {
        const verdict = document.querySelector(selector)?.getAttribute('data-verdict') ?? 'none';
        if (seen[seen.length - 1] !== verdict) seen.push(verdict);
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-verdict'] });
    })()`);
    await page.locator('[data-tab="review"]').click();

    const line = page.locator(earlier);
    const badge = page.locator(earlierVerdict);
    await poll(() => badge.getAttribute('data-verdict')).toBe('reviewing');
    expect(await line.getAttribute('data-earlier-review')).toBe('change-review');
    expect(await line.textContent()).toBe('The change review of the version served now is running:Reviewing…Its verdict shows here when that review ends.');
    expect(await badge.textContent()).toBe('Reviewing…');
    expect(await page.locator('[data-review-start] h3').textContent()).toBe('Changed since you approved it');
    // The review was still running when the tab was read: the header and the row say so too.
    expect(await page.locator(headerVerdict).getAttribute('data-verdict')).toBe('reviewing');
    expect(await page.locator(rowVerdict(SETUP)).getAttribute('data-verdict')).toBe('reviewing');

    await poll(() => badge.getAttribute('data-verdict')).toBe('risky');
    expect(await line.textContent()).toBe('The change review of the version served now found:Risky · 1 errorIts Changes tab shows what is new since you approved it.');
    expect(await page.locator(headerVerdict).getAttribute('data-verdict')).toBe('risky');
    // On the Changes tab no line; on the Review tab Reviewing…, then the verdict: never "Not reviewed yet", never nothing in between.
    expect(await page.evaluate('window.seenEarlier')).toEqual(['none', 'reviewing', 'risky']);
  }, 90_000);
});
