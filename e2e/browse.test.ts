// Browsing skills in the real app (browser mode, Chromium) against the
// bundled demo server and the broken-skills fixture: rendered bodies,
// relative links, digest mismatches with their evidence, hidden characters,
// frontmatter drift, and Verify all with progress, cancel and summary.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, brokenServerInput, GUIDE_AS_LISTED, GUIDE_AS_SERVED, HIDDEN_TAG_TEXT, sha256 } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);

const row = (uri: string) => `[data-skill-uri="${uri}"]`;

describe('browsing skills', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;

  beforeAll(async () => {
    ui = await openAppInBrowser();
    ({ app, page } = ui);
    await page.locator('[data-server-label="Sample skills (bundled)"] [data-connection="connected"]').waitFor({ timeout: 20_000 });
    await addAndConnect(page, app.token, brokenServerInput('Broken fixture'));
    await page.locator('[data-server-label="Broken fixture"] [data-connection="connected"]').waitFor({ timeout: 20_000 });
    await page.locator(row('skill://tampered-guide/SKILL.md')).waitFor();
  });
  afterAll(() => ui?.close());

  it('renders a skill body and follows a relative link to its reference file', async () => {
    await page.locator(row('skill://release-notes/SKILL.md')).click();
    const body = page.getByTestId('markdown');
    await poll(() => body.locator('h1').textContent()).toBe('Release notes');
    expect(await body.locator('li').first().textContent()).toBe('Collect the merged changes the user gives you.');

    // "the style guide" points at references/STYLE.md, resolved against the skill root.
    await body.locator('[data-skill-link="references/STYLE.md"]').click();
    await poll(() => page.locator('[data-tab="files"]').getAttribute('aria-selected')).toBe('true');
    const view = page.locator('[data-file-view="skill://release-notes/references/STYLE.md"]');
    await poll(() => view.locator('[data-code-view]').textContent()).toContain('# Release-notes style');
    await poll(() => view.locator('[data-file-check]').getAttribute('data-file-check')).toBe('verified');
    expect(await view.locator('[data-file-path]').textContent()).toBe('references/STYLE.md');
    // The tree marks the file read and matching, and the others not yet read.
    await poll(() => page.locator('[data-file-node="references/STYLE.md"] [data-file-state]').getAttribute('data-file-state')).toBe('verified');
    expect(await page.locator('[data-file-node="references/EXAMPLES.md"] [data-file-state]').getAttribute('data-file-state')).toBe('unread');
  });

  it('loads no remote image and runs no raw HTML until asked; outside links ask first', async () => {
    // Nothing may leave the machine until the user clicks; what does is answered locally.
    const remote: string[] = [];
    await page.route('https://example.com/**', (route) => {
      remote.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    });
    await page.locator('[data-server-label="Broken fixture"]').click();
    await page.locator(row('skill://clean-skill/SKILL.md')).click();
    const body = page.getByTestId('markdown');
    await poll(() => body.locator('h1').textContent()).toBe('Clean skill');
    expect(await body.locator('img').count()).toBe(0);
    expect(await body.locator('script').count()).toBe(0);
    expect(await page.evaluate('typeof window.__injected')).toBe('undefined');
    expect(remote).toEqual([]);
    await body.locator('[data-remote-image-placeholder="https://example.com/diagram.png"]').click();
    expect(await body.locator('img[data-remote-image="https://example.com/diagram.png"]').getAttribute('referrerpolicy')).toBe('no-referrer');
    await poll(() => remote).toEqual(['https://example.com/diagram.png']);

    await body.locator('[data-external-link="https://example.com/spec"]').click();
    const dialog = page.locator('.mantine-Modal-content');
    await poll(() => dialog.textContent()).toContain('https://example.com/spec');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => page.locator('.mantine-Modal-content').count()).toBe(0);
    expect(remote).toEqual(['https://example.com/diagram.png']);
  });

  it('flags a digest mismatch on the file that was tampered with, with expected and actual', async () => {
    await page.locator(row('skill://tampered-guide/SKILL.md')).click();
    await page.locator('[data-action="verify-skill"]').click();
    await poll(() => page.locator(`${row('skill://tampered-guide/SKILL.md')} [data-status]`).getAttribute('data-status')).toBe('mismatch');

    await page.locator('[data-tab="checks"]').click();
    const digest = page.locator('[data-finding="sep-2640-host-verify-digest"]');
    await poll(() => digest.count()).toBe(1);
    expect(await digest.getAttribute('data-finding-file')).toBe('skill://tampered-guide/references/GUIDE.md');
    expect(await digest.locator('[data-expected]').textContent()).toBe(sha256(GUIDE_AS_LISTED));
    expect(await digest.locator('[data-actual]').textContent()).toBe(sha256(GUIDE_AS_SERVED));

    // The finding links to the file; there the same evidence sits under the file's facts.
    await digest.locator('[data-finding-link="file"]').click();
    const view = page.locator('[data-file-view="skill://tampered-guide/references/GUIDE.md"]');
    await poll(() => view.locator('[data-file-check]').getAttribute('data-reason')).toBe('digest');
    expect(await view.locator('[data-file-check] [data-expected]').textContent()).toBe(sha256(GUIDE_AS_LISTED));
    expect(await view.locator('[data-file-check] [data-actual]').textContent()).toBe(sha256(GUIDE_AS_SERVED));
    expect(await page.locator('[data-file-node="references/GUIDE.md"] [data-file-state]').getAttribute('data-file-state')).toBe('failed');
    // SKILL.md itself matched: only the tampered file is flagged.
    expect(await page.locator('[data-file-node="SKILL.md"] [data-file-state]').getAttribute('data-file-state')).toBe('verified');
    // A file the directory listing shows but the entry does not list is marked, and not read.
    await poll(() => page.locator('[data-file-node="notes/UNLISTED.md"]').getAttribute('data-listed')).toBe('false');
  });

  it('reveals and counts hidden characters in the Bytes tab, and decodes tag text', async () => {
    await page.locator(row('skill://hidden-instructions/SKILL.md')).click();
    await poll(() => page.locator('[data-overview-hidden]').getAttribute('data-overview-hidden')).toBe('34');
    await page.locator('[data-tab="bytes"]').click();
    const summary = page.locator('[data-invisible-summary]');
    await poll(() => summary.getAttribute('data-total')).toBe('34');
    expect(await summary.locator('[data-invisible-counts]').textContent()).toBe(
      '28 Unicode tag characters, 2 zero-width characters, 2 bidirectional controls, 1 unusual space, 1 control character.',
    );
    expect(await summary.locator('[data-decoded-hidden-text]').textContent()).toBe(`“${HIDDEN_TAG_TEXT}”`);

    const bytes = page.locator('[data-bytes-view]');
    expect(await bytes.locator('[data-line="7"] [data-invisible="zero-width"]').allTextContents()).toEqual(['ZWSP', 'ZWSP']);
    expect(await bytes.locator('[data-line="8"] [data-invisible="tag"]').getAttribute('data-hidden-text')).toBe(HIDDEN_TAG_TEXT);
    expect(await bytes.locator('[data-line="9"] [data-invisible="bidi"]').allTextContents()).toEqual(['RLO', 'PDF']);
    expect(await bytes.locator('[data-line="10"] [data-invisible="space"]').textContent()).toBe('NBSP');
    expect(await bytes.locator('[data-line="10"] [data-invisible="control"]').textContent()).toBe('BEL');
    // Ordinary lines stay as written.
    expect(await bytes.locator('[data-line="5"]').textContent()).toBe('5# Commit message helper');
  });

  it('shows the listing’s frontmatter beside the served file’s, the difference marked', async () => {
    await page.locator(row('skill://frontmatter-drift/SKILL.md')).click();
    await page.locator('[data-tab="frontmatter"]').click();
    await poll(() => page.locator('[data-frontmatter-state]').getAttribute('data-frontmatter-state')).toBe('different');
    const description = page.locator('tr[data-field="description"]');
    expect(await description.getAttribute('data-field-state')).toBe('different');
    expect(await description.locator('td').nth(1).textContent()).toBe('What the listing claims.');
    expect(await description.locator('td').nth(2).textContent()).toBe('What the file itself says.');
    expect(await page.locator('tr[data-field="name"]').getAttribute('data-field-state')).toBe('same');
    expect(await page.locator('tr[data-field="license"]').getAttribute('data-field-state')).toBe('same');

    // The Checks tab links the finding's field back to this table.
    await page.locator('[data-tab="checks"]').click();
    const comparison = page.locator('[data-finding="sep-2640-host-frontmatter-comparison"]');
    await poll(() => comparison.count()).toBe(1);
    await comparison.locator('[data-finding-link="field"]').click();
    await poll(() => page.locator('[data-tab="frontmatter"]').getAttribute('aria-selected')).toBe('true');
    await poll(() => page.locator('tr[data-field="description"]').getAttribute('data-highlighted')).toBe('true');
    // …and its line to that line of the file's exact bytes.
    await page.locator('[data-tab="checks"]').click();
    await comparison.locator('[data-finding-link="line"]').click();
    await poll(() => page.locator('[data-tab="bytes"]').getAttribute('aria-selected')).toBe('true');
    const line = page.locator('[data-bytes-view] [data-highlighted="true"]');
    await poll(() => line.getAttribute('data-line')).toBe('3');
    expect(await line.textContent()).toBe('3description: What the file itself says.');
  });

  it('runs Verify all with progress, can cancel it, and sums it up when done', async () => {
    // A slow copy of the fixture, so the progress can be watched and the job cancelled.
    await addAndConnect(page, app.token, brokenServerInput('Slow fixture', 1_500));
    await page.locator('[data-server-label="Slow fixture"] [data-connection="connected"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-server-label="Slow fixture"]').click();
    await poll(() => page.locator('[data-skill-uri]').count()).toBe(5);

    await page.locator('[data-catalog-server="Slow fixture"] [data-action="verify-all"]').click();
    const running = page.locator('[data-verify-job="running"]');
    await running.waitFor();
    expect(await running.getAttribute('data-total')).toBe('5');
    expect(Number(await running.getAttribute('data-done'))).toBeLessThan(5);
    await running.locator('[data-action="cancel-verify"]').click();
    const cancelled = page.locator('[data-verify-job="cancelled"]');
    await cancelled.waitFor({ timeout: 20_000 });
    expect(await cancelled.locator('[data-verify-summary]').textContent()).toMatch(/^Cancelled after \d of 5 skills: /);

    await page.locator('[data-server-label="Broken fixture"]').click();
    await page.locator('[data-catalog-server="Broken fixture"] [data-action="verify-all"]').click();
    const done = page.locator('[data-verify-job="done"]');
    await done.waitFor({ timeout: 20_000 });
    expect(await done.getAttribute('data-total')).toBe('5');
    expect(await done.getAttribute('data-done')).toBe('5');
    expect(await done.getAttribute('data-verified')).toBe('2');
    expect(await done.getAttribute('data-failed')).toBe('2');
    expect(await done.getAttribute('data-unverifiable')).toBe('1');
    expect(await done.locator('[data-verify-summary]').textContent()).toBe('Verified 5 skills: 2 match the listing, 2 failed, 1 unverifiable.');
    expect(await page.locator(`${row('skill://clean-skill/SKILL.md')} [data-status]`).getAttribute('data-status')).toBe('verified');
    expect(await page.locator(`${row('skill://dynamic-skill/SKILL.md')} [data-status]`).getAttribute('data-status')).toBe('unverifiable');

    // "Show failed" narrows the catalog to the skills with errors.
    await done.getByRole('button', { name: 'Show failed' }).click();
    await poll(() => page.locator('[data-skill-uri]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-skill-uri')))).toEqual([
      'skill://frontmatter-drift/SKILL.md',
      'skill://tampered-guide/SKILL.md',
    ]);
  });

  it('loads a skill by URI: the server’s refusal in place, a confirmed one added', async () => {
    await page.locator('[data-filter="errors"]').click();
    await page.getByRole('button', { name: 'Load by URI' }).click();
    const uri = page.locator('[data-field="skill-uri"]');
    await uri.waitFor();
    await uri.fill('skill://no-such-skill/SKILL.md');
    await page.locator('[data-action="load-uri"]').click();
    const refusal = page.locator('.mantine-Modal-content [data-error-notice]');
    await poll(() => refusal.textContent()).toContain('skill://no-such-skill/SKILL.md');

    // The server's instructions name a skill its listing leaves out; it is offered, and skills/get confirms it.
    await page.locator('[data-suggested-uri="skill://unlisted-extra/SKILL.md"]').click();
    expect(await uri.inputValue()).toBe('skill://unlisted-extra/SKILL.md');
    await page.locator('[data-action="load-uri"]').click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe('skill://unlisted-extra/SKILL.md');
    expect(await page.locator(row('skill://unlisted-extra/SKILL.md')).count()).toBe(1);
    await page.locator('[data-tab="provenance"]').click();
    expect(await page.locator('[data-provenance-source]').getAttribute('data-provenance-source')).toBe('user-uri');
  });
});
