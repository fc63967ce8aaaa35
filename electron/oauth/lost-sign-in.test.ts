// A sign-in whose record the secret store no longer gives: its keychain entry
// deleted by another program, or a store that refuses to give it (locked,
// an entry that no longer decrypts). The status said "not signed in", as if
// the person never had, and Sign out revoked nothing and cleared the record
// without a word. Each app start here is a new vault and new sessions over
// the same store and the same data folder (a real folder on disk).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDataFolders } from '../../test/fixtures/oauth/suite.js';
import type { FetchLike } from '@modelcontextprotocol/client';
import { storesOf, type SecretStore } from '../secrets/secret-store.js';
import { KEPT_SIGN_INS_FILE, KeptSignIns } from './kept-sign-ins.js';
import { SIGNED_IN, TARGET } from './lockable-store.unit.js';
import { OAuthSessions } from './oauth-sessions.js';
import { StoredOAuthVault, vaultId } from './oauth-vault.js';
import { StaleSignIns } from './stale-sign-ins.js';

const KEYCHAIN = 'the system keychain (Secret Service)';
const dataFolder = useDataFolders('si-lost-sign-in-');

/** A keychain whose entries another program may delete, and which may refuse to give one. */
function keychain(): SecretStore & { held: Map<string, string>; refuses?: string } {
  const held = new Map<string, string>();
  const store: SecretStore & { held: Map<string, string>; refuses?: string } = {
    backend: 'keychain',
    description: KEYCHAIN,
    held,
    get: async (id) => {
      if (store.refuses) throw new Error(store.refuses);
      return held.get(id);
    },
    set: async (id, value) => void held.set(id, value),
    delete: async (id) => void held.delete(id),
  };
  return store;
}

/** One app start: sessions over `store`, noting kept sign-ins in `dataDir`; what it said, and every request it sent. */
function appStart(store: SecretStore, dataDir: string) {
  const vault = new StoredOAuthVault(storesOf(store), new StaleSignIns(dataDir), new KeptSignIns(dataDir));
  const alerts: string[] = [];
  const log: string[] = [];
  const requests: string[] = [];
  const fetchFn: FetchLike = async (url) => {
    requests.push(String(url));
    return new Response('{}', { status: 404 });
  };
  const sessions = new OAuthSessions({
    vault,
    clientName: 'test',
    openAuthorizationUrl: async () => undefined,
    fetchFn,
    note: (_id, text) => void log.push(text),
    signedOutLost: (_id, message) => void alerts.push(message),
    keptInStore: (_id, message) => void alerts.push(message),
  });
  return { vault, sessions, alerts, log, requests, provider: sessions.transportAuth(TARGET).record };
}

async function signedIn() {
  const dataDir = await dataFolder();
  const store = keychain();
  const first = appStart(store, dataDir);
  await first.vault.write('s1', SIGNED_IN);
  expect(first.sessions.status(TARGET).signedIn).toBe(true);
  return { store, dataDir };
}

const notes = async (dataDir: string) => JSON.parse(await fs.readFile(path.join(dataDir, KEPT_SIGN_INS_FILE), 'utf8')) as unknown;

describe('a sign-in the secret store no longer gives', () => {
  it('its entry deleted by another program: the status says so, and Sign out says nothing could be revoked, then clears the record', async () => {
    const { store, dataDir } = await signedIn();
    // The note names the key and the store's kind only: no token, no address.
    expect(await notes(dataDir)).toEqual({ s1: 'keychain' });
    store.held.delete(vaultId('s1'));

    const second = appStart(store, dataDir);
    await second.sessions.load(['s1']);
    const lostSignIn = { problem: 'missing', store: KEYCHAIN, reason: 'it has no entry for it' };
    expect(second.sessions.status(TARGET)).toEqual({ serverId: 's1', signedIn: false, signingIn: false, lostSignIn });
    // The connection's sign-in diagnostic says it too, not "no valid token is stored".
    await expect(second.provider.redirectToAuthorization(new URL('http://127.0.0.1:9/auth'))).rejects.toThrow(
      `You signed in before, but that sign-in is no longer in ${KEYCHAIN} (it has no entry for it): another program may have deleted it. Sign in again.`,
    );

    await second.sessions.signOut(TARGET);
    const said = `Signed out, but nothing could be revoked at the authorization server: its token is no longer in ${KEYCHAIN} (it has no entry for it), so there was no token to send it. The app's record of the sign-in is cleared. A token that was not revoked stays valid at the authorization server until it runs out; to end it sooner, revoke the app's access there.`;
    expect(second.alerts).toEqual([said]);
    expect(second.log.at(-1)).toBe(said);
    expect(second.requests).toEqual([]);
    expect(second.sessions.status(TARGET)).toEqual({ serverId: 's1', signedIn: false, signingIn: false });
    expect(await notes(dataDir)).toEqual({});

    // Cleared for good: the next start has nothing to say of it.
    const third = appStart(store, dataDir);
    await third.sessions.load(['s1']);
    expect(third.sessions.status(TARGET)).toEqual({ serverId: 's1', signedIn: false, signingIn: false });
  });

  it('a store that refuses to give it (locked, or an entry that no longer decrypts) is told apart from a missing entry', async () => {
    const { store, dataDir } = await signedIn();
    store.refuses = 'the keychain is locked';
    const second = appStart(store, dataDir);
    await second.sessions.load(['s1']);
    const lostSignIn = { problem: 'unreadable', store: KEYCHAIN, reason: 'the keychain is locked' };
    expect(second.sessions.status(TARGET)).toEqual({ serverId: 's1', signedIn: false, signingIn: false, lostSignIn });

    await second.sessions.signOut(TARGET);
    expect(second.alerts).toEqual([
      `Signed out, but nothing could be revoked at the authorization server: ${KEYCHAIN} would not give its token (the keychain is locked), so there was no token to send it. The app's record of the sign-in is cleared. A token that was not revoked stays valid at the authorization server until it runs out; to end it sooner, revoke the app's access there.`,
    ]);
    expect(second.requests).toEqual([]);
    expect(second.sessions.status(TARGET)).toEqual({ serverId: 's1', signedIn: false, signingIn: false });
  });

  it('never signed in, and signed out: plain "not signed in", nothing said to be lost', async () => {
    const dataDir = await dataFolder();
    const store = keychain();
    const never = appStart(store, dataDir);
    await never.sessions.load(['s1']);
    expect(never.sessions.status(TARGET)).toEqual({ serverId: 's1', signedIn: false, signingIn: false });

    const { store: kept, dataDir: keptDir } = await signedIn();
    const out = appStart(kept, keptDir);
    await out.sessions.load(['s1']);
    await out.sessions.signOut(TARGET);
    expect(out.alerts).toEqual([]);
    const again = appStart(kept, keptDir);
    await again.sessions.load(['s1']);
    expect(again.sessions.status(TARGET)).toMatchObject({ signedIn: false });
    expect(again.sessions.status(TARGET).lostSignIn).toBeUndefined();
  });

  it('a sign-in kept before the note existed is noted when read, so its loss is told later', async () => {
    const dataDir = await dataFolder();
    const store = keychain();
    await new StoredOAuthVault(storesOf(store)).write('s1', SIGNED_IN);
    const first = appStart(store, dataDir);
    await first.sessions.load(['s1']);
    expect(await notes(dataDir)).toEqual({ s1: 'keychain' });
    store.held.delete(vaultId('s1'));
    const second = appStart(store, dataDir);
    await second.sessions.load(['s1']);
    expect(second.sessions.status(TARGET).lostSignIn).toEqual({ problem: 'missing', store: KEYCHAIN, reason: 'it has no entry for it' });
  });
});
