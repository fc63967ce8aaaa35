// A token answer is the authorization server's JSON: a token of a type the app
// cannot send (RFC 6749 §7.1: a client must not use a token whose type it does
// not understand), a lifetime that is no number of seconds, a token no HTTP
// header can carry. Each is a sign-in refused in words that say what and
// where, no token quoted, nothing kept. Against a real server that goes the
// whole way (hostile-authorization.unit.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { browse, startHostile, type HostileAnswers, type HostileServer } from './hostile-authorization.unit.js';
import { diagnoseOAuth } from './oauth-errors.js';
import { OAuthSessions } from './oauth-sessions.js';
import { MemoryOAuthVault } from './oauth-vault.js';

const servers: HostileServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function signInAt(answers: HostileAnswers) {
  const server = await startHostile(answers);
  servers.push(server);
  const vault = new MemoryOAuthVault();
  const sessions = new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async (_serverId, url) => void browse(url) });
  const target = { key: 's1', serverId: 's1', url: server.url, settings: { type: 'oauth' as const } };
  const error = await sessions.signIn(target).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { detail: diagnoseOAuth(error, server.url, true)?.detail, message: error instanceof Error ? error.message : String(error), token: `${server.base}/token`, record: await vault.read('s1'), signedIn: sessions.status(target).signedIn };
}

const REFUSED = "The authorization server's token answer from";

describe('a hostile token answer', () => {
  it('an honest one signs in (the fixture goes the whole way)', async () => {
    const result = await signInAt({});
    expect(result.detail).toBeUndefined();
    expect(result.signedIn).toBe(true);
  });

  it.each([
    ['a token_type other than Bearer', { token_type: 'mac' }, 'its token_type is "mac": the app sends only Bearer tokens (RFC 6750), and must not use a token of a type it does not know (RFC 6749 §7.1)'],
    ['a DPoP token', { token_type: 'DPoP' }, 'its token_type is "DPoP": the app sends only Bearer tokens (RFC 6750), and must not use a token of a type it does not know (RFC 6749 §7.1)'],
    ['a negative expires_in', { expires_in: -3600 }, 'its expires_in is -3600, not a number of seconds the token lasts'],
    ['an expires_in that is a word', { expires_in: 'soon' }, 'its expires_in is "soon", not a number of seconds the token lasts'],
    ['an expires_in of 1e309 as text', { expires_in: '1e309' }, 'its expires_in is "1e309", not a number of seconds the token lasts'],
    ['an access token of 1 MB', { access_token: 'a'.repeat(1_000_000) }, 'its access_token is 1000000 characters long, past the 16384 an HTTP header is sure to carry'],
    ['an access token with CR LF', { access_token: 'abc\r\nX-Evil: 1' }, 'its access_token holds characters an HTTP header cannot carry (control characters, spaces or non-ASCII)'],
    ['a scope with line breaks', { scope: 'read\r\nwrite' }, 'its scope holds control characters'],
  ])('%s: refused, said, nothing kept', async (_name, change, what) => {
    const result = await signInAt({ token: (honest) => ({ ...honest, ...change }) });
    expect(result.detail).toBe(`${REFUSED} ${result.token} cannot be used: ${what}. The sign-in was not kept.`);
    expect(result.signedIn).toBe(false);
    expect(result.record.tokens).toBeUndefined();
    expect(result.message).not.toContain('abc');
    expect(result.message.length).toBeLessThan(600);
  });

  it('an expires_in of 1e309 as a number (Infinity once read): refused, said', async () => {
    const result = await signInAt({ token: (honest) => JSON.stringify(honest).replace('3600', '1e309') });
    expect(result.detail).toBe(`${REFUSED} ${result.token} cannot be used: its expires_in is a number too large to hold, not a number of seconds the token lasts. The sign-in was not kept.`);
    expect(result.record.tokens).toBeUndefined();
  });

  it('a lowercase bearer and a numeric string lifetime are taken', async () => {
    const result = await signInAt({ token: (honest) => ({ ...honest, token_type: 'bearer', expires_in: '600' }) });
    expect(result.detail).toBeUndefined();
    expect(result.signedIn).toBe(true);
  });
});
