// A renewal the connection runs itself (a 401, then the refresh_token grant)
// reads the same authorization server's JSON as a sign-in does, and took it as
// it came: a token_type the app must not use, a lifetime already past, a token
// no header can carry, an answer of many megabytes read whole. Each replaced a
// good sign-in with one no request could use. Now each is refused in words
// that name the token endpoint and the field, no token quoted, and the stored
// sign-in stays as it was, in memory and in the store. Against a real server
// that goes the whole way (hostile-authorization.unit.ts), renewed through the
// provider the transport is given.
import { afterEach, describe, expect, it } from 'vitest';
import { storesOf } from '../secrets/secret-store.js';
import { browse, startHostile, type HostileServer } from './hostile-authorization.unit.js';
import { MAX_OAUTH_RESPONSE_BYTES } from './bounded-fetch.js';
import { lockableStore } from './lockable-store.unit.js';
import { diagnoseOAuth } from './oauth-errors.js';
import { OAuthSessions, type OAuthTarget } from './oauth-sessions.js';
import { StoredOAuthVault, vaultId } from './oauth-vault.js';

const servers: HostileServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Signs in honestly, then has the connection renew with the refresh token, the token endpoint answering the refresh as `refresh` says. */
async function renewAt(refresh: (honest: Record<string, unknown>) => unknown) {
  const server = await startHostile({ token: (honest, grantType) => (grantType === 'refresh_token' ? refresh(honest) : honest) });
  servers.push(server);
  const store = lockableStore();
  const sessions = new OAuthSessions({ vault: new StoredOAuthVault(storesOf(store)), clientName: 'test', openAuthorizationUrl: async (_serverId, url) => void browse(url) });
  const target: OAuthTarget = { key: 's1', serverId: 's1', url: server.url, settings: { type: 'oauth' } };
  await sessions.signIn(target);
  const stored = store.held.get(vaultId('s1'));
  const auth = sessions.transportAuth(target);
  const before = await auth.record.tokens();
  // The server's own 401, as the transport hands it on.
  const unauthorized = await fetch(server.url);
  const error = await auth.provider.onUnauthorized!({ response: unauthorized, serverUrl: new URL(server.url), fetchFn: fetch }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return {
    error,
    message: error instanceof Error ? error.message : String(error),
    detail: diagnoseOAuth(error, server.url, true)?.detail,
    token: `${server.base}/token`,
    before,
    after: await auth.record.tokens(),
    storedBefore: stored,
    storedAfter: store.held.get(vaultId('s1')),
    status: sessions.status(target),
    refreshes: server.requests.filter((line) => line === 'POST /token').length,
  };
}

const KEPT = 'The renewed token was not kept: the sign-in stays as it was, and the app tries to renew it again at the next connection.';

describe('a hostile answer to a renewal', () => {
  it('an honest one renews (the fixture goes the whole way)', async () => {
    const result = await renewAt((honest) => honest);
    expect(result.error).toBeUndefined();
    expect(result.after?.access_token).toBe('access-2');
    expect(result.storedAfter).not.toBe(result.storedBefore);
  });

  it.each([
    ['a token_type other than Bearer', { token_type: 'mac' }, 'its token_type is "mac": the app sends only Bearer tokens (RFC 6750), and must not use a token of a type it does not know (RFC 6749 §7.1)'],
    ['a DPoP token', { token_type: 'DPoP' }, 'its token_type is "DPoP": the app sends only Bearer tokens (RFC 6750), and must not use a token of a type it does not know (RFC 6749 §7.1)'],
    ['a negative expires_in', { expires_in: -3600 }, 'its expires_in is -3600, not a number of seconds the token lasts'],
    ['an expires_in that is a word', { expires_in: 'soon' }, 'its expires_in is "soon", not a number of seconds the token lasts'],
    ['an access token of 1 MB', { access_token: 'a'.repeat(1_000_000) }, 'its access_token is 1000000 characters long, past the 16384 an HTTP header is sure to carry'],
    ['an access token with CR LF', { access_token: 'abc\r\nX-Evil: 1' }, 'its access_token holds characters an HTTP header cannot carry (control characters, spaces or non-ASCII)'],
  ])('%s: refused, said, the sign-in kept as it was', async (_name, change, what) => {
    const result = await renewAt((honest) => ({ ...honest, ...change }));
    expect(result.refreshes).toBe(2);
    expect(result.detail).toBe(`The authorization server's token answer from ${result.token} cannot be used: ${what}. ${KEPT}`);
    expect(result.message).not.toContain('abc');
    expect(result.message.length).toBeLessThan(600);
    expect(result.after).toEqual(result.before);
    expect(result.storedAfter).toBe(result.storedBefore);
    expect(result.status).toMatchObject({ signedIn: true, refreshable: true, renewalFailed: true });
  });

  it('an expires_in of 1e309 as a number (Infinity once read): refused, said, kept as it was', async () => {
    const result = await renewAt((honest) => JSON.stringify(honest).replace('3600', '1e309'));
    expect(result.detail).toBe(`The authorization server's token answer from ${result.token} cannot be used: its expires_in is a number too large to hold, not a number of seconds the token lasts. ${KEPT}`);
    expect(result.storedAfter).toBe(result.storedBefore);
  });

  it('an answer past the OAuth response limit: not read whole, said, kept as it was', async () => {
    const padding = 'x'.repeat(2 * MAX_OAUTH_RESPONSE_BYTES);
    const result = await renewAt((honest) => ({ ...honest, padding }));
    expect(result.detail).toBe(`The answer from ${result.token} passed the ${MAX_OAUTH_RESPONSE_BYTES}-byte limit for an OAuth response; reading stopped. ${KEPT}`);
    expect(result.after).toEqual(result.before);
    expect(result.storedAfter).toBe(result.storedBefore);
  });
});
