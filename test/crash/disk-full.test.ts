// A full disk: every save fails cleanly. The previous version stays on disk
// whole, no temp file is left behind, the error says what happened in words a
// person can act on, and once space is freed saving works again.
//
// The disk is a real 256 KiB tmpfs when this process may mount one (root in CI
// containers); elsewhere the same failure (ENOSPC) is produced at the storage
// boundary, fs.promises.open, which is the only way the app's files are written.
import { promises as fsp, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../electron/inspector.js';
import { ServerCatalog } from '../../electron/servers/catalog.js';
import { SettingsStore } from '../../electron/settings-store.js';
import { StoreWriteError, writeFileAtomic } from '../../electron/storage/atomic-file.js';
import { smallDisk } from './small-disk.js';

const transport = { kind: 'stdio' as const, command: 'node', args: ['server.js'], env: {} };
const FULL = /^Could not save (servers|settings)\.json because the disk is full \(ENOSPC\)\. The previous version on disk is unchanged; free some disk space/;
const tempFiles = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

const disk = await smallDisk();

describe(`a full disk (${disk.kind === 'tmpfs' ? 'a real 256 KiB tmpfs' : 'ENOSPC at fs.promises.open'})`, () => {
  afterAll(async () => disk.close());

  it('refuses a raw write with a clear error and leaves the old file whole', async () => {
    const file = path.join(disk.dir, 'plain.json');
    await writeFileAtomic(file, '{"old":true}\n');
    await disk.fill();
    try {
      const failed = await writeFileAtomic(file, JSON.stringify({ new: 'x'.repeat(64 * 1024) })).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(StoreWriteError);
      expect((failed as StoreWriteError).code).toBe('ENOSPC');
      expect((failed as Error).message).toMatch(/^Could not save plain\.json because the disk is full \(ENOSPC\)/);
      expect(await fsp.readFile(file, 'utf8')).toBe('{"old":true}\n');
      expect(tempFiles(disk.dir)).toEqual([]);
    } finally {
      await disk.free();
    }
  });

  it(`catalog: a server added on a full disk is refused; the saved catalog is intact; saving works once space is back`, async () => {
    const dataDir = path.join(disk.dir, 'catalog');
    const catalog = new ServerCatalog(dataDir);
    await catalog.load({ seedDemo: false });
    await catalog.add({ label: 'kept', transport });
    await disk.fill();
    try {
      await expect(catalog.add({ label: 'refused', transport: { ...transport, args: ['x'.repeat(60_000)] } })).rejects.toThrow(FULL);
      expect(tempFiles(dataDir)).toEqual([]);
      // What is on disk is the last good catalog, loadable without a problem.
      const reloaded = new ServerCatalog(dataDir);
      expect(await reloaded.load({ seedDemo: false })).toBeUndefined();
      expect(reloaded.list().map((s) => s.label)).toEqual(['kept']);
    } finally {
      await disk.free();
    }
    const again = new ServerCatalog(dataDir);
    await again.load({ seedDemo: false });
    await again.add({ label: 'after', transport });
    const final = new ServerCatalog(dataDir);
    await final.load({ seedDemo: false });
    expect(final.list().map((s) => s.label)).toEqual(['kept', 'after']);
  });

  it('settings: a change on a full disk is refused with a clear error; the saved settings are intact', async () => {
    const dataDir = path.join(disk.dir, 'settings');
    const store = new SettingsStore(dataDir);
    await store.load();
    await store.update({ maxFileBytes: 4096 });
    await disk.fill();
    try {
      await expect(store.update({ maxFileBytes: 8192 })).rejects.toThrow(FULL);
      const reloaded = new SettingsStore(dataDir);
      expect(await reloaded.load()).toBeUndefined();
      expect(reloaded.get().maxFileBytes).toBe(4096);
    } finally {
      await disk.free();
    }
  });

  it('through the contract: the call fails with the message, and the app keeps working', async () => {
    const dataDir = path.join(disk.dir, 'app');
    const inspector = await createInspector({ dataDir, mode: 'browser', appVersion: '0.0.0-test', demoTransport: () => transport, seedDemo: false });
    try {
      const kept = await inspector.call('servers.add', { label: 'kept', transport });
      expect(kept.ok).toBe(true);
      await disk.fill();
      try {
        const refused = await inspector.call('servers.add', { label: 'refused', transport: { ...transport, args: ['x'.repeat(60_000)] } });
        expect(refused).toMatchObject({ ok: false, error: { code: 'failed' } });
        expect(!refused.ok && refused.error.message).toMatch(FULL);
        // Reading still works while the disk is full, and shows what is saved.
        expect((await inspector.call('settings.get', {})).ok).toBe(true);
        const listed = await inspector.call('servers.list', {});
        expect(listed.ok && (listed.result as Array<{ config: { label: string } }>).map((s) => s.config.label)).toEqual(['kept']);
      } finally {
        await disk.free();
      }
      expect((await inspector.call('servers.add', { label: 'later', transport })).ok).toBe(true);
    } finally {
      await inspector.close();
    }
    const reloaded = new ServerCatalog(dataDir);
    await reloaded.load({ seedDemo: false });
    expect(reloaded.list().map((s) => s.label)).toEqual(['kept', 'later']);
  });

  it('a store damaged while the disk is full still loads from its backup (written back later)', async () => {
    const dataDir = path.join(disk.dir, 'recover');
    const catalog = new ServerCatalog(dataDir);
    await catalog.load({ seedDemo: false });
    await catalog.add({ label: 'a', transport });
    await catalog.add({ label: 'b', transport });
    writeFileSync(path.join(dataDir, 'servers.json'), 'garbage');
    await disk.fill();
    try {
      const reloaded = new ServerCatalog(dataDir);
      const problem = await reloaded.load({ seedDemo: false });
      expect(reloaded.list().map((s) => s.label)).toEqual(['a']);
      expect(problem?.recoveredFrom).toBe('backup');
      expect(problem?.message).toMatch(/It is in use, but could not be written back yet: Could not save servers\.json because the disk is full/);
    } finally {
      await disk.free();
    }
  });
});
