// Cancel stops a sign-in at any point, not only while the browser is out: a
// server (or its authorization server) that takes the discovery request and
// never answers must not hold "signing in" until Node gives up minutes later.
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

describe('cancelling a sign-in', () => {
  it('ends it while discovery waits on a server that never answers', async () => {
    let requests = 0;
    server = createServer(() => void requests++);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const sessions = new OAuthSessions({ vault: new MemoryOAuthVault(), clientName: 'test', openAuthorizationUrl: async () => undefined });
    const target = { key: 's1', serverId: 's1', url, settings: { type: 'oauth' as const } };
    const outcome = sessions.signIn(target).then(
      () => 'signed in',
      (error: unknown) => error,
    );
    while (requests === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sessions.cancel('s1')).toBe(true);
    const settled = await Promise.race([outcome, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000))]);
    expect(settled).toMatchObject({ name: 'OAuthFlowError', problem: 'oauth-cancelled' });
    expect(sessions.isSigningIn('s1')).toBe(false);
  }, 15_000);
});
