// The command palette left open while the app changes under it, in the real
// app (browser mode, Chromium, 1280×800) against a real skills server whose
// reads are slow: its entries follow what is true now. A Review all started
// by another window while the palette is open offers "Cancel Review all" at
// once and, once it ends, Review all again; one cancelled by another window
// gives way to Review all again (the palette went on offering "Cancel Review
// all" for a job no longer running: its entries were built again only as the
// catalog, the servers or Verify all changed, and read the job as it was
// then); a server disconnected while it is open offers "connect" in place of
// "disconnect" and "reconnect".
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { changingServerPage, LABEL, type ChangingServerPage } from './approved-then-changed.js';
import { pollWithin } from './harness.js';
import { PALETTE_SEARCH, openPaletteAt } from './palette.js';

const poll = pollWithin(30_000);

describe('the palette left open follows what changes', () => {
  let server: ChangingServerPage | undefined;
  let page: Page;

  /** The labels the open palette offers now, in order. */
  const offered = () => page.locator('.mantine-Spotlight-action .mantine-Spotlight-actionLabel').allTextContents();

  beforeAll(async () => {
    // Every read takes 3 s: Review all is still at work when the palette opens.
    server = await changingServerPage(3000);
    ({ page } = server);
  }, 120_000);
  afterAll(() => server?.close());

  /** The description of the open palette's entry labelled `label`. */
  const descriptionOf = (label: string) => page.locator('.mantine-Spotlight-action', { has: page.locator('.mantine-Spotlight-actionLabel', { hasText: label }) }).locator('.mantine-Spotlight-actionDescription').textContent();

  it('a Review all started elsewhere while it is open offers Cancel Review all at once; once it ends, Review all again', async () => {
    await openPaletteAt(page, 'review all', 'Review all skills');
    expect(await offered()).not.toContain('Cancel Review all');
    // Started by another window of the app (the main process runs one job for all): this one hears of it by its progress.
    await callContract(page, server!.app.token, 'review.startAll', { serverId: server!.serverId });
    await poll(offered).toContain('Cancel Review all');
    // Offered while the job is at its first read (3 s), not once a verdict came in.
    expect(await descriptionOf('Cancel Review all')).toBe('0 of 1 skills reviewed; the rest keep the review they had');
    expect(await offered()).not.toContain('Review all skills');

    // The job ends with the palette still open.
    await poll(offered).toContain('Review all skills');
    expect(await offered()).not.toContain('Cancel Review all');
    expect(await page.getByPlaceholder(PALETTE_SEARCH).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => page.getByPlaceholder(PALETTE_SEARCH).isVisible()).toBe(false);
  });

  it('a Review all cancelled elsewhere while it is open: Cancel Review all gives way to Review all', async () => {
    await openPaletteAt(page, 'review all', 'Review all skills');
    const job = await callContract(page, server!.app.token, 'review.startAll', { serverId: server!.serverId });
    await poll(offered).toContain('Cancel Review all');
    await callContract(page, server!.app.token, 'review.cancelAll', { jobId: job.jobId });
    await poll(offered).toContain('Review all skills');
    expect(await offered()).not.toContain('Cancel Review all');
    await page.keyboard.press('Escape');
    await poll(() => page.getByPlaceholder(PALETTE_SEARCH).isVisible()).toBe(false);
  });

  it('a server disconnected while it is open: connect in place of disconnect', async () => {
    await openPaletteAt(page, `${LABEL} connect`, `${LABEL}: disconnect`);
    expect(await offered()).toEqual(expect.arrayContaining([`${LABEL}: reconnect`, `${LABEL}: disconnect`]));
    await callContract(page, server!.app.token, 'servers.disconnect', { serverId: server!.serverId });
    await poll(offered).toContain(`${LABEL}: connect`);
    const now = await offered();
    expect(now).not.toContain(`${LABEL}: disconnect`);
    expect(now).not.toContain(`${LABEL}: reconnect`);
    await page.keyboard.press('Escape');
  });
});
