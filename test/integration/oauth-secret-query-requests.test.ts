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
import { type OAuthFixture, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';
import { expectKeyKeptFromAuthorizationServer, signInAndOut } from '../fixtures/oauth/keyed-sign-in.js';

const KEY = 'key-5c1d-oauth-query-marker';

let client: ContractClient;
useEncryptedFileSecrets();

const plain = useOAuthFixture();
const selfNaming = useOAuthFixture(['--resource-from-address']);

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  await client?.close();
});

/** Signs in to the server with the key in its URL, then out; checks where the key went. */
async function signInAndOutKeyed(fixture: OAuthFixture, label: string): Promise<void> {
  const signedIn = await signInAndOut(client, `${fixture.url}?api_key=${KEY}`, label);
  expect(signedIn.added.transport).toMatchObject({ url: `${fixture.url}?api_key=⟦secret:url:query:api_key⟧` });
  // The value was on the wire, to the MCP server itself (its requests, and the metadata it serves).
  expect((await fixture.mcpRequestUrls()).filter((u) => u.includes(KEY)).length).toBeGreaterThan(0);
  await expectKeyKeptFromAuthorizationServer(fixture, signedIn, KEY);
  expect(JSON.stringify(await client.call('servers.list', {}))).not.toContain(KEY);
}

describe('OAuth sign-in for a server with a secret query parameter in its URL', () => {
  test('signs in and connects; the value reaches the MCP server only: no request the authorization server saw, no opened address holds it', async () => {
    await signInAndOutKeyed(plain.fixture, 'Keyed');
  }, 60_000);

  test('a server whose metadata names its resource with the key (?api_key=…): the indicator leaves the key out, and the sign-in works', async () => {
    await signInAndOutKeyed(selfNaming.fixture, 'Keyed, named by its address');
  }, 60_000);
});
