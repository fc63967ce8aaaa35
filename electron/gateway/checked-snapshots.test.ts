// The gateway looks at the snapshot of every approved file whenever it builds
// its set, and may build it at every listing while a skill waits for a
// snapshot: a file that hashed right is not read again while it is the same
// file on disk, and is hashed again once it changed.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnapshotStore, sha256Digest } from '../snapshots/snapshot-store.js';
import { CheckedSnapshots } from './checked-snapshots.js';
import { VerifiedBytes } from './verified-bytes.js';

const GUIDE = Buffer.from('# Guide\n', 'utf8');
const FILE = { uri: 'skill://notes/guide.md', digest: sha256Digest(GUIDE) };

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('CheckedSnapshots', () => {
  it('hashes a file once while it stays the same file, and again once it changed in place', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-checked-snapshots-'));
    const store = new SnapshotStore(dir);
    await store.put('srv', GUIDE);
    const reads = vi.spyOn(store, 'get');
    // No room to keep bytes in memory: only the stamp spares a read.
    const checked = new CheckedSnapshots(store, new VerifiedBytes(1));
    expect(await checked.problem('srv', FILE)).toBeUndefined();
    expect(await checked.problem('srv', FILE)).toBeUndefined();
    expect(reads).toHaveBeenCalledTimes(1);
    const file = store.fileOf('srv', FILE.digest);
    await fs.chmod(file, 0o600);
    await fs.writeFile(file, '# Gu1de\n');
    expect(await checked.problem('srv', FILE)).toBe(
      `its approved file skill://notes/guide.md cannot be used: The stored snapshot ${FILE.digest.slice('sha256:'.length)} is damaged: its bytes hash to ${sha256Digest(Buffer.from('# Gu1de\n'))}, not ${FILE.digest}. It was not used.`,
    );
    await fs.rm(file);
    expect(await checked.problem('srv', FILE)).toBe('its approved file skill://notes/guide.md is not in the snapshot store.');
    await store.put('srv', GUIDE);
    expect(await checked.problem('srv', FILE)).toBeUndefined();
    expect(reads).toHaveBeenCalledTimes(5);
  });

  it('bytes kept in memory are served whatever the disk holds, so they hold nothing back', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-checked-snapshots-'));
    const store = new SnapshotStore(dir);
    await store.put('srv', GUIDE);
    const checked = new CheckedSnapshots(store, new VerifiedBytes());
    expect(await checked.problem('srv', FILE)).toBeUndefined();
    await fs.rm(store.fileOf('srv', FILE.digest));
    expect(await checked.problem('srv', FILE)).toBeUndefined();
  });
});
