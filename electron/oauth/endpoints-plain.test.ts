// The token endpoint receives the authorization code, the PKCE verifier and any
// client secret; the registration endpoint answers with the client secret. An
// authorization server whose metadata names either on plain http on another
// machine would have them cross the network in clear (RFC 6749 §3.2 and
// RFC 7591 §5 require TLS; the MCP authorization spec, HTTPS for every
// authorization server endpoint). The sign-in is refused before the page
// opens and before any request goes there, saying which address and why.
import { afterEach, describe, expect, it } from 'vitest';
import { browse, startHostile, type HostileServer } from './hostile-authorization.unit.js';
import { diagnoseOAuth } from './oauth-errors.js';
import { OAuthSessions } from './oauth-sessions.js';
import { MemoryOAuthVault } from './oauth-vault.js';

const servers: HostileServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function signInWith(endpoints: Record<string, string>) {
  const server = await startHostile({ metadata: (honest) => ({ ...honest, ...endpoints }) });
  servers.push(server);
  const vault = new MemoryOAuthVault();
  const opened: string[] = [];
  const sent: string[] = [];
  const sessions = new OAuthSessions({
    vault,
    clientName: 'test',
    timeoutMs: 3000,
    openAuthorizationUrl: async (_serverId, url) => void opened.push(url),
    fetchFn: (url, init) => {
      sent.push(String(url));
      return fetch(url, init);
    },
  });
  const target = { key: 's1', serverId: 's1', url: server.url, settings: { type: 'oauth' as const } };
  const error = await sessions.signIn(target).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { diagnostic: diagnoseOAuth(error, server.url, true), opened, sent, record: await vault.read('s1') };
}

describe('token and registration endpoints on plain http', () => {
  it('a token endpoint on another machine: refused before the page opens, nothing sent there', async () => {
    const { diagnostic, opened, sent, record } = await signInWith({ token_endpoint: 'http://auth.example.invalid/token' });
    expect(opened).toEqual([]);
    expect(sent.filter((url) => url.includes('example.invalid'))).toEqual([]);
    expect(diagnostic?.code).toBe('oauth-failed');
    expect(diagnostic?.detail).toBe(
      'The authorization server names its token endpoint at http://auth.example.invalid/token, on plain http: the authorization code, the PKCE verifier and any client secret sent there would cross the network unencrypted. The sign-in was refused before the page opened; its operator must serve it over https.',
    );
    expect(record.codeVerifier).toBeUndefined();
    expect(record.tokens).toBeUndefined();
  }, 15_000);

  it('a registration endpoint on another machine: refused before registering, nothing sent there', async () => {
    const { diagnostic, opened, sent, record } = await signInWith({ registration_endpoint: 'http://auth.example.invalid/register' });
    expect(opened).toEqual([]);
    expect(sent.filter((url) => url.includes('example.invalid'))).toEqual([]);
    expect(diagnostic?.code).toBe('oauth-failed');
    expect(diagnostic?.detail).toBe(
      'The authorization server names its registration endpoint at http://auth.example.invalid/register, on plain http: the client secret it answers with would cross the network unencrypted. The sign-in was refused before the page opened; its operator must serve it over https.',
    );
    expect(record.client).toBeUndefined();
    expect(record.tokens).toBeUndefined();
  }, 15_000);

  it('both on this machine (127.0.0.1, a local test server): signed in as before', async () => {
    const server = await startHostile({});
    servers.push(server);
    const sessions = new OAuthSessions({ vault: new MemoryOAuthVault(), clientName: 'test', openAuthorizationUrl: async (_serverId, url) => void browse(url) });
    const target = { key: 's1', serverId: 's1', url: server.url, settings: { type: 'oauth' as const } };
    await sessions.signIn(target);
    expect(sessions.status(target).signedIn).toBe(true);
  }, 15_000);
});
