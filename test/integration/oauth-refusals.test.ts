// What the sign-in refuses, and what it says: a redirect with the wrong
// state, a user who says no, an authorization request without PKCE, a token
// request with the wrong code verifier (the authorization server checks
// PKCE, not just the app), an authorization server without registration, a
// server with no OAuth metadata, one whose metadata names another resource.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MemoryOAuthVault, type OAuthRecord } from '../../electron/oauth/oauth-vault.js';
import { signIn } from '../../electron/oauth/sign-in.js';
import { OAuthFlowError } from '../../electron/oauth/oauth-errors.js';
import { ContractClient } from '../fixtures/servers/harness.js';
import { completeAuthorization } from '../fixtures/oauth/authorization-page.js';
import { addAndSignIn, authorizationUrls, completePage, startOAuthFixture, type OAuthFixture, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let client: ContractClient;
/** The fixtures a test starts with arguments of its own, stopped after the suite. */
const started: OAuthFixture[] = [];
useEncryptedFileSecrets();

const oauth = useOAuthFixture();

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  await client?.close();
  for (const s of started) await s.stop();
});

async function oauthServer(url: string, auth: { clientId?: string; clientSecret?: string } = {}) {
  return client.call('servers.add', { label: `S${client.events.length}`, transport: { kind: 'http', url, headers: {}, auth: { type: 'oauth', ...auth } } });
}

describe('the sign-in refuses', () => {
  test('a redirect whose state is not the one sent: refused with a page that says so, no code exchanged', async () => {
    const added = await oauthServer(oauth.fixture.url);
    const signing = client.call('servers.signIn', { serverId: added.id });
    const page = await completePage(client, authorizationUrls(client).length + 1, (redirect) => {
      redirect.searchParams.set('state', 'forged-state');
      return redirect;
    });
    expect(page.status).toBe(400);
    expect(page.page).toContain('Sign-in refused');
    const result = await signing;
    expect(result.error).toMatchObject({ code: 'oauth-state-mismatch', title: 'The sign-in answer did not match' });
    expect(result.error?.detail).toContain('"forged-state"');
    expect(result.oauth.signedIn).toBe(false);
    expect((await oauth.fixture.events()).filter((e) => e.event === 'token')).toEqual([]);
  }, 60_000);

  test('a user who refuses at the authorization page: "the sign-in was refused"', async () => {
    const added = await oauthServer(oauth.fixture.url);
    await oauth.fixture.denyNext();
    const signing = client.call('servers.signIn', { serverId: added.id });
    const page = await completePage(client, authorizationUrls(client).length + 1);
    expect(page.redirect.searchParams.get('error')).toBe('access_denied');
    const result = await signing;
    expect(result.error).toMatchObject({ code: 'oauth-denied', title: 'The sign-in was refused' });
    expect(result.error?.detail).toContain('"The test user refused."');
  }, 60_000);

  test('the authorization server requires PKCE: the same request without a code challenge is refused', async () => {
    const added = await oauthServer(oauth.fixture.url);
    const signing = client.call('servers.signIn', { serverId: added.id });
    const pushed = await client.until('the page', () => authorizationUrls(client).at(-1)?.serverId === added.id && authorizationUrls(client).at(-1));
    const stripped = new URL(pushed.url);
    expect(stripped.searchParams.get('code_challenge_method')).toBe('S256');
    stripped.searchParams.delete('code_challenge');
    stripped.searchParams.delete('code_challenge_method');
    const page = await completeAuthorization(stripped.href);
    expect(page.redirect.searchParams.get('error')).toBe('invalid_request');
    expect(page.redirect.searchParams.get('error_description')).toBe('Authorization Server policy requires PKCE to be used for this request');
    expect((await signing).error?.code).toBe('oauth-failed');
  }, 60_000);

  test('a token request with another code verifier is refused by the authorization server', async () => {
    // The verifier the SDK saved is swapped for another well-formed one before the code is exchanged.
    class SwappingVault extends MemoryOAuthVault {
      override async write(key: string, record: OAuthRecord): Promise<void> {
        await super.write(key, record.codeVerifier ? { ...record, codeVerifier: 'x'.repeat(43) } : record);
      }
    }
    const attempt = signIn({
      vault: new SwappingVault(),
      key: 'pkce',
      serverUrl: oauth.fixture.url,
      settings: { type: 'oauth' },
      clientName: 'PKCE test',
      openAuthorizationUrl: async (url) => void completeAuthorization(url),
    });
    const error = await attempt.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthFlowError);
    expect((error as OAuthFlowError).problem).toBe('oauth-failed');
    expect((error as OAuthFlowError).message).toContain('refused to exchange the authorization code');
    const refused = (await oauth.fixture.events()).filter((e) => e.event === 'token-refused');
    expect(refused.at(-1)).toMatchObject({ grant_type: 'authorization_code', error: 'invalid_grant' });
    expect(refused.at(-1)?.detail).toBe('code_verifier does not match code_challenge');
  }, 60_000);
});

describe('what a server or its authorization server lacks', () => {
  test('no dynamic registration: says to enter a client ID; with a pre-registered client id and secret it signs in', async () => {
    const closed = await startOAuthFixture(['--no-registration', '--static-client', 'preregistered:s3cret-client-value']);
    started.push(closed);
    const dynamic = await oauthServer(closed.url);
    const result = await client.call('servers.signIn', { serverId: dynamic.id });
    expect(result.error).toMatchObject({ code: 'oauth-registration-unsupported', title: 'The authorization server does not register clients' });
    expect(result.error?.hint).toContain('client ID');

    const { server: registered, result: signedIn } = await addAndSignIn(client, closed.url, { clientId: 'preregistered', clientSecret: 's3cret-client-value' });
    expect(registered.secrets).toEqual(['oauth:clientSecret']);
    expect(registered.transport).toEqual({ kind: 'http', url: closed.url, headers: {}, auth: { type: 'oauth', clientId: 'preregistered' } });
    expect(signedIn.error).toBeUndefined();
    expect(signedIn.oauth).toMatchObject({ signedIn: true, clientId: 'preregistered', registration: 'pre-registered' });
    expect(signedIn.connection.status).toBe('connected');
  }, 90_000);

  test('a 401 with no metadata anywhere: says OAuth cannot be used with it', async () => {
    const bare = await startOAuthFixture(['--no-metadata']);
    started.push(bare);
    const added = await oauthServer(bare.url);
    const connected = await client.call('servers.connect', { serverId: added.id });
    expect(connected.error).toMatchObject({ code: 'oauth-no-metadata', title: 'The server asks for credentials but publishes no OAuth metadata' });
    const signIn = await client.call('servers.signIn', { serverId: added.id });
    expect(signIn.error?.code).toBe('oauth-no-metadata');
  }, 60_000);

  test('metadata that names another resource: "the token is for another server"', async () => {
    const other = await startOAuthFixture(['--prm-resource', 'http://127.0.0.1:1/elsewhere']);
    started.push(other);
    const added = await oauthServer(other.url);
    const result = await client.call('servers.signIn', { serverId: added.id });
    expect(result.error).toMatchObject({ code: 'oauth-wrong-audience', title: 'The token is for another server' });
    expect(result.error?.detail).toContain('http://127.0.0.1:1/elsewhere');
  }, 60_000);

  test('a server that refuses the token it was just issued (another audience): after a refresh, "the token is for another server"', async () => {
    const picky = await startOAuthFixture(['--rs-expects', 'http://127.0.0.1:1/elsewhere']);
    started.push(picky);
    const { result } = await addAndSignIn(client, picky.url);
    expect(result.error).toBeUndefined();
    expect(result.oauth.signedIn).toBe(true);
    expect(result.connection.status).toBe('failed');
    expect(result.connection.error).toMatchObject({ code: 'oauth-wrong-audience', title: 'The token is for another server' });
    expect(result.connection.error?.detail).toContain('HTTP 401 after a fresh sign-in or refresh');
    // The app renewed the token once before concluding, and did not loop.
    expect((await picky.events()).filter((e) => e.event === 'token').map((e) => e.grant_type)).toEqual(['authorization_code', 'refresh_token']);
  }, 60_000);

  test('sign out revokes the tokens with the authorization server and disconnects', async () => {
    const { server: added } = await addAndSignIn(client, oauth.fixture.url);
    const out = await client.call('servers.signOut', { serverId: added.id });
    expect(out).toMatchObject({ serverId: added.id, signedIn: false, signingIn: false, registration: 'dynamic' });
    // The refresh token, then the access token, each answered 200 (RFC 7009).
    expect((await oauth.fixture.events()).filter((e) => e.event === 'revoked').map((e) => e.status)).toEqual([200, 200]);
    expect((await client.call('servers.list', {})).find((s) => s.config.id === added.id)?.connection.status).toBe('disconnected');
    const again = await client.call('servers.connect', { serverId: added.id });
    expect(again.error?.code).toBe('oauth-sign-in-required');
  }, 60_000);
});
