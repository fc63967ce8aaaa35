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
});
