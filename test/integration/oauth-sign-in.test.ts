// Signing in to an OAuth-protected MCP server, for real: oidc-provider as the
// authorization server (PKCE required, dynamic registration, resource
// indicators), an SDK MCP server that checks each token by introspection, the
// app in browser mode whose authorization page a test user completes over
// HTTP, back through the loopback listener on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../../e2e/harness.js';
import { ContractClient } from '../fixtures/servers/harness.js';
import { authorizationUrls, completePage, startOAuthFixture, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let client: ContractClient;
useEncryptedFileSecrets();

const oauth = useOAuthFixture();

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  await client?.close();
});

describe('OAuth sign-in through the loopback redirect', () => {
  test('before signing in the server asks for a sign-in; after it, it connects with a token for its own URL', async () => {
    const added = await client.call('servers.add', { label: 'Protected', transport: { kind: 'http', url: oauth.fixture.url, headers: {}, auth: { type: 'oauth' } } });
    const before = await client.call('servers.connect', { serverId: added.id });
    expect(before.status).toBe('failed');
    expect(before.error?.code).toBe('oauth-sign-in-required');

    const signing = client.call('servers.signIn', { serverId: added.id });
    const page = await completePage(client, 1);
    expect(page.redirect.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(page.redirect.pathname).toBe('/callback');
    expect(page.status).toBe(200);
    expect(page.page).toContain('Signed in');
    const result = await signing;
    expect(result.error).toBeUndefined();
    expect(result.connection.status).toBe('connected');
    expect(result.oauth).toMatchObject({ serverId: added.id, signedIn: true, signingIn: false, refreshable: true, registration: 'dynamic', scopes: ['mcp:read'] });
    expect(typeof result.oauth.expiresAt).toBe('string');

    const events = await oauth.fixture.events();
    expect(events.filter((e) => e.event === 'registered')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'token').map((e) => e.grant_type)).toEqual(['authorization_code']);
    const listed = await client.call('servers.list', {});
    expect(listed.find((s) => s.config.id === added.id)?.oauth?.signedIn).toBe(true);
  }, 60_000);

  test('in Chromium: the pushed address opens the authorization page, which sends the browser back to the loopback listener', async () => {
    const added = await client.call('servers.add', { label: 'Protected in Chromium', transport: { kind: 'http', url: oauth.fixture.url, headers: {}, auth: { type: 'oauth' } } });
    const before = authorizationUrls(client).length;
    const signing = client.call('servers.signIn', { serverId: added.id });
    const pushed = await client.until('the authorization page', () => authorizationUrls(client)[before]);
    expect(pushed).toMatchObject({ serverId: added.id, open: true });
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      await tab.goto(pushed.url);
      await tab.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
      expect(await tab.locator('h1').textContent()).toBe('Signed in');
      const result = await signing;
      expect(result.error).toBeUndefined();
      expect(result.connection.status).toBe('connected');
      // One answer only: the listener is closed once it has it.
      const again = await fetch(tab.url()).then(() => 'answered', () => 'closed');
      expect(again).toBe('closed');
    } finally {
      await browser.close();
    }
  }, 60_000);

  test('a sign-in waiting for the browser can be cancelled', async () => {
    const added = await client.call('servers.add', { label: 'Cancelled', transport: { kind: 'http', url: oauth.fixture.url, headers: {}, auth: { type: 'oauth' } } });
    const before = authorizationUrls(client).length;
    const signing = client.call('servers.signIn', { serverId: added.id });
    await client.until('the authorization page', () => authorizationUrls(client)[before]);
    expect((await client.call('servers.authStatus', { serverId: added.id })).signingIn).toBe(true);
    expect(await client.call('servers.cancelSignIn', { serverId: added.id })).toEqual({ cancelled: true });
    const result = await signing;
    expect(result.error).toMatchObject({ code: 'oauth-cancelled', title: 'Sign-in cancelled' });
    expect(result.oauth).toMatchObject({ signedIn: false, signingIn: false });
    expect(await client.call('servers.cancelSignIn', { serverId: added.id })).toEqual({ cancelled: false });
  }, 60_000);

  test('a server that does not sign in with OAuth: signIn says so', async () => {
    const plain = await client.call('servers.add', { label: 'Plain', transport: { kind: 'http', url: oauth.fixture.url, headers: {} } });
    const error = await client.fail('servers.signIn', { serverId: plain.id });
    expect(error).toMatchObject({ code: 'failed', message: '"Plain" does not sign in with OAuth. Turn on OAuth sign-in in its settings first.' });
    const connected = await client.call('servers.connect', { serverId: plain.id });
    expect(connected.error?.code).toBe('http-unauthorized');
    expect(connected.error?.hint).toContain('turn on OAuth sign-in in the server settings');
    expect((await client.call('servers.list', {})).find((s) => s.config.id === plain.id)?.oauth).toBeUndefined();
  }, 60_000);

  test('Test connection: a new OAuth server says to sign in; an edited, signed-in one connects with its own sign-in', async () => {
    const transport = { kind: 'http' as const, url: oauth.fixture.url, headers: {}, auth: { type: 'oauth' as const } };
    const fresh = await client.call('servers.test', { input: { label: 'Not saved', transport } });
    expect(fresh.error).toMatchObject({ code: 'oauth-sign-in-required', title: 'Sign-in needed' });
    const signed = (await client.call('servers.list', {})).find((s) => s.config.label === 'Protected')!;
    const edited = await client.call('servers.test', { serverId: signed.config.id, input: { label: 'Protected', transport } });
    expect([edited.status, edited.error]).toEqual(['connected', undefined]);
  }, 60_000);

  test('over the legacy HTTP+SSE transport: the same sign-in, and the stream and every message carry the token', async () => {
    const sse = await startOAuthFixture(['--sse']);
    try {
      const added = await client.call('servers.add', { label: 'Protected SSE', transport: { kind: 'sse', url: sse.url, headers: {}, auth: { type: 'oauth' } } });
      expect((await client.call('servers.connect', { serverId: added.id })).error?.code).toBe('oauth-sign-in-required');
      const before = authorizationUrls(client).length;
      const signing = client.call('servers.signIn', { serverId: added.id });
      await completePage(client, before + 1);
      const result = await signing;
      expect(result.error).toBeUndefined();
      expect([result.connection.status, result.connection.era]).toEqual(['connected', 'legacy']);
      const requests = (await sse.events()).filter((e) => e.event === 'mcp');
      // Refused before the sign-in; after it, the stream (GET) and the messages (POST) were all let through.
      const after = requests.slice(requests.findLastIndex((e) => e.status === 401) + 1);
      expect(after.some((e) => e.method === 'GET' && e.status === 200)).toBe(true);
      expect(after.some((e) => e.method === 'POST')).toBe(true);
      expect(after.every((e) => e.status !== 401 && e.status !== 403)).toBe(true);
    } finally {
      await sse.stop();
    }
  }, 60_000);
});
