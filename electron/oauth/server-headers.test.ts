// The headers set for a server (an API key beside OAuth, say) are for that
// server. When it answers 401, the transport looks up and talks to the
// authorization server the server names, on another origin, and renews the
// token there: none of those requests may carry the server's headers.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { Connection } from '../connections/connection.js';
import { ProtocolLog } from '../connections/protocol-log.js';
import { buildTransport } from '../connections/transports.js';
import { OAuthSessions } from './oauth-sessions.js';
import { bindingOf, MemoryOAuthVault } from './oauth-vault.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
}

async function listen(answer: (path: string, base: string) => { status: number; body?: unknown; headers?: Record<string, string> }, seen: Seen[]): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
      const { status, body, headers } = answer(req.url ?? '/', base);
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body === undefined ? '' : JSON.stringify(body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return base;
}

describe("a server's own headers", () => {
  it('reach the server, never the authorization server it names (discovery and the token renewal)', async () => {
    const atAuthorizationServer: Seen[] = [];
    const atServer: Seen[] = [];
    const issuer = await listen((path, base) => {
      if (path.startsWith('/.well-known/oauth-authorization-server')) {
        return { status: 200, body: { issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, response_types_supported: ['code'] } };
      }
      if (path === '/token') return { status: 200, body: { access_token: 'new-access', token_type: 'Bearer', expires_in: 3600 } };
      return { status: 404 };
    }, atAuthorizationServer);
    const server = await listen((path, base) => {
      if (path.startsWith('/.well-known/oauth-protected-resource')) return { status: 200, body: { resource: `${base}/mcp`, authorization_servers: [issuer] } };
      return { status: 401, headers: { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` } };
    }, atServer);
    const url = `${server}/mcp`;

    // Signed in before: a token that has run out, its refresh token, the client the app registered.
    const vault = new MemoryOAuthVault();
    await vault.write('s1', {
      tokens: { access_token: 'old-access', token_type: 'Bearer', refresh_token: 'refresh-1', issuer } as never,
      client: { client_id: 'client-1', issuer } as never,
      tokensSavedAt: Date.now(),
      boundTo: bindingOf(url, undefined),
    });
    const sessions = new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async () => undefined });
    const transport = { kind: 'http' as const, url, headers: { 'X-Api-Key': 'server-key-1', 'X-Tenant': 'acme' }, auth: { type: 'oauth' as const } };
    const log = new ProtocolLog('s1', 100, () => undefined);
    const built = buildTransport(transport, log, { maxMessageBytes: () => 1024 * 1024 }, undefined, sessions.transportAuth({ key: 's1', serverId: 's1', url, settings: transport.auth }));
    const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'legacy' }, capabilities: {} });
    await expect(client.connect(built.transport, { timeout: 10_000 })).rejects.toThrow();
    await client.close().catch(() => undefined);

    // The transport went all the way: discovery at the authorization server, then the renewal at its token endpoint.
    expect(atAuthorizationServer.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /.well-known/oauth-authorization-server', 'POST /token']);
    for (const request of atAuthorizationServer) {
      expect({ request: `${request.method} ${request.path}`, key: request.headers['x-api-key'], tenant: request.headers['x-tenant'] }).toEqual({ request: `${request.method} ${request.path}`, key: undefined, tenant: undefined });
    }
    // The server itself still gets them, on every request, its metadata included.
    expect(atServer.length).toBeGreaterThan(1);
    for (const request of atServer) expect([request.path, request.headers['x-api-key'], request.headers['x-tenant']]).toEqual([request.path, 'server-key-1', 'acme']);
    // And the renewed token went to the server only.
    expect(atServer.at(-1)?.headers.authorization).toBe('Bearer new-access');
  }, 30_000);

  it("the URL's user name and password go as Basic credentials to the server, never to the authorization server it names", async () => {
    const atAuthorizationServer: Seen[] = [];
    const atServer: Seen[] = [];
    const issuer = await listen((path, base) => {
      if (path.startsWith('/.well-known/oauth-authorization-server')) {
        return { status: 200, body: { issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, response_types_supported: ['code'] } };
      }
      return { status: 404 };
    }, atAuthorizationServer);
    const server = await listen((path, base) => {
      if (path.startsWith('/.well-known/oauth-protected-resource')) return { status: 200, body: { resource: `${base}/mcp`, authorization_servers: [issuer] } };
      return { status: 401, headers: { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` } };
    }, atServer);
    const url = `${server}/mcp`;
    // Registered before, never signed in: the first request has no token, so the server's own Authorization goes with it.
    const vault = new MemoryOAuthVault();
    await vault.write('s1', { client: { client_id: 'client-1', issuer } as never, boundTo: bindingOf(url, undefined) });
    const sessions = new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async () => undefined });
    const transport = { kind: 'http' as const, url: url.replace('http://', 'http://ada:s3cret@'), headers: {}, auth: { type: 'oauth' as const } };
    const connection = new Connection(
      { id: 's1', label: 's1', transport, createdAt: new Date(0).toISOString() },
      {
        settings: () => ({ ...DEFAULT_SETTINGS, requestTimeoutMs: 10_000 }),
        resolveTransport: (s) => s.transport,
        onChange: () => undefined,
        log: new ProtocolLog('s1', 100, () => undefined),
        clientInfo: { name: 'test', version: '1' },
        oauth: (_server, resolved) => (resolved.kind === 'stdio' ? undefined : sessions.transportAuth({ key: 's1', serverId: 's1', url: resolved.url, settings: { type: 'oauth' } })),
      },
    );
    const snapshot = await connection.connect();
    await connection.disconnect();
    expect(snapshot.error?.code).toBe('oauth-sign-in-required');

    // The transport went as far as the authorization server's metadata, which it asked for without the credentials.
    expect(atAuthorizationServer.map((r) => [`${r.method} ${r.path}`, r.headers.authorization])).toEqual([['GET /.well-known/oauth-authorization-server', undefined]]);
    // The server had them, exactly, on its own requests (the MCP one and its metadata).
    expect(atServer.map((r) => [`${r.method} ${r.path}`, r.headers.authorization])).toEqual([
      ['POST /mcp', 'Basic YWRhOnMzY3JldA=='],
      ['GET /.well-known/oauth-protected-resource/mcp', 'Basic YWRhOnMzY3JldA=='],
    ]);
  }, 30_000);
});
