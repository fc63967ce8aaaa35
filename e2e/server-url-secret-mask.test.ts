// The server overview's "How the app reaches it" for a server whose URL holds a
// password, a secret query parameter or a key as a path segment, or whose command line holds a secret
// argument: servers.json keeps a reference in its place (⟦secret:url:password⟧,
// shared/secret-args.ts), and the overview showed that reference as it is. It
// shows the mask the import preview shows (••••••••), in browser mode, Chromium.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, type AppInBrowser } from './harness.js';

const poll = pollWithin(20_000);

describe('a stored secret in a server URL or command line, in the overview', () => {
  let ui: AppInBrowser;
  let page: Page;

  const fact = (label: string) => page.locator(`[data-server-overview] tr:has(th:text-is("${label}")) td`);
  const openOverview = async (label: string) => {
    await page.locator(`[data-server-label="${label}"]`).locator('[data-server-menu]').click();
    await page.getByRole('menuitem', { name: 'Overview' }).click();
    await poll(() => page.locator('[data-server-overview] tr:has(th:text-is("Label")) td').textContent()).toBe(`${label} (the name you gave it)`);
  };

  beforeAll(async () => {
    ui = await openAppInBrowser({ args: ['--no-demo'], env: { SKILL_INSPECTOR_SECRETS: 'file' } });
    page = ui.page;
    // Never connected: the overview says what is stored, and nothing listens at these addresses.
    await callContract(page, ui.app.token, 'servers.add', { label: 'With a password', transport: { kind: 'http', url: 'http://ada:s3cret@127.0.0.1:9/mcp?team=docs&api_key=k-9f2c', headers: {} } });
    await callContract(page, ui.app.token, 'servers.add', { label: 'With a key in its path', transport: { kind: 'http', url: 'https://127.0.0.1:9/v1/sk-live-4f9KqT2xVb7LmN3pRw8ZcY6d/mcp', headers: {} } });
    await callContract(page, ui.app.token, 'servers.add', { label: 'With a key', transport: { kind: 'stdio', command: 'some-mcp', args: ['--api-key', 'k-7d1e', '-p', '8080'], env: {} } });
  });
  afterAll(async () => {
    await ui?.close();
  });

  it('shows the URL with its password and secret parameter as ••••••••, not their references', async () => {
    await openOverview('With a password');
    expect(await fact('How the app reaches it').locator('p').allTextContents()).toEqual(['Streamable HTTP', 'http://ada:••••••••@127.0.0.1:9/mcp?team=docs&api_key=••••••••']);
    expect(await page.content()).not.toContain('secret:url');
    await page.locator('[data-action="back-to-skills"]').click();
  });

  it('shows a key that is a segment of the URL\'s path as •••••••• (it was shown, and stored, in clear)', async () => {
    await openOverview('With a key in its path');
    expect(await fact('How the app reaches it').locator('p').allTextContents()).toEqual(['Streamable HTTP', 'https://127.0.0.1:9/v1/••••••••/mcp']);
    const content = await page.content();
    expect([content.includes('secret:url'), content.includes('sk-live-4f9KqT2xVb7LmN3pRw8ZcY6d')]).toEqual([false, false]);
    await page.locator('[data-action="back-to-skills"]').click();
  });

  it('shows the command line with its secret argument as ••••••••', async () => {
    await openOverview('With a key');
    expect(await fact('How the app reaches it').locator('pre').allTextContents()).toEqual(['some-mcp --api-key •••••••• -p 8080']);
    expect(await page.content()).not.toContain('secret:arg');
  });
});
