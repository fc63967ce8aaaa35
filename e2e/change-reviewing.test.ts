// An approved skill that changed, in the real app (browser mode, Chromium,
// 1280×800) against a real skills server whose files the test changes on disk
// and whose reads are slow: while its change review (the Changes tab's rules
// over the version the server serves now) runs, its verdict in the catalog row
// and the detail header says "Reviewing…" with its icon, not "Not reviewed
// yet"; once the review ends, the verdict it reached, and never "Not reviewed
// yet" in between.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder } from '../test/fixtures/mutable-server/fixture.js';
import { approveThenChange, row, rowVerdict, SETUP, SETUP_V1 } from './approved-then-changed.js';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const LABEL = 'Slowly changing skills';
const headerVerdict = '[data-detail-header] .mantine-Badge-root[data-verdict]';

describe('the verdict of an approved skill while its change review runs', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let folder: SkillFolder;
  let serverId: string;

  beforeAll(async () => {
    folder = await SkillFolder.create();
    await folder.write('setup/SKILL.md', SETUP_V1);
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    // Every read takes 1.5 s: long enough to see the review at work.
    serverId = await addAndConnect(page, app.token, { label: LABEL, transport: folder.stdio({ readDelayMs: 1500 }) });
    await page.locator(`[data-server-label="${LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-server-label="${LABEL}"]`).click();
    await page.locator(row(SETUP)).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

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
