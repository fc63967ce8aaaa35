// Two processes saving the OAuth notes of one data folder at once: the app and
// a command (`check --oauth`), or two commands. The commands do not hold the
// data folder's instance lock (storage/instance-lock.ts: they run beside the
// app), and each save wrote the note whole from what its process had read at
// its start: the other's entries saved meanwhile were lost. A lost drop in
// oauth-dropped.json lets a token the person signed out of (or the server
// refused) be used again; a lost entry in oauth-sign-ins.json makes a sign-in
// the store later loses read as never made. Now each save re-reads the note
// under a short lock of its own and changes only its entry.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleNoteWriter, writeTogether } from '../../test/fixtures/oauth/note-writers.js';
import { useDataFolders } from '../../test/fixtures/oauth/suite.js';
import { KEPT_SIGN_INS_FILE } from './kept-sign-ins.js';
import { digestOfStored, STALE_SIGN_INS_FILE } from './stale-sign-ins.js';

const dataFolder = useDataFolders('si-notes-two-writers-');
const ROUNDS = 30;

let bundle: { writer: string; outDir: string } | undefined;
beforeAll(async () => {
  bundle = await bundleNoteWriter();
}, 120_000);
afterAll(async () => {
  if (bundle) await fs.rm(bundle.outDir, { recursive: true, force: true });
});

/** The note's entries; and that its text is one JSON line as the app writes it. */
async function note(file: string): Promise<unknown> {
  const text = await fs.readFile(file, 'utf8');
  const json = JSON.parse(text) as unknown;
  expect(text).toBe(`${JSON.stringify(json)}\n`);
  return json;
}

describe('oauth-sign-ins.json and oauth-dropped.json saved by two processes at once', () => {
  it(`${ROUNDS} rounds each: every entry either saved is there, every one either removed is gone`, async () => {
    const dataDir = await dataFolder();
    const ended = await writeTogether(bundle!.writer, dataDir, ['app', 'cli'], ROUNDS);
    expect(ended).toEqual([
      { code: 0, stdout: 'ready\ndone\n', stderr: '' },
      { code: 0, stdout: 'ready\ndone\n', stderr: '' },
    ]);

    // Each forgot its kept sign-in of the round before: the last round's of each is left.
    expect(await note(path.join(dataDir, KEPT_SIGN_INS_FILE))).toEqual({ [`app-${ROUNDS - 1}`]: 'keychain', [`cli-${ROUNDS - 1}`]: 'keychain' });
    const dropped: Record<string, unknown> = {};
    for (const prefix of ['app', 'cli']) {
      for (let round = 0; round < ROUNDS; round++) dropped[`${prefix}-${round}`] = { digests: [digestOfStored(`${prefix}-${round} as stored`)], without: ['tokens'] };
    }
    expect(await note(path.join(dataDir, STALE_SIGN_INS_FILE))).toEqual(dropped);
    // No lock, temp file or kept-aside copy left behind.
    expect((await fs.readdir(dataDir)).sort()).toEqual([STALE_SIGN_INS_FILE, `${STALE_SIGN_INS_FILE}.bak`, KEPT_SIGN_INS_FILE, `${KEPT_SIGN_INS_FILE}.bak`]);
  }, 120_000);
});
