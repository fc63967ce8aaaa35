// A sign-in the app dropped — the person signed out, or the authorization
// server refused its tokens — that a locked keychain would not delete, seen
// across app starts: each start is a new vault and new sessions over the same
// store and the same data folder (a real folder on disk). The person is told
// once, naming the entry to remove; no later start uses the dropped tokens or
// says it again; a start whose store lets it deletes them without a word.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDataFolders } from '../../test/fixtures/oauth/suite.js';
import { storesOf, type SecretStore } from '../secrets/secret-store.js';
import { lockableStore, SIGNED_IN, TARGET, WHERE } from './lockable-store.unit.js';
import { OAuthSessions } from './oauth-sessions.js';
import { StoredOAuthVault, vaultId } from './oauth-vault.js';
import { STALE_SIGN_INS_FILE, StaleSignIns } from './stale-sign-ins.js';

const TOLD = 'The app will not use it again, and deletes it at a later start or change to this sign-in once the store lets it. To delete it now, unlock the store and sign out, or remove the entry "oauth:s1" from it by hand.';

const dataFolder = useDataFolders('si-dropped-');

/** One app start: a vault and sessions over `store`, remembering in `dataDir`, with what it said. */
function appStart(store: SecretStore, dataDir: string) {
  const vault = new StoredOAuthVault(storesOf(store), new StaleSignIns(dataDir));
  const said: string[] = [];
  const sessions = new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async () => undefined, keptInStore: (_id, message) => void said.push(message) });
  return { vault, said, sessions, provider: sessions.transportAuth(TARGET).record };
}

async function signedInBehindALock() {
  const dataDir = await dataFolder();
  const store = lockableStore();
  await new StoredOAuthVault(storesOf(store)).write('s1', SIGNED_IN);
  store.locked = true;
  return { store, dataDir };
}

describe('a dropped sign-in the secret store kept, across app starts', () => {
  it('signed out: told once naming the entry, never used again, deleted silently once the store lets it', async () => {
    const { store, dataDir } = await signedInBehindALock();
    const first = appStart(store, dataDir);
    await first.sessions.signOut(TARGET);
    expect(await first.provider.tokens()).toBeUndefined();
    expect(first.sessions.status(TARGET).signedIn).toBe(false);
    expect(first.said).toEqual([`You signed out, so the app no longer uses the sign-in, but it could not be deleted from ${WHERE}; the old sign-in is still stored there under the id oauth:s1. ${TOLD}`]);
    expect(JSON.parse(store.held.get(vaultId('s1'))!)).toEqual(SIGNED_IN);

    // The next start, the keychain still locked: the stored tokens are not used, and nothing is said again.
    const second = appStart(store, dataDir);
    await second.sessions.load(['s1']);
    expect(await second.provider.tokens()).toBeUndefined();
    expect(second.sessions.status(TARGET).signedIn).toBe(false);
    expect(second.vault.known()).toEqual([]);
    expect(second.said).toEqual([]);

    // A start with the keychain unlocked: the tokens are deleted from it, without a word, and the memory of it goes.
    store.locked = false;
    const third = appStart(store, dataDir);
    await third.sessions.load(['s1']);
    expect(await third.provider.tokens()).toBeUndefined();
    expect(third.said).toEqual([]);
    const { tokens: _t, tokensSavedAt: _s, ...signedOut } = SIGNED_IN;
    expect(JSON.parse(store.held.get(vaultId('s1'))!)).toEqual(signedOut);
    expect(JSON.parse(await fs.readFile(path.join(dataDir, STALE_SIGN_INS_FILE), 'utf8'))).toEqual({});
    expect(third.vault.peek('s1')?.keptInStore).toBeUndefined();
  });

  it("the authorization server refused the tokens (invalid_grant): the next start neither uses them nor says it again", async () => {
    const { store, dataDir } = await signedInBehindALock();
    const first = appStart(store, dataDir);
    await first.provider.invalidateCredentials!('tokens');
    expect(first.said).toEqual([`The authorization server refused its tokens, so the app no longer uses them, but they could not be deleted from ${WHERE}; the old sign-in is still stored there under the id oauth:s1. ${TOLD}`]);

    const second = appStart(store, dataDir);
    await second.sessions.load(['s1']);
    expect(await second.provider.tokens()).toBeUndefined();
    expect((await second.provider.clientInformation())?.client_id).toBe('client-1');
    expect(second.vault.peek('s1')?.refreshRefused).toBe(true);
    expect(second.said).toEqual([]);

    store.locked = false;
    const third = appStart(store, dataDir);
    await third.sessions.load(['s1']);
    expect(third.said).toEqual([]);
    expect(JSON.parse(store.held.get(vaultId('s1'))!).tokens).toBeUndefined();
  });

  it('a server removed while the keychain is locked: the next start does not read its sign-in back', async () => {
    const { store, dataDir } = await signedInBehindALock();
    const first = appStart(store, dataDir);
    await expect(first.sessions.forget('s1')).rejects.toThrow(/still in the system keychain/);

    const second = appStart(store, dataDir);
    await second.sessions.load(['s1']);
    expect(await second.provider.tokens()).toBeUndefined();
    store.locked = false;
    const third = appStart(store, dataDir);
    await third.sessions.load(['s1']);
    expect(store.held.has(vaultId('s1'))).toBe(false);
  });
});
