// oauth-dropped.json (sign-ins the app dropped that the secret store kept)
// that the system will not let the app read: a disk that answers EIO. It was
// read as "nothing dropped", and the next drop saved over it, so every drop it
// noted was forgotten and a later start used those old sign-ins again (one the
// person signed out of among them), while the words said the app "will not use
// it again". Now no save replaces the file, the drop is said to hold only
// while the app runs, and the app starts saying which file and why.
// Run as root here, chmod 000 proves nothing: a link to /proc/self/mem gives a
// real EIO on read.
import { readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertsAtStart, useDataFolders } from '../../test/fixtures/oauth/suite.js';
import { storesOf } from '../secrets/secret-store.js';
import { lockableStore, SIGNED_IN, TARGET, WHERE } from './lockable-store.unit.js';
import { OAuthSessions } from './oauth-sessions.js';
import { StoredOAuthVault } from './oauth-vault.js';
import { STALE_SIGN_INS_FILE, StaleSignIns } from './stale-sign-ins.js';

const dataFolder = useDataFolders('si-dropped-unreadable-');

const problem = (file: string) =>
  `${file} could not be read because the disk reported an input/output error (EIO). The app started without it, and nothing is saved to ${STALE_SIGN_INS_FILE} until the app can read it, so none of the dropped sign-ins it notes is forgotten: fix the file or the disk, then restart the app. Meanwhile a sign-in the app dropped (signed out, or refused by the authorization server) that the secret store would not delete may be used again.`;

describe('oauth-dropped.json the system will not let the app read', () => {
  it('a drop the store kept is said to hold only while the app runs, and the file is not saved over', async () => {
    const dataDir = await dataFolder();
    const file = path.join(dataDir, STALE_SIGN_INS_FILE);
    symlinkSync('/proc/self/mem', file);
    const store = lockableStore();
    await new StoredOAuthVault(storesOf(store)).write('s1', SIGNED_IN);
    store.locked = true;
    const stale = new StaleSignIns(dataDir);
    const said: string[] = [];
    const sessions = new OAuthSessions({ vault: new StoredOAuthVault(storesOf(store), stale), clientName: 'test', openAuthorizationUrl: async () => undefined, keptInStore: (_id, message) => void said.push(message) });
    await sessions.load(['s1']);

    await sessions.signOut(TARGET);

    expect(readlinkSync(file)).toBe('/proc/self/mem');
    expect(readdirSync(dataDir)).toEqual([STALE_SIGN_INS_FILE]);
    expect(said).toEqual([
      `You signed out, so the app no longer uses the sign-in, but it could not be deleted from ${WHERE}; the old sign-in is still stored there under the id oauth:s1. ` +
        `The app no longer uses it while it runs, but could not note in ${file} that it must not use it again: Could not note the dropped sign-in in ${STALE_SIGN_INS_FILE} because it could not be read when the app started (the disk reported an input/output error, EIO), and a save would replace the dropped sign-ins it notes. Nothing was written; fix the file or the disk, then restart the app. ` +
        'So when the app starts again, it will use that old sign-in again if it is still stored. To delete it now, unlock the store and sign out, or remove the entry "oauth:s1" from it by hand.',
    ]);
    expect(await stale.check()).toBe(problem(file));
  });

  it('the app starts and says which file could not be read, and why', async () => {
    const dataDir = await dataFolder();
    const file = path.join(dataDir, STALE_SIGN_INS_FILE);
    symlinkSync('/proc/self/mem', file);
    expect(await alertsAtStart(dataDir)).toEqual({ ok: true, result: [{ level: 'error', title: `Could not read ${STALE_SIGN_INS_FILE}`, message: problem(file) }] });
    expect(readlinkSync(file)).toBe('/proc/self/mem');
  });
});
