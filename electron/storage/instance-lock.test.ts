// The data-folder lock in one process, on real files: a second taker is
// refused while the first holds it; a lock left by a process that no longer
// runs, by a pid that now belongs to a younger process, or in a torn state is
// taken over; a holder on another host is never second-guessed.
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUse, LOCK_FILE, lockDataDir, type InstanceOwner } from './instance-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-instance-lock-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const options = { kind: 'browser mode' as const, appVersion: '0.0.0-test' };
const lockFile = () => path.join(dir, LOCK_FILE);

async function plant(owner: Partial<InstanceOwner>): Promise<void> {
  const full: InstanceOwner = { pid: 1, kind: 'app', startedAt: '2025-01-01T00:00:00.000Z', dataDir: dir, hostname: os.hostname(), appVersion: '0.0.0', token: 'planted', ...owner };
  await fs.writeFile(lockFile(), JSON.stringify(full));
}

/** A pid that ran and has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('lockDataDir', () => {
  it('writes who holds the folder, refuses a second taker, and gives the folder back on release', async () => {
    const lock = await lockDataDir(dir, options);
    expect(JSON.parse(await fs.readFile(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, kind: 'browser mode', dataDir: dir, hostname: os.hostname(), appVersion: '0.0.0-test' });
    const refused = await lockDataDir(dir, { kind: 'app', appVersion: '0.0.0-test' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirInUse);
    // The app is refused: it always uses Electron's own data folder, reads no --data-dir and no SKILL_INSPECTOR_DATA_DIR, so neither is offered.
    expect((refused as Error).message).toBe(
      `The data folder ${dir} is in use by another Skill Inspector: browser mode (pid ${process.pid}), started ${lock.owner.startedAt}. Two instances writing one folder would lose each other's approvals and servers. Close that one, then start the app again: the app always keeps its data in this folder.`,
    );
    // Browser mode is refused: it can be started with another folder.
    const refusedWeb = await lockDataDir(dir, options).catch((e: unknown) => e);
    expect((refusedWeb as Error).message).toBe(
      `The data folder ${dir} is in use by another Skill Inspector: browser mode (pid ${process.pid}), started ${lock.owner.startedAt}. Two instances writing one folder would lose each other's approvals and servers. Close that one, or start this one with another data folder (--data-dir, or SKILL_INSPECTOR_DATA_DIR).`,
    );
    await lock.release();
    await expect(fs.stat(lockFile())).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await lockDataDir(dir, options);
    await again.release();
    // No side files are left behind.
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('takes over a lock whose process is gone', async () => {
    await plant({ pid: deadPid() });
    const lock = await lockDataDir(dir, options);
    expect(JSON.parse(await fs.readFile(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, token: lock.owner.token });
    await lock.release();
  });

  it.skipIf(process.platform !== 'linux')('takes over a lock whose pid now runs a process that started later', async () => {
    await plant({ pid: process.pid, processStart: '1' });
    const lock = await lockDataDir(dir, options);
    expect(lock.owner.processStart).toMatch(/^\d+$/);
    await lock.release();
  });

  it('takes over a lock file that is not one (empty, garbage, or a folder)', async () => {
    await fs.writeFile(lockFile(), '');
    await (await lockDataDir(dir, options)).release();
    await fs.writeFile(lockFile(), '{"pid": "x"');
    await (await lockDataDir(dir, options)).release();
    await fs.mkdir(lockFile());
    await (await lockDataDir(dir, options)).release();
  });

  // A link whose target is gone (a restored or synced folder, another program): link() says the
  // lock exists, reading it says it does not, so every one of the 200 attempts looked again and
  // the start failed with "it kept changing while Skill Inspector started. Try again." for good.
  it('takes over a lock that is a symbolic link to nothing, and leaves the place it named alone', async () => {
    const target = path.join(dir, 'elsewhere', 'instance.lock');
    await fs.symlink(target, lockFile());
    const lock = await lockDataDir(dir, options);
    expect((await fs.lstat(lockFile())).isFile()).toBe(true);
    expect(JSON.parse(await fs.readFile(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, token: lock.owner.token });
    await expect(fs.stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
    await lock.release();
  });

  it('refuses a lock held on another host, and says how to clear it if that instance is gone', async () => {
    await plant({ pid: deadPid(), hostname: 'other-machine' });
    const refused = await lockDataDir(dir, options).catch((e: unknown) => e);
    expect((refused as Error).message).toBe(
      `The data folder ${dir} is in use by another Skill Inspector: the app (pid ${(JSON.parse(await fs.readFile(lockFile(), 'utf8')) as InstanceOwner).pid} on other-machine), started 2025-01-01T00:00:00.000Z. Two instances writing one folder would lose each other's approvals and servers. Close that one, or start this one with another data folder (--data-dir, or SKILL_INSPECTOR_DATA_DIR). If that instance is no longer running, delete ${lockFile()}.`,
    );
  });

  it('the app refused by a lock held on another host: no --data-dir advice, and how to clear it if that instance is gone', async () => {
    await plant({ pid: deadPid(), hostname: 'other-machine', kind: 'browser mode' });
    const refused = await lockDataDir(dir, { kind: 'app', appVersion: '0.0.0-test' }).catch((e: unknown) => e);
    expect((refused as Error).message).toBe(
      `The data folder ${dir} is in use by another Skill Inspector: browser mode (pid ${(JSON.parse(await fs.readFile(lockFile(), 'utf8')) as InstanceOwner).pid} on other-machine), started 2025-01-01T00:00:00.000Z. Two instances writing one folder would lose each other's approvals and servers. Close that one, then start the app again: the app always keeps its data in this folder. If that instance is no longer running, delete ${lockFile()}.`,
    );
  });

  it('lets exactly one of many simultaneous takers win', async () => {
    await plant({ pid: deadPid() });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir, options)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirInUse);
    await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockDataDir>>>).value.release();
  });
  // process.kill(0, 0) signals this process's own group and kill(-1, 0) every process it may:
  // both succeed, so a lock saying pid 0 or -1 (written by something else) read as a running
  // holder and the app refused to start for good, without saying to delete the file.
  it('takes over a lock whose pid is not a process id (0, negative, fractional)', async () => {
    for (const pid of [0, -1, 1.5]) {
      await plant({ pid });
      const lock = await lockDataDir(dir, options);
      expect(JSON.parse(await fs.readFile(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
      await lock.release();
    }
  });
});
