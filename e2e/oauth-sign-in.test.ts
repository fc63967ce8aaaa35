// OAuth sign-in in the window, for real: oidc-provider as the authorization
// server and an SDK MCP server that checks each token (test/fixtures/oauth),
// the app in browser mode, Chromium. The server is added with OAuth in the
// form, Sign in opens the authorization page in a new tab, the test user's
// login and consent there send the browser back to the app's loopback
// listener, and the server connects and lists its skills. The window never
// holds a token, a code or the client secret: not in its DOM, its storage,
// or any message of its bridge.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EncryptedFileStore } from '../electron/secrets/encrypted-file-store.js';
import { CHROMIUM_ARGS } from '../scripts/find-chromium.mjs';
import { startOAuthFixture, type OAuthFixture } from '../test/fixtures/oauth/harness.js';
import { chromiumInUse, launchBrowser, pollWithin, startApp, type RunningApp } from './harness.js';

const LABEL = 'Protected OAuth';
const poll = pollWithin(30_000);

describe('OAuth sign-in in the window', () => {
  let fixture: OAuthFixture;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every message of the pages' bridges, both ways: all the renderer's state came through here. */
  const received: string[] = [];
  const sent: string[] = [];
  /** The addresses the authorization tabs visited: the last is the loopback redirect with its code. */
  const visited: string[] = [];

  const row = () => page.locator(`[data-server-label="${LABEL}"]`);
  const card = () => page.locator('[data-authorization]');
  const field = (name: string) => page.locator(`[data-field="${name}"]`);

  beforeAll(async () => {
    fixture = await startOAuthFixture();
    // The encrypted-file store, so the test can read the tokens the app holds and look for them in the page.
    app = await startApp({ args: ['--no-demo'], env: { SKILL_INSPECTOR_SECRETS: 'file' } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    context.on('page', (tab) => tab.on('request', (request) => void (request.isNavigationRequest() && visited.push(request.url()))));
    page = await openWatched(context);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await fixture?.stop();
  });

  /** A page on the app whose bridge messages are recorded from its first one. */
  async function openWatched(on: BrowserContext): Promise<Page> {
    const opened = await on.newPage();
    opened.on('websocket', (ws) => {
      ws.on('framereceived', (f) => void received.push(String(f.payload)));
      ws.on('framesent', (f) => void sent.push(String(f.payload)));
    });
    await opened.goto(app.pageUrl);
    return opened;
  }

  async function openOverview(): Promise<void> {
    await row().locator('[data-server-menu]').click();
    await page.getByRole('menuitem', { name: 'Overview' }).click();
    await card().waitFor();
  }

  /** What the window holds that a secret could hide in: its DOM, its inputs, its storage, its bridge's messages (`withSent`: its own too). */
  async function windowText(withSent = true): Promise<string> {
    const inputs = await page.locator('input, textarea').evaluateAll((els) => els.map((e) => (e as { value?: string }).value ?? ''));
    const storage = await page.evaluate<string>('JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } })');
    return [await page.content(), ...inputs, storage, ...received, ...(withSent ? sent : [])].join('\n');
  }

  it('adds an HTTP server with OAuth in the form: it needs a sign-in, and the notice offers one', async () => {
    await page.locator('[data-action="header-add-server"]').click();
    await field('label').waitFor();
    await page.getByText('Streamable HTTP', { exact: true }).click();
    await field('url').fill(fixture.url);
    await page.getByText('OAuth sign-in', { exact: true }).click();
    await expect.poll(() => field('oauthClientId').isVisible()).toBe(true);
    expect(await page.locator('[data-oauth-fields]').textContent()).toContain('dynamic client registration');
    // A scope that is not an RFC 6749 scope token is refused on its field.
    await field('oauthScopes').fill('mcp:read "all"');
    await field('label').fill(LABEL);
    await page.locator('[data-action="save-server"]').click();
    expect(await page.locator('[data-field="oauthScopes"][aria-invalid="true"]').count()).toBe(1);
    expect(await page.locator('.mantine-Modal-content').textContent()).toContain('"\\"all\\"" is not a scope: each scope is one word of printable ASCII characters, without quotes or backslashes (RFC 6749).');
    await field('oauthScopes').fill('');
    await page.locator('[data-action="save-server"]').click();
    await poll(() => page.locator('.mantine-Modal-content').count()).toBe(0);
    await poll(() => row().locator('[data-connection]').getAttribute('data-connection')).toBe('failed');

    await row().locator('[data-server-menu]').click();
    expect(await page.locator('[data-server-action="sign-in"]').textContent()).toBe('Sign in');
    await page.keyboard.press('Escape');
    await openOverview();
    await poll(() => card().getAttribute('data-authorization')).toBe('signed-out');
    expect(await page.locator('[data-diagnostic="oauth-sign-in-required"] [data-action="diagnostic-sign-in"]').textContent()).toBe('Sign in');
    expect(await card().locator('[data-registration]').getAttribute('data-registration')).toBe('none-yet');
  });

  it('Sign in opens the authorization page in a new tab; finishing it there connects the server and lists its skills', async () => {
    // Hold the test user at the login page until the window's notice is checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/interaction/**', async (route: Route) => {
      await held;
      await route.continue();
    });
    const [tab] = await Promise.all([context.waitForEvent('page'), card().locator('[data-action="sign-in"]').click()]);
    const notice = page.locator('[data-authorization-page]');
    await poll(() => notice.getAttribute('data-page-tab')).toBe('opened');
    expect(await notice.locator('.mantine-Alert-title').textContent()).toBe('Continue in the new tab');
    const address = (await notice.locator('[data-authorization-link]').textContent())!;
    expect(new URL(address).searchParams.get('code_challenge_method')).toBe('S256');
    await poll(() => card().getAttribute('data-authorization')).toBe('signing-in');
    expect(await card().locator('[data-action="cancel-sign-in"]').count()).toBe(1);
    // The window stayed where it was; the tab went to the authorization server.
    expect(page.url()).toBe(app.pageUrl.split('#')[0]);
    await poll(() => visited.some((u) => u.startsWith(new URL(address).origin))).toBe(true);
    release();
    await context.unroute('**/interaction/**');

    await tab.waitForLoadState();
    await poll(() => tab.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
    await poll(() => tab.locator('body').textContent()).toContain('Signed in');
    await poll(() => card().getAttribute('data-authorization')).toBe('signed-in');
    await poll(() => notice.count()).toBe(0);
    await poll(() => row().locator('[data-connection]').getAttribute('data-connection')).toBe('connected');
    expect(await card().locator('[data-scope]').evaluateAll((els) => els.map((e) => e.getAttribute('data-scope')))).toEqual(['mcp:read']);
    const expiry = card().locator('[data-expires-at]');
    expect(Number.isNaN(Date.parse((await expiry.getAttribute('data-expires-at'))!))).toBe(false);
    expect(await expiry.getAttribute('data-refreshable')).toBe('true');
    expect(await expiry.textContent()).toContain('renews by itself');
    expect(await card().locator('[data-issuer]').textContent()).toBe(new URL(address).origin);
    expect(await card().locator('[data-registration]').getAttribute('data-registration')).toBe('dynamic');
    expect(await card().locator('[data-registration]').textContent()).toContain(`client ID ${new URL(address).searchParams.get('client_id')}`);
    expect(await page.locator('[data-diagnostic]').count()).toBe(0);

    await poll(() => page.locator('[data-server-overview]').textContent()).toContain('2 known');
    await page.locator('[data-all-servers]').click();
    await poll(() => page.locator('[data-skill-uri]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-skill-uri')).sort())).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
  }, 90_000);

  it('holds no token, code or verifier anywhere in the window', async () => {
    const serverId = await serverIdOf(app, LABEL);
    const record = JSON.parse((await new EncryptedFileStore(app.dataDir).get(`oauth:${serverId}`))!) as { tokens: { access_token: string; refresh_token: string } };
    const callback = new URL(visited.find((u) => /^http:\/\/127\.0\.0\.1:\d+\/callback\?/.test(u))!);
    const secrets = { access: record.tokens.access_token, refresh: record.tokens.refresh_token, code: callback.searchParams.get('code')! };
    for (const value of Object.values(secrets)) expect(value.length).toBeGreaterThan(20);
    const text = await windowText();
    for (const [what, value] of Object.entries(secrets)) expect(text.includes(value), `the ${what} reached the window`).toBe(false);
    expect(text).not.toMatch(/access_token|refresh_token|code_verifier/);
  });

  it('Sign out, confirmed, forgets the tokens and disconnects the server', async () => {
    await openOverview();
    await card().locator('[data-action="sign-out"]').click();
    expect(await page.locator('[data-confirm="sign-out"]').textContent()).toContain(`Sign out of “${LABEL}”?`);
    await page.locator('[data-action="confirm-sign-out"]').click();
    await poll(() => card().getAttribute('data-authorization')).toBe('signed-out');
    await poll(() => row().locator('[data-connection]').getAttribute('data-connection')).toBe('disconnected');
    expect(await card().locator('[data-scope]').count()).toBe(0);
    // Revoked at the authorization server, not only forgotten here.
    expect((await fixture.accessTokens()).map((t) => t.active)).toEqual([false]);
  });

  it('a new tab the browser refuses: the notice gives the link to the authorization page instead', async () => {
    // This Chromium refuses every new window (window.open returns null), as a popup blocker does.
    const blocking = await chromium.launch({ executablePath: (await chromiumInUse()).path, headless: true, args: [...CHROMIUM_ARGS, '--block-new-web-contents'] });
    try {
      // Only this window shows the app now: the other one would open the page itself.
      await page.close();
      page = await openWatched(await blocking.newContext({ viewport: { width: 1440, height: 900 } }));
      await openOverview();
      await card().locator('[data-action="sign-in"]').click();
      const notice = page.locator('[data-authorization-page]');
      await poll(() => notice.getAttribute('data-page-tab')).toBe('blocked');
      expect(await notice.locator('.mantine-Alert-title').textContent()).toBe('Your browser blocked the new tab');
      const link = notice.locator('[data-authorization-link]');
      const href = (await link.getAttribute('href'))!;
      expect(await link.textContent()).toBe(href);
      expect([await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
      expect(new URL(href).searchParams.get('code_challenge_method')).toBe('S256');
      expect(page.url()).toBe(app.pageUrl.split('#')[0]);
      // The user follows the link (in a browser that lets it open a tab).
      const tab = await context.newPage();
      await tab.goto(href);
      await poll(() => tab.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
      await poll(() => card().getAttribute('data-authorization')).toBe('signed-in');
      await poll(() => notice.count()).toBe(0);
      await poll(() => row().locator('[data-connection]').getAttribute('data-connection')).toBe('connected');
    } finally {
      await blocking.close();
      page = await openWatched(context);
    }
  }, 90_000);

  it('a pre-registered client: its secret is typed once, then shows as set (replace · remove), in no page or file', async () => {
    const SECRET = 'cs-e2e-41f7-oauth-client-secret';
    const edit = async () => {
      await row().locator('[data-server-menu]').click();
      await page.getByRole('menuitem', { name: 'Edit…' }).click();
      await field('label').waitFor();
    };
    await edit();
    expect(await page.locator('[data-auth-choice]').getAttribute('data-auth-choice')).toBe('oauth');
    await field('oauthClientSecret').fill(SECRET);
    await page.locator('[data-action="save-server"]').click();
    // A secret without its client id means nothing: refused on the Client ID field.
    expect(await page.locator('[data-field="oauthClientId"][aria-invalid="true"]').count()).toBe(1);
    await field('oauthClientId').fill('preregistered');
    await field('oauthScopes').fill('mcp:read skills:read');
    await page.getByRole('checkbox', { name: 'Reconnect after saving' }).uncheck();
    await page.locator('[data-action="save-server"]').click();
    await poll(() => page.locator('.mantine-Modal-content').count()).toBe(0);

    await edit();
    const secretRow = page.locator('[data-secret-field="oauth:clientSecret"]');
    expect(await secretRow.getAttribute('data-secret-state')).toBe('set');
    expect(await secretRow.textContent()).toContain('OAuth client secret · set');
    expect(await field('oauthClientSecret').count()).toBe(0);
    expect([await field('oauthClientId').inputValue(), await field('oauthScopes').inputValue()]).toEqual(['preregistered', 'mcp:read skills:read']);
    // The form sent it once (servers.update); nothing sent it back.
    expect(sent.some((m) => m.includes(SECRET))).toBe(true);
    expect(await windowText(false)).not.toContain(SECRET);
    const saved = await fs.readFile(path.join(app.dataDir, 'servers.json'), 'utf8');
    expect(saved).not.toContain(SECRET);
    expect(saved).toContain('"clientId": "preregistered"');

    await secretRow.locator('[data-action="remove-secret"]').click();
    expect(await secretRow.textContent()).toContain('OAuth client secret · will be removed');
    await page.locator('[data-action="save-server"]').click();
    await poll(() => page.locator('.mantine-Modal-content').count()).toBe(0);
    await edit();
    expect(await page.locator('[data-secret-field="oauth:clientSecret"]').count()).toBe(0);
    expect(await field('oauthClientSecret').inputValue()).toBe('');
    await page.keyboard.press('Escape');
  });
});

/** A second window's bridge, over the same token-checked WebSocket the page uses. */
async function bridgeClient(app: RunningApp) {
  const origin = new URL(app.pageUrl).origin;
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/bridge?token=${app.token}`, { origin });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let next = 1;
  const pending = new Map<number, (value: { ok: boolean; result?: unknown; error?: unknown }) => void>();
  ws.on('message', (m: Buffer) => {
    const data = JSON.parse(m.toString('utf8')) as { id?: number; ok: boolean };
    if (typeof data.id === 'number') pending.get(data.id)?.(data);
  });
  return {
    call<T>(method: string, params: unknown): Promise<T> {
      const id = next++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise<T>((resolve, reject) => pending.set(id, (e) => (e.ok ? resolve(e.result as T) : reject(new Error(JSON.stringify(e.error))))));
    },
    close: () => ws.close(),
  };
}

async function serverIdOf(app: RunningApp, label: string): Promise<string> {
  const client = await bridgeClient(app);
  try {
    const servers = await client.call<{ config: { id: string; label: string } }[]>('servers.list', {});
    return servers.find((s) => s.config.label === label)!.config.id;
  } finally {
    client.close();
  }
}
