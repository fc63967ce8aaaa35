// A sign-in the app dropped that a locked keychain would not delete, when the
// data folder will not take oauth-dropped.json (read-only, full): the drop then
// holds only until the app quits, and the next start reads the old sign-in back
// and uses it. The person is told so, with the file and the save's error, on
// the channel the drop itself is said on; it was passed over in silence, the
// words saying the app "will not use it again".
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storesOf } from '../secrets/secret-store.js';
import { lockableStore, SIGNED_IN, TARGET, WHERE } from './lockable-store.unit.js';
import { OAuthSessions } from './oauth-sessions.js';
import { StoredOAuthVault } from './oauth-vault.js';
import { STALE_SIGN_INS_FILE, StaleSignIns } from './stale-sign-ins.js';

const REFUSED = "Could not save oauth-dropped.json because permission was denied (EACCES). The previous version on disk is unchanged; free some disk space or fix the folder's permissions, then try again.";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) {
    await fs.chmod(dir, 0o700);
    await fs.rm(dir, { recursive: true, force: true });
  }
});

/** A data folder no one may write to (mode 555). */
async function readOnlyDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-dropped-ro-'));
  dirs.push(dir);
  await fs.chmod(dir, 0o555);
  return dir;
}

/**
 * Runs `work` as a user the folder's mode applies to: root writes through any mode, so as root the effective
 * user is nobody (65534) meanwhile, and root again after. The refusal is the kernel's either way.
 */
async function withoutRoot<T>(work: () => Promise<T>): Promise<T> {
  if (process.getuid?.() !== 0) return work();
  process.seteuid!(65534);
  try {
    return await work();
  } finally {
    process.seteuid!(0);
  }
}

/** A sign-in in a locked keychain (it will not delete), and a data folder that will not take oauth-dropped.json. */
async function lockedSignIn(): Promise<{ dataDir: string; said: string[]; sessions: OAuthSessions }> {
  const dataDir = await readOnlyDataDir();
  const store = lockableStore();
  await new StoredOAuthVault(storesOf(store)).write('s1', SIGNED_IN);
  store.locked = true;
  const vault = new StoredOAuthVault(storesOf(store), new StaleSignIns(dataDir));
  const said: string[] = [];
  const sessions = new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async () => undefined, keptInStore: (_id, message) => void said.push(message) });
  return { dataDir, said, sessions };
}

describe('a dropped sign-in the store kept, in a data folder that will not take oauth-dropped.json', () => {
  it('Sign out says the drop lasts only until the app quits, naming the file and the error; nothing is written', async () => {
    const { dataDir, said, sessions } = await lockedSignIn();
    await sessions.load(['s1']);

    await withoutRoot(() => sessions.signOut(TARGET));

    expect(said).toEqual([
      `You signed out, so the app no longer uses the sign-in, but it could not be deleted from ${WHERE}; the old sign-in is still stored there under the id oauth:s1. ` +
        `The app no longer uses it while it runs, but could not note in ${path.join(dataDir, STALE_SIGN_INS_FILE)} that it must not use it again: ${REFUSED} ` +
        'So when the app starts again, it will use that old sign-in again if it is still stored. To delete it now, unlock the store and sign out, or remove the entry "oauth:s1" from it by hand.',
    ]);
    expect(sessions.status(TARGET).signedIn).toBe(false);
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it('tokens the authorization server refused (invalid_grant) are said the same way', async () => {
    const { dataDir, said, sessions } = await lockedSignIn();
    const { record: provider } = sessions.transportAuth(TARGET);

    await withoutRoot(async () => provider.invalidateCredentials!('tokens'));

    expect(said).toEqual([
      `The authorization server refused its tokens, so the app no longer uses them, but they could not be deleted from ${WHERE}; the old sign-in is still stored there under the id oauth:s1. ` +
        `The app no longer uses it while it runs, but could not note in ${path.join(dataDir, STALE_SIGN_INS_FILE)} that it must not use it again: ${REFUSED} ` +
        'So when the app starts again, it will use that old sign-in again if it is still stored. To delete it now, unlock the store and sign out, or remove the entry "oauth:s1" from it by hand.',
    ]);
    expect(await provider.tokens()).toBeUndefined();
    expect(await fs.readdir(dataDir)).toEqual([]);
  });
});
