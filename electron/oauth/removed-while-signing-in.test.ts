// A server removed while its sign-in waits for the authorization page, or
// while its connection renews the token: the removal cancels the sign-in and
// deletes its record from the secret store, and nothing of it may come back.
// Before, the sign-in's last write (its verifier cleared) put an entry back
// for the removed server, and a renewal answered after the removal put its
// tokens back, entries nothing in the app would delete. Real sign-in and
// refresh through the fixture authorization server.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { auth, type FetchLike } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { completeAuthorization } from '../../test/fixtures/oauth/authorization-page.js';
import { useDataFolders, useOAuthFixture } from '../../test/fixtures/oauth/suite.js';
import { storesOf } from '../secrets/secret-store.js';
import { KEPT_SIGN_INS_FILE, KeptSignIns } from './kept-sign-ins.js';
import { lockableStore } from './lockable-store.unit.js';
import { OAuthSessions, type OAuthTarget } from './oauth-sessions.js';
import { StoredOAuthVault } from './oauth-vault.js';
import { StaleSignIns } from './stale-sign-ins.js';

const oauth = useOAuthFixture();
const dataFolder = useDataFolders('si-removed-signing-in-');

describe('a server removed while its sign-in waits for the page', () => {
  it('the sign-in is cancelled and the store holds nothing of the server after it ends', async () => {
    const dataDir = await dataFolder();
    const store = lockableStore();
    let pageOpened = () => undefined as void;
    const opened = new Promise<void>((resolve) => (pageOpened = resolve));
    const sessions = new OAuthSessions({ vault: new StoredOAuthVault(storesOf(store), new StaleSignIns(dataDir), new KeptSignIns(dataDir)), clientName: 'test', openAuthorizationUrl: async () => pageOpened() });
    const target: OAuthTarget = { key: 's1', serverId: 's1', url: oauth.fixture.url, settings: { type: 'oauth' } };

    const signingIn = sessions.signIn(target);
    signingIn.catch(() => undefined);
    await opened;
    await sessions.forget('s1');
    await expect(signingIn).rejects.toThrow('The sign-in was cancelled');

    expect([...store.held.keys()]).toEqual([]);
    expect(sessions.status(target)).toEqual({ serverId: 's1', signedIn: false, signingIn: false });
    expect(JSON.parse(await fs.readFile(path.join(dataDir, KEPT_SIGN_INS_FILE), 'utf8').catch(() => '{}'))).toEqual({});
  }, 60_000);

  it('a renewal answered after the removal leaves no tokens in the store', async () => {
    const dataDir = await dataFolder();
    const store = lockableStore();
    const sessions = new OAuthSessions({ vault: new StoredOAuthVault(storesOf(store), new StaleSignIns(dataDir), new KeptSignIns(dataDir)), clientName: 'test', openAuthorizationUrl: async (_id, url) => void completeAuthorization(url) });
    const target: OAuthTarget = { key: 's1', serverId: 's1', url: oauth.fixture.url, settings: { type: 'oauth' } };
    await sessions.signIn(target);
    expect([...store.held.keys()]).toEqual(['oauth:s1']);

    // The connection's renewal: its token request is answered only once the server was removed.
    let tokenAsked = () => undefined as void;
    const asked = new Promise<void>((resolve) => (tokenAsked = resolve));
    let removedNow = () => undefined as void;
    const removed = new Promise<void>((resolve) => (removedNow = resolve));
    const fetchFn: FetchLike = async (url, init) => {
      if (new URL(url).pathname !== '/token') return fetch(url, init);
      tokenAsked();
      await removed;
      return fetch(url, init);
    };
    const renewal = auth(sessions.transportAuth(target).record, { serverUrl: oauth.fixture.url, fetchFn });
    await asked;
    await sessions.forget('s1');
    removedNow();
    await renewal.catch(() => undefined);

    expect([...store.held.keys()]).toEqual([]);
    expect(sessions.status(target)).toEqual({ serverId: 's1', signedIn: false, signingIn: false });
    expect(JSON.parse(await fs.readFile(path.join(dataDir, KEPT_SIGN_INS_FILE), 'utf8'))).toEqual({});
  }, 60_000);
});
