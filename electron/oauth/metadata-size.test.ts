// The metadata a sign-in reads (RFC 9728, RFC 8414) is a few KB. A server, or
// the authorization server it names, that answers with a document without end
// must not be read into memory whole: the read stops at a limit, and the
// sign-in fails saying so.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OAuthSessions } from './oauth-sessions.js';
import { MemoryOAuthVault } from './oauth-vault.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

const PAD_BYTES = 64 * 1024 * 1024;

describe('a sign-in sent huge metadata', () => {
  it('stops reading at the limit and fails, naming it', async () => {
    let written = 0;
    server = createServer((req, res) => {
      if (!req.url?.startsWith('/.well-known/')) {
        res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
        return;
      }
      // A valid document, padded to 64 MiB, sent in 1 MiB pieces as the reader takes them.
      const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
      const head = `{"resource":"${base}/mcp","authorization_servers":["${base}"],"issuer":"${base}","authorization_endpoint":"${base}/authorize","token_endpoint":"${base}/token","response_types_supported":["code"],"pad":"`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(head);
      const piece = 'a'.repeat(1024 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < PAD_BYTES) {
          sent += piece.length;
          written += piece.length;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        res.end('"}');
      };
      res.on('close', () => res.removeAllListeners('drain'));
      more();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const sessions = new OAuthSessions({ vault: new MemoryOAuthVault(), clientName: 'test', openAuthorizationUrl: async () => undefined });
    const error = await sessions.signIn({ key: 's1', serverId: 's1', url, settings: { type: 'oauth' } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String(error instanceof Error ? error.message : error)).toMatch(/passed the 1048576-byte limit/);
    // Each document was cut off near the limit, not read to its end.
    expect(written).toBeLessThan(PAD_BYTES);
  }, 60_000);
});
