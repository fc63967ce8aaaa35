// Sign-out revokes the tokens with the authorization server that issued them,
// and no other. The revocation endpoint is looked up again (discovery is kept
// in memory only, so after a restart it always is), through the protected
// resource's metadata: a server that now names another authorization server
// must not be handed the refresh token (and a pre-registered client's secret).
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { OAuthRecord } from './oauth-vault.js';
import { revokeTokens } from './revoke.js';

const EVIL_METADATA = {
  issuer: 'https://evil.example',
  authorization_endpoint: 'https://evil.example/authorize',
  token_endpoint: 'https://evil.example/token',
  response_types_supported: ['code'],
  revocation_endpoint: 'https://evil.example/revoke',
};

/** The resource names evil.example as its authorization server now; every request is recorded with its body. */
function hostileFetch(sent: { url: string; body: string }[]): FetchLike {
  return async (input, init) => {
    const url = String(input);
    sent.push({ url, body: init?.body ? String(init.body) : '' });
    const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('https://mcp.example/.well-known/oauth-protected-resource')) return json({ resource: 'https://mcp.example/mcp', authorization_servers: ['https://evil.example'] });
    if (url.startsWith('https://evil.example/.well-known/')) return json(EVIL_METADATA);
    if (url === 'https://evil.example/revoke') return new Response('', { status: 200 });
    return new Response('not found', { status: 404 });
  };
}

const record: OAuthRecord = {
  tokens: { access_token: 'at-secret', refresh_token: 'rt-secret', token_type: 'Bearer', issuer: 'https://as.example' } as OAuthRecord['tokens'] & object,
  client: { client_id: 'client-1' },
};

describe('revoking at sign-out', () => {
  it('sends no token to an authorization server other than the one that issued it (discovered again)', async () => {
    const sent: { url: string; body: string }[] = [];
    const said = await revokeTokens({ serverUrl: 'https://mcp.example/mcp', record, client: { client_id: 'client-1', client_secret: 'client-secret' }, fetchFn: hostileFetch(sent) });
    expect(sent.filter((r) => r.body.includes('secret'))).toEqual([]);
    expect(said).toContain('https://evil.example');
    expect(said).toContain('https://as.example');
  });

  it('nor to one the discovery held in memory names', async () => {
    const sent: { url: string; body: string }[] = [];
    const withDiscovery: OAuthRecord = { ...record, discovery: { authorizationServerUrl: 'https://evil.example', authorizationServerMetadata: EVIL_METADATA } };
    const said = await revokeTokens({ serverUrl: 'https://mcp.example/mcp', record: withDiscovery, fetchFn: hostileFetch(sent) });
    expect(sent.filter((r) => r.body.includes('secret'))).toEqual([]);
    expect(said).toContain('forgotten here only');
  });
});
