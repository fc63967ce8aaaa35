// An HTTP server that answers every request with a redirect to another origin
// (302, 307, 308): the app does not follow it, so the bearer token, the API key
// and the cookie set for the server never reach the other origin, and the
// connection fails saying where the redirect pointed. Guards what the SDK's
// redirect policy gives, against a change of SDK or of the fetch wrapper.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { Connection } from '../../electron/connections/connection.js';
import { ProtocolLog } from '../../electron/connections/protocol-log.js';

const seen: IncomingHttpHeaders[] = [];
let other: Server;
let home: Server;
let otherUrl = '';
let homeUrl = '';
beforeAll(async () => {
  other = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(500).end('other origin');
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/mcp`;
  home = createServer((req, res) => {
    res.writeHead(Number(req.url?.split('/')[1] ?? 302), { location: otherUrl }).end();
  });
  await new Promise<void>((r) => home.listen(0, '127.0.0.1', r));
  homeUrl = `http://127.0.0.1:${(home.address() as AddressInfo).port}`;
});
afterAll(() => {
  other.closeAllConnections();
  home.closeAllConnections();
  other.close();
  home.close();
});

describe('a server that redirects to another origin', { timeout: 60_000 }, () => {
  for (const status of [302, 307, 308]) {
    it(`${status}: not followed; no header set for the server reaches the other origin`, async () => {
      seen.length = 0;
      const log = new ProtocolLog('hostile', 1000, () => undefined);
      const connection = new Connection(
        { id: 'r', label: 'R', transport: { kind: 'http', url: `${homeUrl}/${status}/mcp`, headers: { 'X-Api-Key': 'xk-H5b7d9f1a3c5e7b9d1f3a5c', Cookie: 'session=abc' }, bearerToken: 'bt-B2c4e6a8f0b2d4f6a8c0e2d' }, createdAt: new Date().toISOString() },
        { settings: () => ({ ...DEFAULT_SETTINGS, requestTimeoutMs: 5_000 }), resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'hostile-transport', version: '0' } },
      );
      const snap = await connection.connect();
      expect(snap.status).toBe('failed');
      expect(snap.error?.detail).toContain(`Redirect to ${otherUrl} not followed`);
      expect(seen).toEqual([]);
      expect(JSON.stringify(log.list())).not.toMatch(/xk-H5b7|bt-B2c4|session=abc/);
      await connection.disconnect();
    });
  }
});
