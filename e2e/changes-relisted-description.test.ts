// An approved skill whose server lists it again with another description while
// every file's bytes, digest and size stay the same (the hostile-edges case
// catalogs/relist-description), in the real app (browser mode, Chromium) at
// 1280×800. The Changes tab must show that change — the description as
// approved and as listed now — and must not call the two versions the same.
// The content checks read the files' bytes, never the listing, so they find
// nothing new: before, the tab said so in green ("Nothing new since approval")
// above a description that now tells the agent to send ~/.ssh/id_rsa away.
// It now says, first, that the listing changed where the checks do not look.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { HOSTILE_EDGES_SERVER } from '../test/fixtures/hostile-edges/harness.js';
import { HOSTILE_DESCRIPTION, SKILL } from '../test/fixtures/hostile-edges/catalogs/relist-description.mjs';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);
const LABEL = 'Relisting notes';
const row = `[data-skill-uri="${SKILL}"]`;

describe('Changes tab: a relisted description with the same files', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let serverId: string;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator('[data-skill-uri="skill://repo-audit/SKILL.md"]').waitFor({ timeout: 30_000 });
    serverId = await addAndConnect(page, app.token, { label: LABEL, transport: { kind: 'stdio', command: process.execPath, args: [HOSTILE_EDGES_SERVER, 'catalogs/relist-description'], env: {} } });
    await page.locator(`[data-server-label="${LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the description as approved and as listed now', async () => {
    await page.locator(`[data-server-label="${LABEL}"]`).click();
    await page.locator(row).click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe(SKILL);
    const review = await callContract(page, app.token, 'approvals.startReview', { serverId, skillUri: SKILL });
    expect(review.canApprove).toBe(true);
    await callContract(page, app.token, 'approvals.approve', { serverId, skillUri: SKILL, fingerprint: review.fingerprint });
    await poll(() => page.locator(`${row} [data-approval]`).getAttribute('data-approval')).toBe('approved');

    await page.locator('[data-tab="changes"]').click();
    await page.locator('[data-action="check-again"]').click();
    await poll(() => page.locator(`${row} [data-approval]`).getAttribute('data-approval')).toBe('changed');

    const diff = page.locator('[data-diff]');
    await poll(() => diff.getAttribute('data-diff-identical')).toBe('false');
    expect(await page.locator('[data-diff-none]').count()).toBe(0);
    const field = page.locator('[data-diff-frontmatter] [data-field-diff="description"]');
    await poll(() => field.getAttribute('data-field-change')).toBe('changed');
    expect(await field.locator('td').allTextContents()).toEqual(['description', 'changed', '"Formats notes."', JSON.stringify(HOSTILE_DESCRIPTION)]);
    expect(await page.locator('[data-diff-summary]').textContent()).toBe('0 files changed, 0 added, 0 removed, 1 frontmatter field different; 2 unchanged.');

    // No green all-clear: the checks never read what changed.
    expect(await page.locator('[data-risk-headline]').getAttribute('data-risk-headline')).toBe('listing-unchecked');
    expect(await page.locator('[data-risk-headline]').textContent()).toBe(
      'The listing changed where the checks do not lookThe listing’s frontmatter changed (description) while SKILL.md’s bytes did not. The content checks read the files’ bytes, not the listing, so they cannot speak for it: read the frontmatter change below before you approve.',
    );
    expect(await page.locator('[data-risk-delta] [data-delta-group="new"]').getAttribute('data-delta-count')).toBe('0');
  }, 120_000);
});
