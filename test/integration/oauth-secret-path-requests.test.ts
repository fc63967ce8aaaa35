// An OAuth server whose key is a segment of its URL (http://host/mcp/<key>, a
// URL pasted as a service hands it out) and whose protected-resource metadata
// names its resource by that address, as RFC 9728 has a server answer the
// metadata asked for at its own path. The SDK sent that resource as the
// resource indicator (RFC 8707): the key went into the authorization page's
// address and every token request, to the authorization server on another
// origin, which knows the server by its URL without the key and refused it
// (invalid_target). The indicator ends before a segment that looks like a
// credential (resource-indicator.ts); the key reaches the MCP server only.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ContractClient } from '../fixtures/servers/harness.js';
import { useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';
import { expectKeyKeptFromAuthorizationServer, signInAndOut } from '../fixtures/oauth/keyed-sign-in.js';

/** A key as a service hands it out: the shape the app takes for a credential (sk-…). */
const KEY = 'sk-path5c1dOAuthMarker0123456789';

let client: ContractClient;
useEncryptedFileSecrets();

const oauth = useOAuthFixture(['--key-in-path']);

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  await client?.close();
});

describe('OAuth sign-in for a server whose key is a segment of its URL', () => {
  test('the metadata names the resource with the key: the indicator ends before it, the sign-in works, the key reaches the MCP server only', async () => {
    const signedIn = await signInAndOut(client, `${oauth.fixture.url}/${KEY}`, 'Keyed path');

    // The metadata the MCP server served named the resource with the key: the case this is about.
    const toServer = await oauth.fixture.mcpRequestUrls();
    expect(toServer).toContain(`/.well-known/oauth-protected-resource/mcp/${KEY}`);
    expect(toServer.filter((u) => u === `/mcp/${KEY}`).length).toBeGreaterThan(0);
    await expectKeyKeptFromAuthorizationServer(oauth.fixture, signedIn, KEY);
  }, 60_000);
});
