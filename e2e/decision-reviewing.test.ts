// The decision surfaces of an approved skill that changed, in the real app
// (browser mode, Chromium, 1280×800) against a real skills server whose files
// the test changes on disk and whose reads are slow: while its change review
// (the Changes tab's rules over the version the server serves now) runs, the
// Changes tab's "Changed since approval" and the decision bar say so with the
// Reviewing… badge, and approving waits for the review's end (the bar cannot
// approve and says why). Once the review ends, both say nothing of it. They
// said nothing of the review while it ran.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveThenChange, changingServerPage, row, rowVerdict, SETUP, type ChangingServerPage } from './approved-then-changed.js';
import { pollWithin } from './harness.js';

const poll = pollWithin(30_000);

const changed = '[data-changed-since-approval]';
const changedLine = `${changed} [data-change-review-running]`;
const bar = '[data-decision-bar]';
const barLine = `${bar} [data-change-review-running]`;

describe('the decision surfaces of an approved skill while its change review runs', () => {
  let server: ChangingServerPage | undefined;
  let page: Page;

  beforeAll(async () => {
    // Every read takes 4 s: the review is still at work while both tabs are read.
    server = await changingServerPage(4000);
    ({ page } = server);
  }, 120_000);
  afterAll(() => server?.close());

  it('say the change review is running and approving waits for it, then nothing of it', async () => {
    const { app, folder, serverId } = server!;
    await approveThenChange(page, app.token, folder, serverId);
    await page.locator(row(SETUP)).click();
    await page.locator('[data-tab="changes"]').click();
    await poll(() => page.locator(rowVerdict(SETUP)).getAttribute('data-verdict')).toBe('reviewing');

    await poll(() => page.locator(changedLine).count()).toBe(1);
    expect(await page.locator(changedLine).textContent()).toBe(
      'Reviewing…The change review of the version served now is running: what it finds, and each error to acknowledge before approving, shows below when it ends.',
    );
    expect(await page.locator(`${changedLine} .mantine-Badge-root[data-verdict]`).getAttribute('data-verdict')).toBe('reviewing');
    // Nothing to approve from yet: the diff, and its approval panel, come with the review's end.
    expect(await page.locator('[data-reapprove]').count()).toBe(0);

    await page.locator('[data-tab="review"]').click();
    await poll(() => page.locator(barLine).count()).toBe(1);
    expect(await page.locator(barLine).textContent()).toBe('Reviewing…The change review is running: approving this version waits until it ends.');
    expect(await page.locator(`${barLine} .mantine-Badge-root[data-verdict]`).getAttribute('data-verdict')).toBe('reviewing');
    expect(await page.locator(bar).getAttribute('data-can-approve')).toBe('false');
    expect(await page.locator(bar).getAttribute('data-approve-waiting')).toBe('change-review');
    expect(await page.locator(`${bar} [data-decision]`).getAttribute('data-decision')).toBe('changed');
    expect(await page.locator(`${bar} [data-action="approve"]`).count()).toBe(0);
    // Still running while both were read.
    expect(await page.locator(rowVerdict(SETUP)).getAttribute('data-verdict')).toBe('reviewing');

    await poll(() => page.locator(rowVerdict(SETUP)).getAttribute('data-verdict')).toBe('risky');
    await poll(() => page.locator(barLine).count()).toBe(0);
    expect(await page.locator(bar).getAttribute('data-approve-waiting')).toBeNull();
    await page.locator('[data-tab="changes"]').click();
    await page.locator('[data-reapprove]').waitFor({ timeout: 30_000 });
    expect(await page.locator(changedLine).count()).toBe(0);
    // The gate for what the review found applies: the error is to be acknowledged by name.
    expect(await page.locator('[data-reapprove] [data-acknowledgements]').getAttribute('data-acknowledgements')).toBe('1');
    expect(await page.locator('[data-action="reapprove"]').isDisabled()).toBe(true);
  }, 120_000);
});
