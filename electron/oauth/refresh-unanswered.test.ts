// A renewal the authorization server did not answer (unreachable, or HTTP 5xx):
// the SDK gives up on the refresh without a word and goes on to a new
// authorization, which a connection cannot open, so the connection said "The
// server needs a sign-in: no valid token is stored for it" while the overview
// read signed in and the refresh token was good. The person was sent to sign
// in again for an authorization server that was only down. Now the
// diagnostic says what happened and that the sign-in is kept; once the
// authorization server answers, the same sign-in is renewed. Real sign-in and
// refresh through the fixture authorization server; the failure is its token
// endpoint not answering.
import { auth, type FetchLike } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { completeAuthorization } from '../../test/fixtures/oauth/authorization-page.js';
import { useOAuthFixture } from '../../test/fixtures/oauth/suite.js';
import { OAuthSessions, type OAuthTarget } from './oauth-sessions.js';
import { storesOf } from '../secrets/secret-store.js';
import { lockableStore } from './lockable-store.unit.js';
import { MemoryOAuthVault, StoredOAuthVault, vaultId } from './oauth-vault.js';

const oauth = useOAuthFixture();

const unanswered: Record<string, FetchLike> = {
  'not reachable': async (url, init) => {
    if (new URL(url).pathname === '/token') throw new TypeError('fetch failed');
    return fetch(url, init);
  },
  'HTTP 503': async (url, init) => (new URL(url).pathname === '/token' ? new Response('down for maintenance', { status: 503 }) : fetch(url, init)),
};

describe('a renewal the authorization server did not answer', () => {
  for (const [how, fetchFn] of Object.entries(unanswered)) {
    it(`${how}: said as such, the sign-in kept; renewed once it answers`, async () => {
      const target: OAuthTarget = { key: 's1', serverId: 's1', url: oauth.fixture.url, settings: { type: 'oauth' } };
      const sessions = new OAuthSessions({ vault: new MemoryOAuthVault(), clientName: 'test', openAuthorizationUrl: async (_id, url) => void completeAuthorization(url) });
      await sessions.signIn(target);
      const provider = sessions.transportAuth(target).record;
      const before = await provider.tokens();
      expect(before?.refresh_token).toEqual(expect.any(String));

      await expect(auth(provider, { serverUrl: oauth.fixture.url, fetchFn })).rejects.toThrow(
        'The authorization server did not renew the token: it could not be reached or it failed (not a refusal). The sign-in is kept: the app renews it at the next connection once the authorization server answers, so signing in again is not needed.',
      );
      expect(sessions.status(target)).toMatchObject({ signedIn: true, refreshable: true });
      expect(await provider.tokens()).toEqual(before);

      expect(await auth(provider, { serverUrl: oauth.fixture.url })).toBe('AUTHORIZED');
      expect((await provider.tokens())?.access_token).not.toBe(before?.access_token);
    }, 60_000);

    it(`${how}: the overview's status says the renewal failed until one succeeds; the store never holds it`, async () => {
      const target: OAuthTarget = { key: 's1', serverId: 's1', url: oauth.fixture.url, settings: { type: 'oauth' } };
      const store = lockableStore();
      const sessions = new OAuthSessions({ vault: new StoredOAuthVault(storesOf(store)), clientName: 'test', openAuthorizationUrl: async (_id, url) => void completeAuthorization(url) });
      await sessions.signIn(target);
      expect(sessions.status(target).renewalFailed).toBeUndefined();
      const provider = sessions.transportAuth(target).record;

      await expect(auth(provider, { serverUrl: oauth.fixture.url, fetchFn })).rejects.toThrow('The authorization server did not renew the token');
      expect(sessions.status(target)).toMatchObject({ signedIn: true, refreshable: true, renewalFailed: true });
      expect(Object.keys(JSON.parse(store.held.get(vaultId('s1'))!) as object).sort()).toEqual(['boundTo', 'client', 'tokens', 'tokensSavedAt']);

      expect(await auth(provider, { serverUrl: oauth.fixture.url })).toBe('AUTHORIZED');
      expect(sessions.status(target)).toMatchObject({ signedIn: true, refreshable: true });
      expect(sessions.status(target).renewalFailed).toBeUndefined();
    }, 60_000);
  }
});
