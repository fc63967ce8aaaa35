// A sign-in another process dropped (a command whose tokens the authorization
// server refused while the keychain would not rewrite the record) is noted in
// oauth-dropped.json; this process read that note once at its start, and saw
// the other's entries only at its own next save, so it went on sending the
// refused tokens. The note is now read again, when it changed, before a
// stored record is used. The other process is real (bundled with Vite, run as
// a child, dropping through its own vault).
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForChild } from '../../test/support/bundle-for-child.js';
import { useDataFolders } from '../../test/fixtures/oauth/suite.js';
import { storesOf } from '../secrets/secret-store.js';
import { lockableStore, SIGNED_IN, TARGET } from './lockable-store.unit.js';
import { OAuthSessions } from './oauth-sessions.js';
import { StoredOAuthVault, vaultId } from './oauth-vault.js';
import { digestOfStored, StaleSignIns } from './stale-sign-ins.js';

const run = promisify(execFile);
const dataFolder = useDataFolders('si-dropped-elsewhere-');

let bundle: { file: string; outDir: string } | undefined;
beforeAll(async () => {
  bundle = await bundleForChild(new URL('../../test/fixtures/oauth/sign-in-dropper.ts', import.meta.url).pathname, 'sign-in-dropper');
}, 120_000);
afterAll(async () => {
  if (bundle) await fs.rm(bundle.outDir, { recursive: true, force: true });
});

/** This process started over the store and the data folder: its note of dropped sign-ins read. */
async function started() {
  const dataDir = await dataFolder();
  const store = lockableStore();
  await new StoredOAuthVault(storesOf(store)).write('s1', SIGNED_IN);
  store.locked = true;
  const stale = new StaleSignIns(dataDir);
  expect(await stale.check()).toBeUndefined();
  const vault = new StoredOAuthVault(storesOf(store), stale);
  const said: string[] = [];
  const sessions = new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async () => undefined, keptInStore: (_id, message) => void said.push(message) });
  return { dataDir, store, vault, said, sessions, provider: sessions.transportAuth(TARGET).record };
}

/** The other process drops the sign-in the store holds under s1, and notes it. */
async function droppedElsewhere(dataDir: string, stored: string): Promise<void> {
  const { stdout, stderr } = await run(process.execPath, [bundle!.file, dataDir, 's1', stored]);
  expect({ stdout, stderr }).toEqual({ stdout: 'dropped\n', stderr: '' });
  expect(JSON.parse(await fs.readFile(`${dataDir}/oauth-dropped.json`, 'utf8'))).toEqual({ s1: { digests: [digestOfStored(stored)], without: ['tokens', 'tokensSavedAt'], refreshRefused: true } });
}

describe('a sign-in another process dropped while this one runs', { timeout: 60_000 }, () => {
  it('not yet read here: its tokens are never used, the client kept', async () => {
    const { dataDir, store, provider, sessions, said } = await started();
    await droppedElsewhere(dataDir, store.held.get(vaultId('s1'))!);
    expect(await provider.tokens()).toBeUndefined();
    expect((await provider.clientInformation())?.client_id).toBe('client-1');
    expect(sessions.status(TARGET).signedIn).toBe(false);
    // The other process told the person; this one says nothing more.
    expect(said).toEqual([]);
  });

  it('read and in use here: the next use finds it dropped and sends no token', async () => {
    const { dataDir, store, provider, sessions, vault } = await started();
    await sessions.load(['s1']);
    expect((await provider.tokens())?.access_token).toBe('access-1');
    await droppedElsewhere(dataDir, store.held.get(vaultId('s1'))!);
    expect(await provider.tokens()).toBeUndefined();
    expect(sessions.status(TARGET).signedIn).toBe(false);
    expect(vault.known()).toEqual([]);
    expect(await provider.tokens()).toBeUndefined();
  });
});
