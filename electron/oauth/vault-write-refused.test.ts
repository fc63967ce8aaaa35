// A secret store that refuses a sign-in's record (the Windows Credential
// Manager takes 2,560 bytes; an authorization server's JWTs and refresh token
// can pass that; a keychain that is locked or full) leaves nothing half-done:
// the sign-in is as it was before, in memory as in the store, and the error
// says what could not be kept and where.
import { describe, expect, it } from 'vitest';
import { storesOf, type SecretStore } from '../secrets/secret-store.js';
import { statusOf } from './oauth-sessions.js';
import { StoredOAuthVault, vaultId, type OAuthRecord } from './oauth-vault.js';

/** A keychain with the Credential Manager's limit, in characters as the keyring counts them. */
function limitedStore(limit: number): SecretStore & { held: Map<string, string> } {
  const held = new Map<string, string>();
  return {
    backend: 'keychain',
    description: 'the Windows Credential Manager',
    held,
    get: async (id) => held.get(id),
    set: async (id, value) => {
      if (value.length > limit) throw new Error(`Attribute 'password' is longer than platform limit of ${limit} chars`);
      held.set(id, value);
    },
    delete: async (id) => void held.delete(id),
  };
}

const TARGET = { key: 's1', serverId: 's1', url: 'https://mcp.example/mcp', settings: { type: 'oauth' as const } };

describe('a sign-in the secret store refuses', () => {
  it('is not kept in memory either, and the error names the store and why', async () => {
    const store = limitedStore(1280);
    const vault = new StoredOAuthVault(storesOf(store));
    const registered: OAuthRecord = { client: { client_id: 'client-1' } as never, boundTo: `${TARGET.url}\n` };
    await vault.write('s1', registered);

    const jwt = `eyJ${'a'.repeat(1500)}`;
    const signedIn: OAuthRecord = { ...registered, tokens: { access_token: jwt, token_type: 'Bearer', refresh_token: 'refresh-1', expires_in: 3600 }, tokensSavedAt: 1 };
    const error = await vault.write('s1', signedIn).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      name: 'OAuthFlowError',
      problem: 'oauth-failed',
      message: `The sign-in could not be kept in the Windows Credential Manager (Attribute 'password' is longer than platform limit of 1280 chars), so it was not kept at all; the server is as it was before this sign-in.`,
    });
    // As it was: the registration, no token; nothing to send, nothing shown as signed in.
    expect(vault.peek('s1')).toEqual(registered);
    expect(statusOf(TARGET, vault.peek('s1')!, false).signedIn).toBe(false);
    expect(vault.known()).toEqual([]);
    expect(JSON.parse(store.held.get(vaultId('s1'))!)).toEqual(registered);

    // The next write that fits is written, not skipped as "already there".
    const smaller: OAuthRecord = { ...registered, tokens: { access_token: 'short', token_type: 'Bearer' }, tokensSavedAt: 2 };
    await vault.write('s1', smaller);
    expect(JSON.parse(store.held.get(vaultId('s1'))!)).toEqual(smaller);
    expect(vault.peek('s1')).toEqual(smaller);
  });

  it('a refused write followed by one already queued: the later one stands', async () => {
    const store = limitedStore(200);
    const vault = new StoredOAuthVault(storesOf(store));
    const big: OAuthRecord = { tokens: { access_token: 'x'.repeat(400), token_type: 'Bearer' } };
    const after: OAuthRecord = { tokens: { access_token: 'fits', token_type: 'Bearer' } };
    const first = vault.write('s1', big).catch((e: unknown) => e);
    await vault.write('s1', after);
    expect(await first).toMatchObject({ name: 'OAuthFlowError' });
    expect(vault.peek('s1')).toEqual(after);
    expect(JSON.parse(store.held.get(vaultId('s1'))!)).toEqual(after);
  });
});
