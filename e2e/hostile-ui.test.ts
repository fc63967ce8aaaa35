// The UI with hostile servers connected beside the bundled demo (browser
// mode, Chromium, test/fixtures/hostile/hostile-server.mjs over stdio): one
// answers skills/list with 100 MB, one never answers it, one sends 20,000
// notifications first. While they misbehave the demo's skills still open,
// render and verify; each hostile server then shows what went wrong in
// words, never a blank panel.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, ROOT, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);
/** Settings › Request timeout for this suite: long enough that the silent server is surely still waiting when the test looks. */
const REQUEST_TIMEOUT_S = 45;
/** The hostile servers take their time: the silent one until the request timeout. */
const slowPoll = pollWithin(70_000);

const DEMO = 'Sample skills (bundled)';
const HOSTILE_SERVER = path.join(ROOT, 'test/fixtures/hostile/hostile-server.mjs');
/** The stdio transport's message cap: twice the default largest file (16 MiB), plus the 64 KiB a read answer may add on the wire. */
const MESSAGE_CAP = 2 * 16 * 1024 * 1024 + 64 * 1024;
/** Settings › Log limit, default: the newest this many messages per server are kept. */
const LOG_LIMIT = 5000;

describe('hostile servers beside the demo', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;

  const sidebarRow = (label: string) => page.locator(`[data-server-label="${label}"]`);
  const hostile = (label: string, behaviour: string) => addAndConnect(page, app.token, { label, transport: { kind: 'stdio', command: process.execPath, args: [HOSTILE_SERVER, behaviour], env: {} } });
  const openOverview = async (label: string) => {
    await sidebarRow(label).locator('[data-server-menu]').click();
    await page.getByRole('menuitem', { name: 'Overview' }).click();
    await poll(() => page.locator('[data-server-overview] tr:has(th:text-is("Label")) td').textContent()).toBe(`${label} (the name you gave it)`);
  };

  beforeAll(async () => {
    ui = await openAppInBrowser();
    ({ app, page } = ui);
    page.setDefaultTimeout(20_000);
    await sidebarRow(DEMO).locator('[data-connection="connected"]').waitFor();
    await callContract(page, app.token, 'settings.update', { requestTimeoutMs: REQUEST_TIMEOUT_S * 1000 });
    // Each connects (the handshake is honest), then misbehaves on skills/list, which follows by itself.
    await hostile('Huge listing', 'huge-listing');
    await hostile('Silent listing', 'silent-list');
    await hostile('Notification flood', 'notification-flood');
  });
  afterEach(async () => {
    // A failed step must not leave the next test on a server screen.
    const back = page.locator('[data-action="back-to-skills"]');
    if ((await back.count()) > 0) await back.click();
  });
  afterAll(() => ui?.close());

  it('opens, renders and verifies a demo skill while the hostile servers misbehave', async () => {
    await sidebarRow(DEMO).click();
    await page.locator('[data-skill-uri="skill://release-notes/SKILL.md"]').click();
    const body = page.getByTestId('markdown');
    await poll(() => body.locator('h1').textContent()).toBe('Release notes');
    expect(await body.locator('li').first().textContent()).toBe('Collect the merged changes the user gives you.');
    // A read through the main process, verified against the demo's listing.
    await body.locator('[data-skill-link="references/STYLE.md"]').click();
    const view = page.locator('[data-file-view="skill://release-notes/references/STYLE.md"]');
    await poll(() => view.locator('[data-file-check]').getAttribute('data-file-check')).toBe('verified');
    expect(await view.locator('[data-code-view]').textContent()).toContain('# Release-notes style');
    // …all while the silent server still holds its skills/list unanswered.
    expect(await sidebarRow('Silent listing').locator('[data-connection]').getAttribute('data-connection')).toBe('connected');
    expect(await sidebarRow('Silent listing').getByTestId('skill-count').textContent()).toBe('0');
    // The page itself still paints: one animation frame, in the page (a string: e2e code has no DOM types). A page
    // held by the silent server would never answer, and the test's time limit says so.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
  });

  it('says the silent server is still listing, then reports the answer that never came', async () => {
    const row = sidebarRow('Silent listing');
    await row.click();
    // Seconds after connecting, well inside the request timeout: still waiting, and saying so.
    const empty = page.locator('.pane-catalog [data-empty-state]');
    expect(await empty.locator('.mantine-EmptyState-title').textContent()).toBe('Listing skills…');
    await openOverview('Silent listing');
    const overview = page.locator('[data-server-overview]');
    expect(await overview.locator('tr:has(th:text-is("Skills")) td').textContent()).toBe('0 knownskills extension declared');
    await poll(() => overview.locator('h3:text-is("Findings about the server") + *').textContent()).toBe("None. Findings about single skills are in each skill's Checks tab.");

    // The open overview updates when the request times out.
    const finding = overview.locator('[data-findings-group="error"] [data-finding="inspector-invalid-result"]');
    await slowPoll(() => finding.count()).toBe(1);
    expect(await finding.textContent()).toContain(`skills/list page 1 failed: no answer within ${REQUEST_TIMEOUT_S} s (the request timeout: Settings › Request timeout)`);
    expect(await row.locator('[data-worst]').getAttribute('data-worst')).toBe('error');
    expect(await row.locator('[data-connection]').getAttribute('data-connection')).toBe('connected');

    // Its catalog says the listing failed, not that the server has no skills.
    await page.locator('[data-action="back-to-skills"]').click();
    await poll(() => empty.locator('.mantine-EmptyState-title').textContent()).toBe('The skill listing failed');
    expect(await empty.textContent()).toContain('The server did not give a usable answer to skills/list. The server overview says what went wrong.');
    await empty.getByRole('button', { name: 'Server overview' }).click();
    await poll(() => page.locator('[data-server-overview] [data-finding="inspector-invalid-result"]').count()).toBe(1);
    await page.locator('[data-action="back-to-skills"]').click();
  }, 100_000);

  it('shows the 100 MB listing as a lost connection, with what happened and what to do', async () => {
    const row = sidebarRow('Huge listing');
    await slowPoll(() => row.locator('[data-connection]').getAttribute('data-connection')).toBe('failed');
    expect(await row.innerText()).toBe('Huge listing\n\n0\n\nfailed · stdio');
    await row.click();
    // Its catalog says why, instead of an empty list.
    const notice = page.locator('[data-diagnostic="message-too-large"]');
    await poll(() => notice.count()).toBe(1);
    expect(await notice.locator('.mantine-Alert-title').textContent()).toBe('Connection lost: the server sent a message larger than the limit');
    expect(await notice.textContent()).toContain(`sent a message too large to accept, so the connection was closed: ReadBuffer exceeded maximum size of ${MESSAGE_CAP} bytes.`);
    expect(await notice.textContent()).toContain('What to do: A file this large is not read.');
    expect(await page.locator('[data-skill-uri]').count()).toBe(0);

    await openOverview('Huge listing');
    const overview = page.locator('[data-server-overview]');
    expect(await overview.locator('[data-diagnostic="message-too-large"] .mantine-Alert-title').textContent()).toBe('Connection lost: the server sent a message larger than the limit');
    const finding = overview.locator('[data-findings-group="error"] [data-finding="inspector-invalid-result"]');
    await poll(() => finding.count()).toBe(1);
    expect(await finding.textContent()).toMatch(/skills\/list page 1 failed: /);
    await page.locator('[data-action="back-to-skills"]').click();
  });

  it('keeps a flooding server’s listing and only the newest messages of its log', async () => {
    const row = sidebarRow('Notification flood');
    await slowPoll(() => row.getByTestId('skill-count').textContent()).toBe('1');
    expect(await row.innerText()).toBe('Notification flood\n\n1\n\nconnected · stdio · legacy protocol 2025-11-25');
    await row.click();
    await poll(() => page.locator('[data-skill-uri]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-skill-uri')))).toEqual(['skill://alpha/SKILL.md']);

    await row.locator('[data-server-menu]').click();
    await page.getByRole('menuitem', { name: 'Protocol log' }).click();
    await slowPoll(() => page.locator('[data-log-count]').textContent()).toBe(`${LOG_LIMIT.toLocaleString('en-US')} of ${LOG_LIMIT.toLocaleString('en-US')} messages`);
    // The newest entries keep the answer that came after the flood; the request before it was pushed out.
    await page.locator('[data-log-method-filter]').fill('skills/list');
    await poll(() => page.locator('[data-log-kind]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-log-direction')} ${r.getAttribute('data-log-kind')} ${r.getAttribute('data-log-method')}`))).toEqual([
      'in response skills/list',
    ]);
    await page.locator('[data-action="back-to-skills"]').click();

    // Its one skill opens and renders like any other.
    await row.click();
    await page.locator('[data-skill-uri="skill://alpha/SKILL.md"]').click();
    await poll(() => page.getByTestId('markdown').locator('h1').textContent()).toBe('Alpha');
  });

  it('leaves the demo untouched', async () => {
    expect(await sidebarRow(DEMO).innerText()).toBe(`${DEMO}\n\n7\n\nconnected · stdio · protocol 2026-07-28`);
    await sidebarRow(DEMO).click();
    await page.locator('[data-skill-uri="skill://hello-world/SKILL.md"]').click();
    await poll(() => page.getByTestId('markdown').locator('h1').textContent()).toBe('Hello, world');
  });
});
