// A full disk: every save fails cleanly. The previous version stays on disk
// whole, no temp file is left behind, the error says what happened in words a
// person can act on, and once space is freed saving works again.
//
// The disk is a real 256 KiB tmpfs when this process may mount one (root in CI
// containers); elsewhere the same failure (ENOSPC) is produced at the storage
// boundary, fs.promises.open, which is the only way the app's files are written.
import { spawnSync } from 'node:child_process';
import { promises as fsp, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createInspector } from '../../electron/inspector.js';
import { ServerCatalog } from '../../electron/servers/catalog.js';
import { SettingsStore } from '../../electron/settings-store.js';
import { StoreWriteError, writeFileAtomic } from '../../electron/storage/atomic-file.js';

interface SmallDisk {
  readonly kind: 'tmpfs' | 'simulated';
  readonly dir: string;
  /** Takes every free byte. */
  fill(): Promise<void>;
  /** Gives the space back. */
  free(): Promise<void>;
  close(): Promise<void>;
}

async function smallDisk(): Promise<SmallDisk> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'tmpfs', dir], { stdio: 'ignore' }).status === 0;
  const filler = path.join(dir, 'filler.bin');
  if (mounted) {
    return {
      kind: 'tmpfs',
      dir,
      fill: async () => {
        // Write until the file system refuses: then it is full for real.
        const handle = await fsp.open(filler, 'a');
        try {
          for (;;) await handle.write(Buffer.alloc(4096, 1));
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
        } finally {
          await handle.close();
        }
      },
      free: async () => rmSync(filler, { force: true }),
      close: async () => {
        spawnSync('umount', [dir], { stdio: 'ignore' });
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  let full = false;
  const realOpen = fsp.open.bind(fsp);
  const spy = vi.spyOn(fsp, 'open').mockImplementation(async (file, flags, mode) => {
    const handle = await realOpen(file, flags, mode);
    if (!full || !String(file).startsWith(dir) || flags !== 'wx') return handle;
    const enospc = () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
    return new Proxy(handle, {
      get(target, property) {
        if (property === 'writeFile' || property === 'write') return enospc;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  });
  return {
    kind: 'simulated',
    dir,
    fill: async () => {
      full = true;
    },
    free: async () => {
      full = false;
    },
    close: async () => {
      spy.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

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
