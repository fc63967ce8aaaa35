// oauth-sign-ins.json (which sign-ins the app kept, in which secret store) that
// the system will not let the app read: a disk that answers EIO, a path that
// cannot be followed (ENOTDIR), a folder in its place. It was read as "no
// sign-in kept", and the next sign-in or sign-out saved over it, so every
// sign-in it noted was forgotten: one the store later lost read as never
// signed in. Now the file is named with what failed, no save replaces it, and
// a connection that finds no sign-in says the app cannot tell.
// Run as root here, chmod 000 proves nothing: a link to /proc/self/mem gives a
// real EIO on read, and a link through a regular file a real ENOTDIR on open.
import { mkdirSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertsAtStart, useDataFolders } from '../../test/fixtures/oauth/suite.js';
import { storesOf } from '../secrets/secret-store.js';
import { KEPT_SIGN_INS_FILE, KeptSignIns } from './kept-sign-ins.js';
import { SIGNED_IN, TARGET, lockableStore } from './lockable-store.unit.js';
import { OAuthSessions } from './oauth-sessions.js';
import { StoredOAuthVault, vaultId } from './oauth-vault.js';
import { StaleSignIns } from './stale-sign-ins.js';

const dataFolder = useDataFolders('si-kept-unreadable-');

/** oauth-sign-ins.json answering EIO on read (a link to /proc/self/mem). */
function answeringEio(dataDir: string): string {
  const file = path.join(dataDir, KEPT_SIGN_INS_FILE);
  symlinkSync('/proc/self/mem', file);
  return file;
}

/** One app start over the store and the data folder. */
function appStart(store: ReturnType<typeof lockableStore>, dataDir: string) {
  const kept = new KeptSignIns(dataDir);
  const vault = new StoredOAuthVault(storesOf(store), new StaleSignIns(dataDir), kept);
  const sessions = new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async () => undefined });
  return { kept, vault, sessions, provider: sessions.transportAuth(TARGET).record };
}

const eioProblem = (file: string) =>
  `${file} could not be read because the disk reported an input/output error (EIO). The app started without it, and nothing is saved to ${KEPT_SIGN_INS_FILE} until the app can read it, so none of the sign-ins it notes is forgotten: fix the file or the disk, then restart the app. Meanwhile a sign-in the secret store no longer gives cannot be told apart from one never made.`;

const unknownWords = (file: string, why: string) =>
  `Whether you signed in to it before is not known: ${file}, where the app notes which sign-ins it kept, could not be read (${why}), so a sign-in the secret store no longer gives cannot be told apart from none.`;

describe('oauth-sign-ins.json the system will not let the app read', () => {
  it('EIO: named, and neither a sign-in nor a sign-out saves over it', async () => {
    const dataDir = await dataFolder();
    const file = answeringEio(dataDir);
    const store = lockableStore();
    const app = appStart(store, dataDir);
    // The sign-in itself is kept (in the secret store); only the note of it is not written.
    await app.vault.write('s1', SIGNED_IN);
    expect(app.sessions.status(TARGET).signedIn).toBe(true);
    expect(store.held.has(vaultId('s1'))).toBe(true);
    expect(readlinkSync(file)).toBe('/proc/self/mem');
    await app.sessions.signOut(TARGET);
    expect(app.sessions.status(TARGET).signedIn).toBe(false);
    expect(readlinkSync(file)).toBe('/proc/self/mem');
    expect(readdirSync(dataDir)).toEqual([KEPT_SIGN_INS_FILE]);

    await expect(app.kept.kept('s2', 'keychain')).rejects.toThrow(
      `Could not note the sign-in in ${KEPT_SIGN_INS_FILE} because it could not be read when the app started (the disk reported an input/output error, EIO), and a save would replace the sign-ins it notes. Nothing was written; fix the file or the disk, then restart the app.`,
    );
    expect(await app.kept.check()).toEqual(eioProblem(file));
  });

  it('a path that cannot be followed (ENOTDIR): named, never replaced', async () => {
    const dataDir = await dataFolder();
    writeFileSync(path.join(dataDir, 'plain'), 'x');
    const file = path.join(dataDir, KEPT_SIGN_INS_FILE);
    symlinkSync(path.join(dataDir, 'plain', KEPT_SIGN_INS_FILE), file);
    const app = appStart(lockableStore(), dataDir);
    await app.vault.write('s1', SIGNED_IN);
    expect(readlinkSync(file)).toBe(path.join(dataDir, 'plain', KEPT_SIGN_INS_FILE));
    expect(await app.kept.check()).toBe(
      `${file} could not be read because a part of its path is a file, not a folder (ENOTDIR). The app started without it, and nothing is saved to ${KEPT_SIGN_INS_FILE} until the app can read it, so none of the sign-ins it notes is forgotten: fix the file or the disk, then restart the app. Meanwhile a sign-in the secret store no longer gives cannot be told apart from one never made.`,
    );
    expect(readlinkSync(file)).toBe(path.join(dataDir, 'plain', KEPT_SIGN_INS_FILE));
    expect(readdirSync(dataDir).sort()).toEqual([KEPT_SIGN_INS_FILE, 'plain']);
  });

  it('a folder in its place: named as one, nothing written into or beside it', async () => {
    const dataDir = await dataFolder();
    const file = path.join(dataDir, KEPT_SIGN_INS_FILE);
    mkdirSync(file);
    const app = appStart(lockableStore(), dataDir);
    await app.vault.write('s1', SIGNED_IN);
    expect(await app.kept.check()).toBe(
      `${file} could not be read because it is a folder, not a regular file. The app started without it, and nothing is saved to ${KEPT_SIGN_INS_FILE} until the app can read it, so none of the sign-ins it notes is forgotten: fix the file or the disk, then restart the app. Meanwhile a sign-in the secret store no longer gives cannot be told apart from one never made.`,
    );
    expect(readdirSync(dataDir)).toEqual([KEPT_SIGN_INS_FILE]);
    expect(readdirSync(file)).toEqual([]);
  });

  it('a connection that finds no sign-in says the app cannot tell whether there was one, and why', async () => {
    const dataDir = await dataFolder();
    const file = answeringEio(dataDir);
    const app = appStart(lockableStore(), dataDir);
    await app.sessions.load(['s1']);
    expect(app.sessions.status(TARGET)).toEqual({ serverId: 's1', signedIn: false, signingIn: false });
    const words = unknownWords(file, 'the disk reported an input/output error, EIO');
    await expect(app.provider.clientInformation()).rejects.toThrow(`The server needs a sign-in. ${words}`);
    // Discovery saved meanwhile (every connection runs it) does not end what is said.
    await app.provider.saveDiscoveryState!({ authorizationServerUrl: 'http://127.0.0.1:9', authorizationServerMetadata: { issuer: 'http://127.0.0.1:9' } as never });
    await expect(app.provider.redirectToAuthorization(new URL('http://127.0.0.1:9/auth'))).rejects.toThrow(`The server needs a sign-in: no valid token is stored for it. ${words}`);
    expect(readlinkSync(file)).toBe('/proc/self/mem');
  });

  it('the app starts and says which file could not be read, and why', async () => {
    const dataDir = await dataFolder();
    const file = answeringEio(dataDir);
    expect(await alertsAtStart(dataDir)).toEqual({ ok: true, result: [{ level: 'error', title: `Could not read ${KEPT_SIGN_INS_FILE}`, message: eioProblem(file) }] });
    expect(readlinkSync(file)).toBe('/proc/self/mem');
  });
});
