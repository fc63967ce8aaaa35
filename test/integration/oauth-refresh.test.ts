// A token that runs out is renewed with the refresh token, without the
// browser; a grant an administrator revoked ends the connection with the
// diagnostic that says to sign in again.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ContractClient } from '../fixtures/servers/harness.js';
import { addAndSignIn, authorizationUrls, waitFor, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let client: ContractClient;
useEncryptedFileSecrets();

// Access tokens live 2 s: the test waits until they are dead, then uses the server.
const oauth = useOAuthFixture(['--access-ttl', '2']);

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  await client?.close();
});

describe('refresh and revocation', () => {
  test('an expired access token is refreshed by itself; a revoked grant gives "the sign-in has run out"', async () => {
    const { server: added, result } = await addAndSignIn(client, oauth.fixture.url);
    expect(result.connection.status).toBe('connected');
    const firstExpiry = result.oauth.expiresAt;
    await client.until('the first listing', () => client.payloads('skills.listed').some((e) => e.serverId === added.id && e.done));

    await waitFor('every access token to run out', async () => (await oauth.fixture.accessTokens()).every((t) => !t.active));
    const listed = await client.call('skills.refresh', { serverId: added.id });
    expect(listed.map((s) => s.uri).sort()).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
    const grants = (await oauth.fixture.events()).filter((e) => e.event === 'token').map((e) => e.grant_type);
    expect(grants[0]).toBe('authorization_code');
    expect(grants.slice(1).length).toBeGreaterThanOrEqual(1);
    expect(new Set(grants.slice(1))).toEqual(new Set(['refresh_token']));
    const status = await client.call('servers.authStatus', { serverId: added.id });
    expect(status.signedIn).toBe(true);
    expect(status.expiresAt).not.toBe(firstExpiry);
    // No browser was needed for it.
    expect(authorizationUrls(client)).toHaveLength(1);

    await oauth.fixture.revokeAll();
    await waitFor('the revoked access token', async () => (await oauth.fixture.accessTokens()).every((t) => !t.active));
    // The listing's request is the one that finds out; the connection then fails with what to do.
    await client.inspector.call('skills.refresh', { serverId: added.id });
    const lost = await client.until('the connection to fail', () => client.snapshots(added.id).find((s) => s.status === 'failed' && s.error?.whileConnected));
    expect(lost.error).toMatchObject({ code: 'oauth-refresh-refused', title: 'The sign-in has run out', whileConnected: true });
    const refused = (await oauth.fixture.events()).filter((e) => e.event === 'token-refused');
    expect(refused.map((e) => [e.grant_type, e.error])).toEqual([['refresh_token', 'invalid_grant']]);
    // Connecting again says the same until the user signs in; no browser opens by itself.
    const again = await client.call('servers.connect', { serverId: added.id });
    expect(again.error?.code).toBe('oauth-refresh-refused');
    expect((await client.call('servers.authStatus', { serverId: added.id })).signedIn).toBe(false);
    expect(authorizationUrls(client)).toHaveLength(1);
  }, 90_000);
});
