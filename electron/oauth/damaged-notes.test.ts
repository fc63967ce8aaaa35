// The OAuth notes in the data folder (oauth-sign-ins.json, oauth-dropped.json)
// read but damaged: not JSON (cut short), not UTF-8, not the expected shape.
// Each was taken as empty and saved over at the next save: every kept sign-in
// or every recorded drop was lost without a word, and a lost drop let the app
// use again a sign-in the person had signed out of. Now the damaged file is
// kept beside it, the app says which file and why, starts with what could be
// read from it (a dropped sign-in is found by its digest wherever it is in the
// bytes) and writes that back.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertsAtStart, useDataFolders } from '../../test/fixtures/oauth/suite.js';
import { storesOf, type SecretStore } from '../secrets/secret-store.js';
import { KEPT_SIGN_INS_FILE, KeptSignIns } from './kept-sign-ins.js';
import { SIGNED_IN, TARGET, lockableStore } from './lockable-store.unit.js';
import { OAuthSessions } from './oauth-sessions.js';
import { StoredOAuthVault, vaultId } from './oauth-vault.js';
import { digestOfStored, STALE_SIGN_INS_FILE, StaleSignIns } from './stale-sign-ins.js';

const dataFolder = useDataFolders('si-damaged-notes-');

/** One app start over the store and the data folder, with what it said. */
function appStart(store: SecretStore, dataDir: string) {
  const kept = new KeptSignIns(dataDir);
  const stale = new StaleSignIns(dataDir);
  const vault = new StoredOAuthVault(storesOf(store), stale, kept);
  const said: string[] = [];
  const sessions = new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async () => undefined, keptInStore: (_id, message) => void said.push(message) });
  return { kept, stale, vault, said, sessions, provider: sessions.transportAuth(TARGET).record };
}

/** The files in the folder, a kept damaged copy named by its pattern; and that copy's bytes. */
async function folder(dataDir: string): Promise<{ names: string[]; copy?: Buffer; copyName?: string }> {
  const names = (await fs.readdir(dataDir)).sort();
  const copyName = names.find((n) => /\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/.test(n));
  return { names: names.map((n) => (n === copyName ? `${n.replace(/-\d{4}-.*$/, '')}-<time>` : n)), ...(copyName ? { copyName, copy: await fs.readFile(path.join(dataDir, copyName)) } : {}) };
}

const readJson = async (file: string): Promise<unknown> => JSON.parse(await fs.readFile(file, 'utf8'));

describe('oauth-dropped.json read but damaged', () => {
  /** Signed in, the keychain locked, signed out: the store keeps the sign-in and the note records the drop. */
  async function droppedBehindALock() {
    const dataDir = await dataFolder();
    const store = lockableStore();
    await new StoredOAuthVault(storesOf(store)).write('s1', SIGNED_IN);
    store.locked = true;
    const first = appStart(store, dataDir);
    await first.sessions.signOut(TARGET);
    const file = path.join(dataDir, STALE_SIGN_INS_FILE);
    const digest = digestOfStored(store.held.get(vaultId('s1'))!);
    expect(await fs.readFile(file, 'utf8')).toBe(`{"s1":{"digests":["${digest}"],"without":["tokens","tokensSavedAt"]}}\n`);
    return { dataDir, store, file, digest };
  }

  const dropWords = (file: string, reason: string, copy: string, found: string) =>
    `${file} could not be read because ${reason}. It was kept as ${copy}, and the app started with ${found}. A dropped sign-in it noted that could not be read from it may be used again: if a server shows as signed in after you signed out of it, sign out of it again.`;

  it('cut short: the drop it holds is still not used, the damaged file is kept, and the app says so', async () => {
    const { dataDir, store, file, digest } = await droppedBehindALock();
    const damaged = Buffer.from(`{"s1":{"digests":["${digest}"],"with`);
    await fs.writeFile(file, damaged);

    const second = appStart(store, dataDir);
    const problem = await second.stale.check();
    await second.sessions.load(['s1']);
    expect(await second.provider.tokens()).toBeUndefined();
    expect(second.sessions.status(TARGET).signedIn).toBe(false);
    expect(second.vault.known()).toEqual([]);
    expect(second.said).toEqual([]);
    const { names, copy, copyName } = await folder(dataDir);
    // The .bak is the note as written back (the damaged one never becomes it).
    expect(names).toEqual([STALE_SIGN_INS_FILE, `${STALE_SIGN_INS_FILE}.bak`, `${STALE_SIGN_INS_FILE}.damaged-<time>`, KEPT_SIGN_INS_FILE]);
    expect(copy).toEqual(damaged);
    expect(problem).toBe(dropWords(file, 'it is not valid JSON (UnexpectedEndOfString at line 1, column 87)', path.join(dataDir, copyName!), 'the 1 dropped sign-in it could find in it, which it still does not use'));
    // Written back, under the server's key once its stored sign-in was seen: the next start is told nothing again.
    expect(await readJson(file)).toEqual({ s1: { digests: [digest], without: '*' } });
    const third = appStart(store, dataDir);
    expect(await third.stale.check()).toBeUndefined();

    // A start whose store lets it deletes the dropped sign-in (all of it: what was dropped of it was cut off), and the note of it goes.
    store.locked = false;
    await third.sessions.load(['s1']);
    expect(await third.provider.tokens()).toBeUndefined();
    expect(store.held.has(vaultId('s1'))).toBe(false);
    expect(await readJson(file)).toEqual({});
  });

  it('not UTF-8 (a byte of its key changed): not read with U+FFFD in its place, and the drop still holds', async () => {
    const { dataDir, store, file, digest } = await droppedBehindALock();
    const damaged = Buffer.from(`{"s1":{"digests":["${digest}"],"without":["tokens","tokensSavedAt"]}}\n`);
    damaged[2] = 0xff;
    await fs.writeFile(file, damaged);

    const second = appStart(store, dataDir);
    await second.sessions.load(['s1']);
    expect(await second.provider.tokens()).toBeUndefined();
    const { copy, copyName } = await folder(dataDir);
    expect(copy).toEqual(damaged);
    expect(await second.stale.check()).toBe(dropWords(file, 'it is not valid UTF-8 (byte 0xff at line 1, column 3)', path.join(dataDir, copyName!), 'the 1 dropped sign-in it could find in it, which it still does not use'));
    expect(await readJson(file)).toEqual({ s1: { digests: [digest], without: '*' } });
  });

  it('not the expected shape: the entry that is not is said, its digest still holds, the good ones are kept as they were', async () => {
    const { dataDir, store, file, digest } = await droppedBehindALock();
    const other = 'ab'.repeat(32);
    const damaged = `{"s1":{"digests":["${digest}"],"without":7},"s2":{"digests":["${other}"],"without":["tokens"]}}\n`;
    await fs.writeFile(file, damaged);

    const second = appStart(store, dataDir);
    expect(await second.stale.check()).toBe(
      dropWords(file, 'it does not have the expected shape (1 of its 2 entries does not read as a dropped sign-in)', path.join(dataDir, (await folder(dataDir)).copyName!), 'the 2 dropped sign-ins it could find in it, which it still does not use'),
    );
    await second.sessions.load(['s1']);
    expect(await second.provider.tokens()).toBeUndefined();
    expect((await folder(dataDir)).copy?.toString()).toBe(damaged);
    expect(await readJson(file)).toEqual({ s1: { digests: [digest], without: '*' }, s2: { digests: [other], without: ['tokens'] } });
  });

  it('nothing of it readable: said, kept aside, and the next drop is remembered', async () => {
    const dataDir = await dataFolder();
    const file = path.join(dataDir, STALE_SIGN_INS_FILE);
    await fs.writeFile(file, '[1, 2');
    const store = lockableStore();
    await new StoredOAuthVault(storesOf(store)).write('s1', SIGNED_IN);
    store.locked = true;
    const app = appStart(store, dataDir);
    expect(await app.stale.check()).toBe(dropWords(file, 'it is not valid JSON (CloseBracketExpected at line 1, column 6)', path.join(dataDir, (await folder(dataDir)).copyName!), 'none of the dropped sign-ins it noted'));
    await app.sessions.load(['s1']);
    await app.sessions.signOut(TARGET);
    expect(app.said[0]).toMatch(/The app will not use it again/);
    expect(await readJson(file)).toEqual({ s1: { digests: [digestOfStored(store.held.get(vaultId('s1'))!)], without: ['tokens', 'tokensSavedAt'] } });
    expect((await folder(dataDir)).copy?.toString()).toBe('[1, 2');
  });
});

describe('oauth-sign-ins.json read but damaged', () => {
  const keptWords = (file: string, reason: string, copy: string, found: string) =>
    `${file} could not be read because ${reason}. It was kept as ${copy}, and the app started with ${found}. Meanwhile a sign-in it noted that could not be read from it, if the secret store no longer gives it, cannot be told apart from one never made.`;
  const unknownWords = (file: string, reason: string) =>
    `Whether you signed in to it before is not known: ${file}, where the app notes which sign-ins it kept, could not be read (${reason}), so a sign-in the secret store no longer gives cannot be told apart from none.`;

  it('cut short: the sign-ins it still holds are kept, the damaged file is kept beside it, and one it lost is said to be unknown', async () => {
    const dataDir = await dataFolder();
    const file = path.join(dataDir, KEPT_SIGN_INS_FILE);
    const damaged = '{"s1":"keychain","s2":"encrypted-file","s3":"keych';
    await fs.writeFile(file, damaged);
    const app = appStart(lockableStore(), dataDir);
    const problem = await app.kept.check();
    const { names, copy, copyName } = await folder(dataDir);
    expect(names).toEqual([KEPT_SIGN_INS_FILE, `${KEPT_SIGN_INS_FILE}.damaged-<time>`]);
    expect(copy?.toString()).toBe(damaged);
    const reason = 'it is not valid JSON (UnexpectedEndOfString at line 1, column 45)';
    expect(problem).toBe(keptWords(file, reason, path.join(dataDir, copyName!), 'the 2 sign-ins it could find in it'));
    expect(await readJson(file)).toEqual({ s1: 'keychain', s2: 'encrypted-file' });
    expect(await app.kept.storeOf('s1')).toBe('keychain');
    // s1 noted and not in the store: lost, as before the damage. s3 is not known either way.
    expect((await app.vault.read('s1')).lostSignIn).toEqual({ problem: 'missing', store: 'the system keychain (Secret Service)', reason: 'it has no entry for it' });
    expect((await app.vault.read('s3')).signInUnknown).toBe(unknownWords(file, reason));
    // A save goes on: the new note is written, the kept copy untouched.
    await app.kept.kept('s4', 'keychain');
    expect(await readJson(file)).toEqual({ s1: 'keychain', s2: 'encrypted-file', s4: 'keychain' });
    expect((await folder(dataDir)).copy?.toString()).toBe(damaged);
    expect(await new KeptSignIns(dataDir).check()).toBeUndefined();
  });

  it('not UTF-8: said, not read with U+FFFD in a key', async () => {
    const dataDir = await dataFolder();
    const file = path.join(dataDir, KEPT_SIGN_INS_FILE);
    const damaged = Buffer.from('{"s1":"keychain","s2":"keychain"}\n');
    damaged[19] = 0xe9;
    await fs.writeFile(file, damaged);
    const kept = new KeptSignIns(dataDir);
    const problem = await kept.check();
    const { copyName } = await folder(dataDir);
    expect(problem).toBe(keptWords(file, 'it is not valid UTF-8 (byte 0xe9 at line 1, column 20)', path.join(dataDir, copyName!), 'the 1 sign-in it could find in it'));
    expect(await readJson(file)).toEqual({ s1: 'keychain' });
    expect((await folder(dataDir)).copy).toEqual(damaged);
  });

  it('not the expected shape: a store the app does not know is said, the rest kept', async () => {
    const dataDir = await dataFolder();
    const file = path.join(dataDir, KEPT_SIGN_INS_FILE);
    await fs.writeFile(file, '{"s1":"keychain","s2":"usb-stick"}');
    const kept = new KeptSignIns(dataDir);
    const problem = await kept.check();
    expect(problem).toBe(keptWords(file, 'it does not have the expected shape (1 of its 2 entries does not name a secret store)', path.join(dataDir, (await folder(dataDir)).copyName!), 'the 1 sign-in it could find in it'));
    expect(await readJson(file)).toEqual({ s1: 'keychain' });
  });

  it('the app starts and says which notes were damaged, and why', async () => {
    const dataDir = await dataFolder();
    await fs.writeFile(path.join(dataDir, KEPT_SIGN_INS_FILE), '{"s1":"keychain"');
    await fs.writeFile(path.join(dataDir, STALE_SIGN_INS_FILE), 'null');
    const alerts = (await alertsAtStart(dataDir)) as { ok: true; result: { level: string; title: string; message: string }[] };
    expect(alerts.result.map(({ level, title }) => ({ level, title }))).toEqual([
      { level: 'error', title: `Could not read ${STALE_SIGN_INS_FILE}` },
      { level: 'error', title: `Could not read ${KEPT_SIGN_INS_FILE}` },
    ]);
    expect(alerts.result[0]!.message).toMatch(/because it does not have the expected shape \(it is not an object\)\. It was kept as /);
    expect(alerts.result[1]!.message).toMatch(/because it is not valid JSON \(.*\)\. It was kept as .*, and the app started with the 1 sign-in it could find in it\./);
  });
});
