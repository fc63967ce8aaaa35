// A disk that can be filled and freed on demand, for the disk-full tests.
//
// A real 256 KiB tmpfs when this process may mount one (root in CI
// containers); elsewhere the same failure (ENOSPC) is produced at the storage
// boundary, fs.promises.open, which is how the app writes its files (atomic
// writes open with 'wx', the audit log appends with 'a').
import { spawnSync } from 'node:child_process';
import { promises as fsp, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, vi } from 'vitest';

export interface SmallDisk {
  readonly kind: 'tmpfs' | 'simulated';
  readonly dir: string;
  /** Takes every free byte. */
  fill(): Promise<void>;
  /** Gives the space back. */
  free(): Promise<void>;
  close(): Promise<void>;
}

export async function smallDisk(): Promise<SmallDisk> {
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
        // A process the test started may still be letting go of a file there (seen once on a loaded CI machine:
        // EBUSY): try again for a while, then detach the mount so the folder can go either way.
        for (let attempt = 0; attempt < 20; attempt++) {
          if (spawnSync('umount', [dir], { stdio: 'ignore' }).status === 0) break;
          if (attempt === 19) spawnSync('umount', ['-l', dir], { stdio: 'ignore' });
          else await new Promise((resolve) => setTimeout(resolve, 250));
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  let full = false;
  const realOpen = fsp.open.bind(fsp);
  const spy = vi.spyOn(fsp, 'open').mockImplementation(async (file, flags, mode) => {
    const handle = await realOpen(file, flags, mode);
    if (!full || !String(file).startsWith(dir) || (flags !== 'wx' && flags !== 'a')) return handle;
    const enospc = () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
    return new Proxy(handle, {
      get(target, property) {
        if (property === 'writeFile' || property === 'write' || property === 'appendFile') return enospc;
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
