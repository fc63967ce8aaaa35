import { execFileSync } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SnapshotDamaged, SnapshotStore, sha256Digest } from './snapshot-store.js';

async function store(): Promise<SnapshotStore> {
  return new SnapshotStore(path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'si-snapshots-')), 'snapshots'));
}

describe('snapshot store', () => {
  test('stores bytes under their digest, per server, once', async () => {
    const snapshots = await store();
    const bytes = Buffer.from('exact bytes\r\n\u0000');
    const first = await snapshots.put('server-a', bytes);
    expect(first).toEqual({ digest: sha256Digest(bytes), written: true });
    const file = snapshots.fileOf('server-a', first.digest);
    expect(path.relative(snapshots.root, file)).toBe(path.join('server-a', first.digest.slice(7)));
    const { mtimeMs } = await fs.stat(file);
    expect(await snapshots.put('server-a', bytes)).toEqual({ digest: first.digest, written: false });
    expect((await fs.stat(file)).mtimeMs).toBe(mtimeMs);
    expect(await snapshots.get('server-a', first.digest)).toEqual(bytes);
    expect(await snapshots.get('server-b', first.digest)).toBeUndefined();
    expect(await snapshots.list('server-a')).toEqual([first.digest]);
  });

  test('refuses bytes that do not match the digest they should have, and a damaged file on read', async () => {
    const snapshots = await store();
    await expect(snapshots.put('s', Buffer.from('a'), sha256Digest(Buffer.from('b')))).rejects.toThrow('Refusing to store a snapshot');
    const { digest } = await snapshots.put('s', Buffer.from('original'));
    await fs.writeFile(snapshots.fileOf('s', digest), 'tampered');
    await expect(snapshots.get('s', digest)).rejects.toBeInstanceOf(SnapshotDamaged);
    expect(await snapshots.has('s', digest)).toBe(false);
    // A damaged copy is replaced whole by the next verified bytes.
    expect((await snapshots.put('s', Buffer.from('original'))).written).toBe(true);
    expect((await snapshots.get('s', digest))?.toString()).toBe('original');
  });

  test('server ids that are not plain tokens cannot leave the folder; removal is per server', async () => {
    const snapshots = await store();
    expect(path.dirname(snapshots.folderOf('../../etc'))).toBe(snapshots.root);
    expect(() => snapshots.fileOf('s', 'sha256:../x')).toThrow('is not a sha256');
    await snapshots.put('keep', Buffer.from('k'));
    await snapshots.put('drop', Buffer.from('d'));
    await snapshots.removeServer('drop');
    expect(existsSync(snapshots.folderOf('drop'))).toBe(false);
    expect(await snapshots.list('keep')).toHaveLength(1);
  });

  test.skipIf(process.platform === 'win32')('never follows a link put in place of a snapshot, and never reads a FIFO', async () => {
    const snapshots = await store();
    const bytes = Buffer.from('the reviewed bytes');
    const { digest } = await snapshots.put('s', bytes);
    const file = snapshots.fileOf('s', digest);
    // A link to a file elsewhere that even holds the right bytes: still refused, because it is not what the store wrote.
    const outside = path.join(path.dirname(snapshots.root), 'elsewhere.txt');
    await fs.writeFile(outside, bytes);
    await fs.rm(file);
    await fs.symlink(outside, file);
    const linked = await snapshots.get('s', digest).catch((e: unknown) => e);
    expect(linked).toBeInstanceOf(SnapshotDamaged);
    expect((linked as Error).message).toBe(`The stored snapshot ${path.basename(file)} is damaged: it is a symbolic link, not the file the store wrote. It was not used.`);
    expect(await snapshots.has('s', digest)).toBe(false);
    // The next verified bytes replace the link itself, not the file it points to.
    expect((await snapshots.put('s', bytes)).written).toBe(true);
    expect((await fs.lstat(file)).isFile()).toBe(true);
    await fs.rm(file);
    execFileSync('mkfifo', [file]);
    const piped = await snapshots.get('s', digest).catch((e: unknown) => e);
    expect((piped as Error).message).toBe(`The stored snapshot ${path.basename(file)} is damaged: it is a named pipe (FIFO), not a regular file. It was not used.`);
  });
});
