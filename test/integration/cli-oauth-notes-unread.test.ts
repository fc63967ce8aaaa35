// `--oauth` at the terminal with the data folder's OAuth notes damaged
// (oauth-sign-ins.json, oauth-dropped.json read but not what the app writes)
// or unreadable (the disk answers EIO). The command reads them as the app does
// (a damaged one kept aside, an unreadable one never saved over), but said
// nothing of it: the person at the terminal did not learn that a dropped
// sign-in might be used again or a kept one was forgotten, nor where the
// damaged copy went. Now each note is said on stderr, one line, in the app's
// words, and stdout (--json, --sarif) stays the report alone.
// Run as root here, chmod 000 proves nothing: a link to /proc/self/mem gives a
// real EIO on read, in the command's own process too.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cliOAuthKey } from '../../electron/cli/cli-oauth.js';
import { KEPT_SIGN_INS_FILE } from '../../electron/oauth/kept-sign-ins.js';
import { STALE_SIGN_INS_FILE } from '../../electron/oauth/stale-sign-ins.js';
import { tempDir } from '../fixtures/servers/harness.js';
import { runSigningIn } from '../fixtures/oauth/cli-sign-in.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let dataDir: string;

const oauth = useOAuthFixture();

beforeAll(async () => {
  dataDir = await tempDir('cli-oauth-notes-unread');
}, 60_000);

afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** The lines the command said of its notes. */
const noteLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('skill-inspector: Could not read '));

/** Where a damaged note was kept aside. */
async function keptAside(name: string): Promise<string> {
  const copies = (await fs.readdir(dataDir)).filter((n) => n.startsWith(`${name}.damaged-`));
  expect(copies).toHaveLength(1);
  return path.join(dataDir, copies[0]!);
}

describe('check --oauth with its OAuth notes damaged or unreadable', () => {
  test('each note is said on stderr in one line, with the file, the cause and what it means; stdout stays the report', async () => {
    const key = cliOAuthKey(oauth.fixture.url, undefined);
    const keptFile = path.join(dataDir, KEPT_SIGN_INS_FILE);
    const droppedFile = path.join(dataDir, STALE_SIGN_INS_FILE);
    const first = await runSigningIn(['check', '--url', oauth.fixture.url, '--oauth', '--json'], dataDir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.pages).toHaveLength(1);
    expect(noteLines(first.stderr)).toEqual([]);

    // Damaged: an entry that names no secret store, and a list where an object belongs.
    await fs.writeFile(keptFile, `${JSON.stringify({ [key]: 'encrypted-file', other: 7 })}\n`);
    await fs.writeFile(droppedFile, '[]\n');
    const damaged = await runSigningIn(['check', '--url', oauth.fixture.url, '--oauth', '--json'], dataDir);
    expect(damaged.code, damaged.stderr).toBe(0);
    expect(damaged.pages).toHaveLength(0);
    expect(JSON.parse(damaged.stdout)).toMatchObject({ skills: expect.any(Array) });
    expect(noteLines(damaged.stderr)).toEqual([
      `skill-inspector: Could not read ${STALE_SIGN_INS_FILE}: ${droppedFile} could not be read because it does not have the expected shape (it is not an object). It was kept as ${await keptAside(STALE_SIGN_INS_FILE)}, and the command started with none of the dropped sign-ins it noted. ` +
        'A dropped sign-in it noted that could not be read from it may be used again: the command may send tokens the authorization server refused before, and asks you to sign in once they are refused again.',
      `skill-inspector: Could not read ${KEPT_SIGN_INS_FILE}: ${keptFile} could not be read because it does not have the expected shape (1 of its 2 entries does not name a secret store). It was kept as ${await keptAside(KEPT_SIGN_INS_FILE)}, and the command started with the 1 sign-in it could find in it. ` +
        'Meanwhile a sign-in it noted that could not be read from it, if the secret store no longer gives it, cannot be told apart from one never made.',
    ]);
    // What could be read was written back: the next run is told nothing.
    expect(await fs.readFile(keptFile, 'utf8')).toBe(`${JSON.stringify({ [key]: 'encrypted-file' })}\n`);
    expect(await fs.readFile(droppedFile, 'utf8')).toBe('{}\n');
    const mended = await runSigningIn(['check', '--url', oauth.fixture.url, '--oauth', '--json'], dataDir);
    expect(mended.code, mended.stderr).toBe(0);
    expect(noteLines(mended.stderr)).toEqual([]);

    // Unreadable: the disk answers EIO for both.
    await fs.rm(keptFile);
    await fs.rm(droppedFile);
    await fs.symlink('/proc/self/mem', keptFile);
    await fs.symlink('/proc/self/mem', droppedFile);
    const unreadable = await runSigningIn(['check', '--url', oauth.fixture.url, '--oauth', '--sarif'], dataDir);
    expect(unreadable.code, unreadable.stderr).toBe(0);
    expect(JSON.parse(unreadable.stdout)).toMatchObject({ version: '2.1.0' });
    const unread = (file: string, name: string, notes: string, meanwhile: string) =>
      `skill-inspector: Could not read ${name}: ${file} could not be read because the disk reported an input/output error (EIO). The command started without it, and nothing is saved to ${name} until the command can read it, so none of the ${notes} it notes is forgotten: fix the file or the disk, then run the command again. ${meanwhile}`;
    expect(noteLines(unreadable.stderr)).toEqual([
      unread(droppedFile, STALE_SIGN_INS_FILE, 'dropped sign-ins', 'Meanwhile a sign-in the command dropped (refused by the authorization server) that the secret store would not delete may be used again.'),
      unread(keptFile, KEPT_SIGN_INS_FILE, 'sign-ins', 'Meanwhile a sign-in the secret store no longer gives cannot be told apart from one never made.'),
    ]);
    // Neither was saved over.
    expect(await fs.readlink(keptFile)).toBe('/proc/self/mem');
    expect(await fs.readlink(droppedFile)).toBe('/proc/self/mem');
  }, 240_000);
});
