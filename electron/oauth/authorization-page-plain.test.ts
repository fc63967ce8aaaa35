// The authorization page is where the person types their password: an
// authorization server whose metadata names one on plain http (not https, and
// not this machine) would have it sent in clear (RFC 6749 §3.1 requires TLS;
// the MCP authorization spec, HTTPS for every authorization server endpoint).
// The sign-in is refused before the page opens, saying which address and why.
import { afterEach, describe, expect, it } from 'vitest';
import { browse, startHostile, type HostileServer } from './hostile-authorization.unit.js';
import { diagnoseOAuth } from './oauth-errors.js';
import { OAuthSessions } from './oauth-sessions.js';
import { MemoryOAuthVault } from './oauth-vault.js';

const servers: HostileServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function signInWithPage(page: (base: string) => string) {
  const server = await startHostile({ metadata: (honest, base) => ({ ...honest, authorization_endpoint: page(base) }) });
  servers.push(server);
  const vault = new MemoryOAuthVault();
  const opened: string[] = [];
  // A short wait for the browser: a page opened that nobody answers ends the sign-in soon.
  const sessions = new OAuthSessions({ vault, clientName: 'test', timeoutMs: 3000, openAuthorizationUrl: async (_serverId, url) => void opened.push(url) });
  const target = { key: 's1', serverId: 's1', url: server.url, settings: { type: 'oauth' as const } };
  const error = await sessions.signIn(target).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { diagnostic: diagnoseOAuth(error, server.url, true), opened, record: await vault.read('s1'), server };
}

describe('an authorization page on plain http', () => {
  it('on another machine: refused before it opens, what and where said, no verifier kept', async () => {
    const { diagnostic, opened, record } = await signInWithPage(() => 'http://auth.example/authorize');
    expect(opened).toEqual([]);
    expect(diagnostic?.code).toBe('oauth-failed');
    expect(diagnostic?.detail).toBe(
      'The authorization server names its authorization page at http://auth.example/authorize, on plain http: the password typed there would cross the network unencrypted. The sign-in was refused before the page opened; its operator must serve it over https.',
    );
    expect(record.codeVerifier).toBeUndefined();
    expect(record.tokens).toBeUndefined();
  }, 15_000);

  it('on this machine (127.0.0.1, a local test server): opened and signed in as before', async () => {
    const server = await startHostile({});
    servers.push(server);
    const sessions = new OAuthSessions({ vault: new MemoryOAuthVault(), clientName: 'test', openAuthorizationUrl: async (_serverId, url) => void browse(url) });
    const target = { key: 's1', serverId: 's1', url: server.url, settings: { type: 'oauth' as const } };
    await sessions.signIn(target);
    expect(sessions.status(target).signedIn).toBe(true);
  }, 15_000);
});
