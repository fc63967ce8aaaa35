// A sign-in whose secret-store entry is there but does not read as one: cut
// short or garbled text, JSON `null`, a token that is no token. Before, text
// that was not JSON read as "never signed in" without a word, and `null`
// threw a TypeError on every read (not kept), so every connection and every
// sign-in failed with "Cannot read properties of null" and nothing the person
// did, restart included, put it right. Now it reads as a lost sign-in naming
// the store and the entry (never quoting its text: it may hold a token), and
// signing in again, in the same run, replaces it. Real sign-ins, through the
// fixture authorization server's pages.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { auth } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { lostSignInWords } from '../../shared/lost-sign-in.js';
import { completeAuthorization } from '../../test/fixtures/oauth/authorization-page.js';
import { useDataFolders, useOAuthFixture } from '../../test/fixtures/oauth/suite.js';
import { storesOf } from '../secrets/secret-store.js';
import { KEPT_SIGN_INS_FILE, KeptSignIns } from './kept-sign-ins.js';
import { lockableStore } from './lockable-store.unit.js';
import { OAuthSessions, type OAuthTarget } from './oauth-sessions.js';
import { StoredOAuthVault, bindingOf, vaultId } from './oauth-vault.js';
import { StaleSignIns } from './stale-sign-ins.js';

const KEYCHAIN = 'the system keychain (Secret Service)';
const oauth = useOAuthFixture();
const dataFolder = useDataFolders('si-unreadable-sign-in-');

/** One app start over the store and data folder; the person completes each authorization page. */
function appStart(store: ReturnType<typeof lockableStore>, dataDir: string) {
  const vault = new StoredOAuthVault(storesOf(store), new StaleSignIns(dataDir), new KeptSignIns(dataDir));
  const sessions = new OAuthSessions({
    vault,
    clientName: 'test',
    openAuthorizationUrl: async (_id, url) => void completeAuthorization(url),
  });
  return { vault, sessions };
}

const UNREADABLE: ReadonlyArray<readonly [text: string, why: string]> = [
  ['{"tokens":{"access_token":"acc', 'it is not JSON'],
  ['null', 'it is not a JSON object'],
  ['{"tokens":"access-1"}', 'its "tokens" is not an object with an access_token'],
  ['{"tokens":{"access_token":5,"token_type":"Bearer"}}', 'its "tokens" is not an object with an access_token'],
  ['{"client":["x"]}', 'its "client" is not an object with a client_id'],
];

describe('a stored sign-in that does not read as one', () => {
  for (const [text, why] of UNREADABLE) {
    it(`${text}: said to be unreadable, naming the store and the entry; signing in again replaces it, no restart`, async () => {
      const dataDir = await dataFolder();
      const target: OAuthTarget = { key: 's1', serverId: 's1', url: oauth.fixture.url, settings: { type: 'oauth' } };
      const store = lockableStore();
      // Signed in once (noted in the data folder), then the entry was garbled.
      await appStart(store, dataDir).vault.write('s1', { tokens: { access_token: 'old', token_type: 'Bearer' }, tokensSavedAt: 1, boundTo: bindingOf(oauth.fixture.url, undefined) });
      store.held.set(vaultId('s1'), text);

      const { sessions } = appStart(store, dataDir);
      await sessions.load(['s1']);
      const lostSignIn = { problem: 'unreadable', store: KEYCHAIN, reason: `its entry ${vaultId('s1')} does not read as a sign-in: ${why}` };
      expect(sessions.status(target)).toEqual({ serverId: 's1', signedIn: false, signingIn: false, lostSignIn });
      const provider = sessions.transportAuth(target).record;
      await expect(provider.redirectToAuthorization(new URL(`${oauth.fixture.url}/auth`))).rejects.toThrow(
        `You signed in before, but ${KEYCHAIN} would not give that sign-in (its entry ${vaultId('s1')} does not read as a sign-in: ${why}). Sign in again to replace it (a locked store is asked again at each connection: unlocked, it gives the sign-in back).`,
      );

      await sessions.signIn(target);
      const status = sessions.status(target);
      expect([status.signedIn, status.lostSignIn]).toEqual([true, undefined]);
      const tokens = await provider.tokens();
      expect(typeof tokens?.access_token).toBe('string');
      expect(tokens?.access_token).not.toBe('old');
      expect((JSON.parse(store.held.get(vaultId('s1'))!) as { tokens: { access_token: string } }).tokens.access_token).toBe(tokens?.access_token);
      expect(JSON.parse(await fs.readFile(path.join(dataDir, KEPT_SIGN_INS_FILE), 'utf8'))).toEqual({ s1: 'keychain' });
    }, 60_000);
  }

  it('a store that would not give it (locked) is asked again: unlocked, the sign-in is used in the same run', async () => {
    const dataDir = await dataFolder();
    const target: OAuthTarget = { key: 's1', serverId: 's1', url: oauth.fixture.url, settings: { type: 'oauth' } };
    const store = lockableStore();
    const record = { tokens: { access_token: 'kept', token_type: 'Bearer' }, tokensSavedAt: 1, boundTo: bindingOf(oauth.fixture.url, undefined) };
    await appStart(store, dataDir).vault.write('s1', record);
    const get = store.get;
    store.get = async () => {
      throw new Error('the keychain is locked');
    };
    const { sessions } = appStart(store, dataDir);
    await sessions.load(['s1']);
    expect(sessions.status(target).lostSignIn).toEqual({ problem: 'unreadable', store: KEYCHAIN, reason: 'the keychain is locked' });
    store.get = get;
    const provider = sessions.transportAuth(target).record;
    expect(await provider.tokens()).toEqual(record.tokens);
    expect(sessions.status(target)).toMatchObject({ signedIn: true });
    expect(sessions.status(target).lostSignIn).toBeUndefined();
  });

  // A connection's discovery, saved before the sign-in is found missing, wrote a record without tokens: the status
  // then read "not signed in", the diagnostic "the app has not signed in to it yet", and the entry was overwritten.
  const losses: ReadonlyArray<readonly [how: string, lose: (store: ReturnType<typeof lockableStore>) => void]> = [
    ['an entry that does not read', (store: ReturnType<typeof lockableStore>) => void store.held.set(vaultId('s1'), 'null')],
    [
      'a locked store',
      (store: ReturnType<typeof lockableStore>) => {
        store.locked = true;
        store.get = async () => {
          throw new Error('the keychain is locked');
        };
      },
    ],
  ];
  for (const [how, lose] of losses) {
    it(`${how}: a connection (discovery saved) leaves the reason said and the entry as it was; a sign-in ends it`, async () => {
      const dataDir = await dataFolder();
      const target: OAuthTarget = { key: 's1', serverId: 's1', url: oauth.fixture.url, settings: { type: 'oauth' } };
      const store = lockableStore();
      await appStart(store, dataDir).vault.write('s1', { tokens: { access_token: 'old', token_type: 'Bearer' }, tokensSavedAt: 1, boundTo: bindingOf(oauth.fixture.url, undefined) });
      const get = store.get;
      lose(store);
      const held = new Map(store.held);
      const { sessions } = appStart(store, dataDir);
      await sessions.load(['s1']);
      const lostSignIn = sessions.status(target).lostSignIn;
      expect(lostSignIn?.problem).toBe('unreadable');

      const provider = sessions.transportAuth(target).record;
      await expect(auth(provider, { serverUrl: oauth.fixture.url })).rejects.toThrow(lostSignInWords(lostSignIn!));
      // Discovery was saved (the fixture's authorization server, on a port of its own).
      expect((await provider.discoveryState?.())?.authorizationServerMetadata?.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sessions.status(target)).toEqual({ serverId: 's1', signedIn: false, signingIn: false, lostSignIn });
      expect(store.held).toEqual(held);
      expect(JSON.parse(await fs.readFile(path.join(dataDir, KEPT_SIGN_INS_FILE), 'utf8'))).toEqual({ s1: 'keychain' });

      store.locked = false;
      store.get = get;
      if (how === 'a locked store') {
        // Unlocked: the sign-in is given back and used.
        expect((await provider.tokens())?.access_token).toBe('old');
        expect(sessions.status(target)).toMatchObject({ signedIn: true });
        return;
      }
      await sessions.signIn(target);
      expect(sessions.status(target)).toMatchObject({ signedIn: true });
      expect(sessions.status(target).lostSignIn).toBeUndefined();
    }, 60_000);
  }
});
