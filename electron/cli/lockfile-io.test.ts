// updateLockfile: the read-merge-write of `lock`, under a lock between
// processes (proper-lockfile's `<file>.lock`). The lock is taken here with
// proper-lockfile itself, as another `lock` run would hold it.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LockfileError, serializeLockfile, withServer, type Lockfile } from './lockfile.js';
import { updateLockfile, type LockWait } from './lockfile-io.js';

/** Two quick tries, so a held lock fails the test's update at once. */
const QUICK: LockWait = { retries: 2, factor: 1, minTimeout: 1, maxTimeout: 1 };
const pinning = (label: string) => (base: Lockfile | undefined) => withServer(base, label, { skills: {} });

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-lockfile-io-'));
  file = path.join(dir, 'skills.lock.json');
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('updateLockfile', () => {
  it('merges into the file as it is on disk at the write, and leaves no lock behind', async () => {
    await fs.writeFile(file, serializeLockfile(pinning('written-meanwhile')(undefined)));
    const seen: Array<Lockfile | undefined> = [];
    const written = await updateLockfile(file, (existing) => (seen.push(existing), pinning('ours')(existing)), QUICK);
    expect(seen).toEqual([pinning('written-meanwhile')(undefined)]);
    expect(Object.keys(written.servers)).toEqual(['ours', 'written-meanwhile']);
    expect(await fs.readFile(file, 'utf8')).toBe(serializeLockfile(written));
    expect(await fs.readdir(dir)).toEqual(['skills.lock.json']);
  });

  it('locks and writes a lockfile that does not exist yet, in a folder that does not either', async () => {
    const deeper = path.join(dir, 'locks', 'skills.lock.json');
    const seen: Array<Lockfile | undefined> = [];
    await updateLockfile(deeper, (existing) => (seen.push(existing), pinning('ours')(existing)), QUICK);
    expect(seen).toEqual([undefined]);
    expect(await fs.readFile(deeper, 'utf8')).toBe(serializeLockfile(pinning('ours')(undefined)));
    expect(await fs.readdir(path.dirname(deeper))).toEqual(['skills.lock.json']);
  });

  it('a lock another run holds: LockfileError naming the file and that run, after the retries; nothing read or written', async () => {
    await fs.writeFile(file, 'held');
    const release = await lock(file, { realpath: false });
    let changed = false;
    try {
      const error = await updateLockfile(file, (existing) => ((changed = true), pinning('ours')(existing)), QUICK).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LockfileError);
      expect((error as LockfileError).file).toBe(file);
      expect((error as LockfileError).problem).toBe(
        `another "skill-inspector lock" run holds it (${file}.lock). Try again once that run has finished; the lock of a run that was killed is taken over once it is 10 s old.`,
      );
    } finally {
      await release();
    }
    expect(changed).toBe(false);
    expect(await fs.readFile(file, 'utf8')).toBe('held');
  });

  it('a lockfile damaged since the first read is not overwritten, and the lock is let go', async () => {
    await fs.writeFile(file, '{ "lockfileVersion": 1,');
    await expect(updateLockfile(file, pinning('ours'), QUICK)).rejects.toThrow(/skills\.lock\.json: not valid JSON/);
    expect(await fs.readFile(file, 'utf8')).toBe('{ "lockfileVersion": 1,');
    expect(await fs.readdir(dir)).toEqual(['skills.lock.json']);
    // Let go: the next update takes the lock at its first try.
    await fs.rm(file);
    await updateLockfile(file, pinning('ours'), { ...QUICK, retries: 0 });
  });
});
