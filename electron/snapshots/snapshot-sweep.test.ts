// The snapshot store's sweep clears temp files a killed writer left in the
// server folders. It removed every `.tmp` there, so a sweep that ran while a
// snapshot was being written (by this store or by another store on the same
// folder in this process) took that write's temp file between its write and
// its rename, and the put failed ("ENOENT … rename").
import { existsSync, mkdtempSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotStore, sha256Digest } from './snapshot-store.js';

function root(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), 'si-snapshot-sweep-')), 'snapshots');
}

describe('a snapshot sweep while a snapshot is being written', () => {
  it('leaves the write in flight alone, from the same store or another on the same folder', async () => {
    const folder = root();
    const writing = new SnapshotStore(folder);
    const sweepers = [writing, new SnapshotStore(folder)];
    const failures: string[] = [];
    for (let round = 0; round < 20; round++) {
      const bytes = Buffer.alloc(4 * 1024 * 1024, round);
      let settled = false;
      const put = writing.put('server-a', bytes).then(
        () => undefined,
        (error: unknown) => failures.push(String(error)),
      ).finally(() => (settled = true));
      const serverFolder = writing.folderOf('server-a');
      // Sweep as soon as the write's temp file is there, and keep sweeping until the put ends.
      const seen = async (): Promise<boolean> => (await fs.readdir(serverFolder).catch(() => [] as string[])).some((n) => n.endsWith('.tmp'));
      while (!settled && !(await seen())) await new Promise((r) => setImmediate(r));
      while (!settled) await sweepers[round % 2]?.sweep();
      await put;
      if (failures.length === 0) expect((await writing.get('server-a', sha256Digest(bytes)))?.equals(bytes)).toBe(true);
    }
    expect(failures).toEqual([]);
  });

  it('still clears what a killed writer left behind', async () => {
    const snapshots = new SnapshotStore(root());
    const { digest } = await snapshots.put('server-a', Buffer.from('kept'));
    const folder = snapshots.folderOf('server-a');
    const leftover = path.join(folder, `.${digest.slice(7)}.999999999.a1b2c3d4e5f6.tmp`);
    await fs.writeFile(leftover, 'half a snapshot');
    await snapshots.sweep();
    expect(existsSync(leftover)).toBe(false);
    expect((await snapshots.get('server-a', digest))?.toString()).toBe('kept');
  });
});
