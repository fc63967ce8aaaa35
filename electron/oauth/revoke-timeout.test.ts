// Sign-out must end even when the authorization server's revocation endpoint
// never answers: it is best effort, and the tokens are forgotten here either way.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthRecord } from './oauth-vault.js';
import { revokeTokens } from './revoke.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe('revoking at sign-out', () => {
  it('gives up on a revocation endpoint that never answers, and says so', async () => {
    // Takes every request and never answers it.
    server = createServer(() => undefined);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const record: OAuthRecord = {
      tokens: { access_token: 'at', refresh_token: 'rt', token_type: 'Bearer', issuer: base } as OAuthRecord['tokens'] & object,
      client: { client_id: 'c' },
      discovery: {
        authorizationServerUrl: base,
        authorizationServerMetadata: { issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, response_types_supported: ['code'], revocation_endpoint: `${base}/revoke` } as never,
      },
    };
    // A revocation that waited for the silent server would never end: the test's time limit says so.
    const said = await revokeTokens({ serverUrl: `${base}/mcp`, record, timeoutMs: 1000 });
    expect(said).toContain('revoking the refresh token failed (no answer within 1 s)');
  }, 15_000);
});
