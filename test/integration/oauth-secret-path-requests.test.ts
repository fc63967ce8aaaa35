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
import { authorizationUrls, completePage, startOAuthFixture, type OAuthFixture, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';

/** A key as a service hands it out: the shape the app takes for a credential (sk-…). */
const KEY = 'sk-path5c1dOAuthMarker0123456789';

let fixture: OAuthFixture;
let client: ContractClient;
useEncryptedFileSecrets();

beforeAll(async () => {
  fixture = await startOAuthFixture(['--key-in-path']);
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await fixture?.stop();
});

describe('OAuth sign-in for a server whose key is a segment of its URL', () => {
  test('the metadata names the resource with the key: the indicator ends before it, the sign-in works, the key reaches the MCP server only', async () => {
    const added = await client.call('servers.add', { label: 'Keyed path', transport: { kind: 'http', url: `${fixture.url}/${KEY}`, headers: {}, auth: { type: 'oauth' } } });
    expect((await client.call('servers.connect', { serverId: added.id })).error?.code).toBe('oauth-sign-in-required');

    const pagesBefore = authorizationUrls(client).length;
    const signing = client.call('servers.signIn', { serverId: added.id });
    expect((await completePage(client, pagesBefore + 1)).status).toBe(200);
    const result = await signing;
    expect([result.error, result.connection.status, result.connection.error]).toEqual([undefined, 'connected', undefined]);
    expect(result.oauth).toMatchObject({ serverId: added.id, signedIn: true });
    expect(await client.call('servers.signOut', { serverId: added.id })).toMatchObject({ serverId: added.id, signedIn: false });

    // The metadata the MCP server served named the resource with the key: the case this is about.
    const toServer = await fixture.mcpRequestUrls();
    expect(toServer).toContain(`/.well-known/oauth-protected-resource/mcp/${KEY}`);
    expect(toServer.filter((u) => u === `/mcp/${KEY}`).length).toBeGreaterThan(0);
    // The authorization server: registration, the page, the token request, the revocations; none holds the key.
    const toAuthorizationServer = await fixture.asRequests();
    const paths = toAuthorizationServer.map((r) => `${r.method} ${new URL(r.url, 'http://as').pathname}`);
    for (const seen of ['POST /reg', 'GET /auth', 'POST /token', 'POST /token/revocation']) expect(paths).toContain(seen);
    expect(toAuthorizationServer.filter((r) => JSON.stringify(r).includes(KEY))).toEqual([]);
    // The resource indicator is the server's address before the key, in the page's address and the token request.
    const resources = toAuthorizationServer.flatMap((r) => [...new URL(r.url, 'http://as').searchParams.getAll('resource'), ...new URLSearchParams(r.body).getAll('resource')]);
    expect(new Set(resources)).toEqual(new Set([fixture.url]));
    const pages = authorizationUrls(client).slice(pagesBefore);
    expect(pages.map((p) => new URL(p.url).searchParams.get('resource'))).toEqual([fixture.url]);
    expect(JSON.stringify([pages, result.oauth])).not.toContain(KEY);
  }, 60_000);
});
