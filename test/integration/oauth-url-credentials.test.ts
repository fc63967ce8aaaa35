// An OAuth server added with a user name and password in its URL
// (http://ada:s3cret@host/mcp). The connection signs in for the URL without
// them (connections/url-credentials.ts), but the Sign in button signed in for
// the URL with the password, and the server list asked about the URL as
// servers.json keeps it (⟦secret:url:password⟧): three addresses, so the
// tokens were kept bound to one the connection never asks for. The sign-in
// "succeeded" and the server still said "Sign-in needed".
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ContractClient } from '../fixtures/servers/harness.js';
import { completePage, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
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

describe('OAuth sign-in for a server with a user name and password in its URL', () => {
  test('the Sign in button signs in for the URL without them: the server connects, and the list says signed in', async () => {
    const added = await client.call('servers.add', { label: 'Protected', transport: { kind: 'http', url: oauth.fixture.url.replace('http://', 'http://ada:s3cret@'), headers: {}, auth: { type: 'oauth' } } });
    const before = await client.call('servers.connect', { serverId: added.id });
    expect(before.error?.code).toBe('oauth-sign-in-required');

    const signing = client.call('servers.signIn', { serverId: added.id });
    expect((await completePage(client, 1)).status).toBe(200);
    const result = await signing;
    expect([result.error, result.connection.status, result.connection.error]).toEqual([undefined, 'connected', undefined]);
    expect(result.oauth).toMatchObject({ serverId: added.id, signedIn: true });
    const listed = await client.call('servers.list', {});
    expect(listed.find((s) => s.config.id === added.id)?.oauth?.signedIn).toBe(true);
    // The password is in nothing the app said of the sign-in.
    expect(JSON.stringify([result, listed, client.payloads('oauth.authorizationUrl'), await client.call('log.get', { serverId: added.id })])).not.toContain('s3cret');
  }, 60_000);
});
