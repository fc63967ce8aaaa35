// An OAuth server whose URL holds a secret query parameter
// (http://host/mcp?api_key=…): the app keeps the value in the secret store and
// puts it back for the requests to the server itself. The SDK's sign-in sends
// a resource indicator (RFC 8707) to the authorization server, in the
// authorization page's address and in each token request: the server's
// protected-resource metadata's `resource`, as the metadata writes it. So the
// value must reach the MCP server and nothing else: no request the
// authorization server received (the app's, or the browser's on its pages),
// and not the page's address the app opens. A server that names itself by the
// address it was called at (its metadata's resource carrying ?api_key=…) had
// the key put into the page's address, and the sign-in failed (invalid_target).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ContractClient } from '../fixtures/servers/harness.js';
import { authorizationUrls, completePage, startOAuthFixture, type OAuthFixture, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';

const KEY = 'key-5c1d-oauth-query-marker';

let server: OAuthFixture;
let selfNaming: OAuthFixture;
let client: ContractClient;
useEncryptedFileSecrets();

beforeAll(async () => {
  server = await startOAuthFixture();
  selfNaming = await startOAuthFixture(['--resource-from-address']);
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await server?.stop();
  await selfNaming?.stop();
});

/** Adds the server with the key in its URL, signs in (completing the page), then signs out; checks where the key went. */
async function signInAndOut(fixture: OAuthFixture, label: string): Promise<void> {
  const added = await client.call('servers.add', { label, transport: { kind: 'http', url: `${fixture.url}?api_key=${KEY}`, headers: {}, auth: { type: 'oauth' } } });
  expect(added.transport).toMatchObject({ url: `${fixture.url}?api_key=⟦secret:url:query:api_key⟧` });
  expect((await client.call('servers.connect', { serverId: added.id })).error?.code).toBe('oauth-sign-in-required');

  const pagesBefore = authorizationUrls(client).length;
  const signing = client.call('servers.signIn', { serverId: added.id });
  expect((await completePage(client, pagesBefore + 1)).status).toBe(200);
  const result = await signing;
  expect([result.error, result.connection.status, result.connection.error]).toEqual([undefined, 'connected', undefined]);
  expect(result.oauth).toMatchObject({ serverId: added.id, signedIn: true });
  // Sign out revokes the tokens: one more kind of request to the authorization server.
  expect(await client.call('servers.signOut', { serverId: added.id })).toMatchObject({ serverId: added.id, signedIn: false });

  // The value was on the wire, to the MCP server itself (its requests, and the metadata it serves).
  expect((await fixture.mcpRequestUrls()).filter((u) => u.includes(KEY)).length).toBeGreaterThan(0);
  // The authorization server: registration, the page (the test user's browser), the token request, the revocations.
  const toAuthorizationServer = await fixture.asRequests();
  const paths = toAuthorizationServer.map((r) => `${r.method} ${new URL(r.url, 'http://as').pathname}`);
  for (const seen of ['POST /reg', 'GET /auth', 'POST /token', 'POST /token/revocation']) expect(paths).toContain(seen);
  // The record holds the bodies as sent (the check below reads them too).
  expect(toAuthorizationServer.filter((r) => new URLSearchParams(r.body).get('grant_type') === 'authorization_code')).toHaveLength(1);
  expect(toAuthorizationServer.filter((r) => JSON.stringify(r).includes(KEY))).toEqual([]);
  // The resource indicator it got is the server's address without the query, in the page's address and the token request.
  const resources = toAuthorizationServer.flatMap((r) => [...new URL(r.url, 'http://as').searchParams.getAll('resource'), ...new URLSearchParams(r.body).getAll('resource')]);
  expect(new Set(resources)).toEqual(new Set([fixture.url]));
  // The address the app opened, and what it said of the sign-in.
  const pages = authorizationUrls(client).slice(pagesBefore);
  expect(pages.map((p) => new URL(p.url).searchParams.get('resource'))).toEqual([fixture.url]);
  expect(JSON.stringify([pages, result, await client.call('servers.list', {})])).not.toContain(KEY);
}

describe('OAuth sign-in for a server with a secret query parameter in its URL', () => {
  test('signs in and connects; the value reaches the MCP server only: no request the authorization server saw, no opened address holds it', async () => {
    await signInAndOut(server, 'Keyed');
  }, 60_000);

  test('a server whose metadata names its resource with the key (?api_key=…): the indicator leaves the key out, and the sign-in works', async () => {
    await signInAndOut(selfNaming, 'Keyed, named by its address');
  }, 60_000);
});
