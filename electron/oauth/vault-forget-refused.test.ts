// Credentials the authorization server refused (invalid_grant, invalid_client)
// that a locked keychain will not delete: the SDK's auth() asks the provider
// to forget them, and they must not be used again, nor be dropped in memory
// without a word while the store keeps them for the next start.
import { describe, expect, it } from 'vitest';
import { storesOf } from '../secrets/secret-store.js';
import { lockableStore } from './lockable-store.unit.js';
import { OAuthSessions, type OAuthTarget } from './oauth-sessions.js';
import { StoredOAuthVault, vaultId, type OAuthRecord } from './oauth-vault.js';

const TARGET: OAuthTarget = { key: 's1', serverId: 's1', url: 'https://mcp.example/mcp', settings: { type: 'oauth' } };
const BOUND = `${TARGET.url}\n`;
const SIGNED_IN: OAuthRecord = {
  client: { client_id: 'client-1' } as never,
  tokens: { access_token: 'access-1', token_type: 'Bearer', refresh_token: 'refresh-1' },
  tokensSavedAt: 1,
  boundTo: BOUND,
};
const WHERE = 'the system keychain (Secret Service) (the keychain is locked)';
const NEXT = 'The app tries the deletion again at the next change to this sign-in; if it is still stored when the app starts again, that old sign-in will be tried again then. Unlock the store, then sign in again or sign out.';

async function signedInBehindALock() {
  const store = lockableStore();
  const vault = new StoredOAuthVault(storesOf(store));
  await vault.write('s1', SIGNED_IN);
  store.locked = true;
  const said: [string, string][] = [];
  const sessions = new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async () => undefined, keptInStore: (serverId, message) => void said.push([serverId, message]) });
  return { store, vault, said, provider: sessions.transportAuth(TARGET).record };
}

describe('credentials the authorization server refused, in a store that will not delete them', () => {
  it("invalid_grant's invalidateCredentials('tokens'): dropped in memory, marked, and said, naming the store and the next start", async () => {
    const { store, vault, said, provider } = await signedInBehindALock();
    await provider.invalidateCredentials!('tokens');

    const { tokens: _t, tokensSavedAt: _s, ...withoutTokens } = SIGNED_IN;
    expect(vault.peek('s1')).toEqual({ ...withoutTokens, refreshRefused: true, keptInStore: WHERE });
    expect(await provider.tokens()).toBeUndefined();
    expect(vault.known()).toEqual([]);
    expect(said).toEqual([
      ['s1', `The authorization server refused its tokens, so the app no longer uses them, but they could not be deleted from ${WHERE}; the old sign-in is still stored there under the id oauth:s1. ${NEXT}`],
    ]);
    // The store still holds them: that is what the words admit.
    expect(JSON.parse(store.held.get(vaultId('s1'))!)).toEqual(SIGNED_IN);

    // A later write the store refuses does not bring the refused tokens back into memory.
    await expect(vault.write('s1', { ...vault.peek('s1')!, scopeWanted: 'more' })).rejects.toMatchObject({ problem: 'oauth-failed' });
    expect(vault.peek('s1')?.tokens).toBeUndefined();
    expect(vault.peek('s1')?.keptInStore).toBe(WHERE);

    // Unlocked: the next change lands, the old sign-in is gone from the store and the mark with it.
    store.locked = false;
    await vault.write('s1', { ...vault.peek('s1')!, scopeWanted: 'more' });
    expect(JSON.parse(store.held.get(vaultId('s1'))!)).toEqual({ ...withoutTokens, refreshRefused: true, scopeWanted: 'more' });
    expect(vault.peek('s1')?.keptInStore).toBeUndefined();
  });

  it("invalid_client's invalidateCredentials('client') and ('all') are said as well", async () => {
    const { vault, said, provider } = await signedInBehindALock();
    await provider.invalidateCredentials!('client');
    expect(vault.peek('s1')?.client).toBeUndefined();
    await provider.invalidateCredentials!('all');
    expect(vault.peek('s1')).toEqual({ keptInStore: WHERE });
    expect(said).toEqual([
      ['s1', `The authorization server no longer accepts the client the app registered, so the app no longer uses it, but it could not be deleted from ${WHERE}; the old sign-in is still stored there under the id oauth:s1. ${NEXT}`],
      ['s1', `The app forgot its sign-in, so it no longer uses it, but it could not be deleted from ${WHERE}; the old sign-in is still stored there under the id oauth:s1. ${NEXT}`],
    ]);
  });

  it('a store that deletes: nothing is said, nothing is marked', async () => {
    const { store, vault, said, provider } = await signedInBehindALock();
    store.locked = false;
    await provider.invalidateCredentials!('tokens');
    expect(said).toEqual([]);
    expect(vault.peek('s1')?.keptInStore).toBeUndefined();
    expect(JSON.parse(store.held.get(vaultId('s1'))!).tokens).toBeUndefined();
  });
});
