// A save of an OAuth note while another process holds the note's lock for
// longer than a save waits (a real second process holding
// oauth-dropped.json.lock with proper-lockfile, refreshing it so it never goes
// stale): the save fails with words naming the file and its lock, nothing is
// written over what is on disk, the drop still holds in this process, and the
// next save once the lock is let go writes it with its own, so nothing is lost.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../test/support/paths.js';
import { useDataFolders } from '../../test/fixtures/oauth/suite.js';
import { NoteLockedError } from './note-lock.js';
import { digestOfStored, STALE_SIGN_INS_FILE, StaleSignIns } from './stale-sign-ins.js';

const dataFolder = useDataFolders('si-note-lock-timeout-');

/** Another process holding `<file>.lock` until told to let it go; resolves once it holds it. */
async function holdLock(file: string) {
  const child = spawn(
    process.execPath,
    ['-e', `const { lock } = require('proper-lockfile');
lock(process.argv[1], { realpath: false, stale: 10000 }).then((release) => {
  process.stdout.write('held\\n');
  process.stdin.once('data', () => release().then(() => process.stdout.write('released\\n')));
});`, file],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const said = (what: string) => new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => line === what && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}) before it said ${what}`)));
  });
  await said('held');
  return {
    async letGo() {
      const released = said('released');
      child.stdin!.end('go\n');
      await released;
    },
  };
}

const drop = { without: ['tokens'] };
const entry = (name: string) => ({ digests: [digestOfStored(`${name} as stored`)], without: ['tokens'] });

describe('an OAuth note whose lock another process holds past the wait', () => {
  it('the save fails naming the file and its lock; nothing on disk changes; the drop holds here and is written by the next save', async () => {
    const dataDir = await dataFolder();
    const file = path.join(dataDir, STALE_SIGN_INS_FILE);
    const stale = new StaleSignIns(dataDir);
    await stale.remember('a', ['a as stored'], drop);

    const holder = await holdLock(file);
    const refused = await stale.remember('b', ['b as stored'], drop).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(NoteLockedError);
    expect((refused as Error).message).toBe(
      `Could not save oauth-dropped.json because another Skill Inspector (the app or a command) held ${file}.lock for longer than a save takes. Nothing was written; try again, or remove ${file}.lock if no Skill Inspector is running.`,
    );
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ a: entry('a') });
    // Not saved, but dropped all the same while this process runs.
    expect(await stale.droppedFrom('b', 'b as stored')).toEqual(entry('b'));

    await holder.letGo();
    await stale.remember('c', ['c as stored'], drop);
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ a: entry('a'), b: entry('b'), c: entry('c') });
    // A later start reads all three.
    expect(await new StaleSignIns(dataDir).droppedFrom('b', 'b as stored')).toEqual(entry('b'));
    expect((await fs.readdir(dataDir)).sort()).toEqual([STALE_SIGN_INS_FILE, `${STALE_SIGN_INS_FILE}.bak`]);
  }, 60_000);
});
