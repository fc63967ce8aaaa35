// One running Skill Inspector per data folder. Two instances on one folder (two
// launches, or the app and browser mode) each keep the stores in memory and
// write them whole: the last writer wins, and approvals and servers vanish
// while the audit log still records them. So every writer holds this lock.
//
// The lock is `<dataDir>/instance.lock`, a small JSON file saying who holds it
// (pid, app or browser mode, when it started, which folder, which host). It
// appears whole or not at all: the owner info is written to a side file first
// and hard-linked into place, which fails if the lock exists. A lock whose
// holder is gone (killed with kill -9: its pid no longer runs on this host, or
// runs a process that started later) is stale and taken over — under a short
// "takeover" folder so two starters cannot both remove it and both win.
//
// Not proper-lockfile (installed, considered): it judges staleness only by an
// mtime it refreshes on a timer, so after kill -9 a new start is refused for
// the whole stale period, and a holder whose timer is late (a laptop waking
// from sleep) is declared compromised and, by default, throws from the timer.
// A pid that no longer runs is a certain answer; an mtime is a guess.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, promises as fs, readFileSync, readSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA_DIR_ENV } from '../data-dir.js';
import { pidRuns } from './process-alive.js';
import { readRegularText } from './read-regular-file.js';

export const LOCK_FILE = 'instance.lock';

export type InstanceKind = 'app' | 'browser mode';

export interface InstanceOwner {
  readonly pid: number;
  readonly kind: InstanceKind;
  readonly startedAt: string;
  readonly dataDir: string;
  readonly hostname: string;
  readonly appVersion: string;
  /** When the process started, as the OS counts it (Linux: /proc/<pid>/stat), so a reused pid is not mistaken for the holder. */
  readonly processStart?: string;
  /** Tells this holder's lock from a later one at the same path. */
  readonly token: string;
}

/**
 * What the refused instance can do, by what it is. Browser mode is started by a command that takes another folder
 * (--data-dir, or the environment variable). The app reads neither: its folder is always Electron's own (as
 * data-dir.ts says of a folder it cannot make), so offering them would send the user to a switch that does nothing.
 */
function whatToDo(starting: InstanceKind): string {
  return starting === 'app' ? 'Close that one, then start the app again: the app always keeps its data in this folder.' : `Close that one, or start this one with another data folder (--data-dir, or ${DATA_DIR_ENV}).`;
}

/** The data folder is held by another instance that is still running. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: InstanceOwner,
    readonly lockFile: string,
    /** The instance that was refused: what it can do differs (only browser mode can take another folder). */
    starting: InstanceKind,
  ) {
    const here = owner.hostname === os.hostname();
    super(
      `The data folder ${dataDir} is in use by another Skill Inspector: ${owner.kind === 'app' ? 'the app' : 'browser mode'} (pid ${owner.pid}${here ? '' : ` on ${owner.hostname}`}), started ${owner.startedAt}. ` +
        `Two instances writing one folder would lose each other's approvals and servers. ${whatToDo(starting)}` +
        (here ? '' : ` If that instance is no longer running, delete ${lockFile}.`),
    );
    this.name = 'DataDirInUse';
  }
}

export interface InstanceLock {
  readonly file: string;
  readonly owner: InstanceOwner;
  /** Set when the folder could not be locked at all (a full or read-only disk): the app runs, and says so. */
  readonly warning?: string;
  /** Gives the folder up (only if this instance still holds it). */
  release(): Promise<void>;
}

export interface LockOptions {
  readonly kind: InstanceKind;
  readonly appVersion: string;
}

const MAX_LOCK_BYTES = 64 * 1024;
/** A takeover folder older than this belongs to a starter that died mid-takeover (it is held for milliseconds). */
const TAKEOVER_STALE_MS = 10_000;
const ATTEMPTS = 200;

/** Takes the data folder for this process, or throws DataDirInUse naming the instance that has it. */
export async function lockDataDir(dataDir: string, options: LockOptions): Promise<InstanceLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const owner: InstanceOwner = {
    pid: process.pid,
    kind: options.kind,
    startedAt: new Date().toISOString(),
    dataDir,
    hostname: os.hostname(),
    appVersion: options.appVersion,
    ...withProcessStart(process.pid),
    token: randomBytes(12).toString('hex'),
  };
  const side = path.join(dataDir, `${LOCK_FILE}.${process.pid}-${owner.token}.new`);
  try {
    await fs.writeFile(side, `${JSON.stringify(owner, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // A disk with no room (or none for writing) cannot hold a lock, nor anyone's saves: start, but say it is unguarded.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOSPC' && code !== 'EDQUOT' && code !== 'EROFS') throw error;
    await fs.rm(side, { force: true });
    return {
      file,
      owner,
      warning: `${file} could not be written (${code}), so this instance does not hold the data folder: do not start a second Skill Inspector on ${dataDir} until there is room on the disk and this one is restarted.`,
      release: async () => undefined,
    };
  }
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        await fs.link(side, file);
        return held(file, owner);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = await readLock(file);
      if (current === 'missing') continue;
      if (current !== 'unreadable' && isRunning(current)) throw new DataDirInUse(dataDir, current, file, options.kind);
      await takeOver(file, current);
    }
    throw new Error(`Could not take ${file}: it kept changing while Skill Inspector started. Try again.`);
  } finally {
    await fs.rm(side, { force: true });
    await sweepSideFiles(dataDir);
  }
}

function held(file: string, owner: InstanceOwner): InstanceLock {
  // A process that ends without release (process.exit after a fatal error) still gives the folder back.
  const onExit = () => {
    try {
      if (readTokenSync(file) === owner.token) unlinkSync(file);
    } catch {
      // Gone already, or not ours.
    }
  };
  process.once('exit', onExit);
  let released = false;
  return {
    file,
    owner,
    release: async () => {
      if (released) return;
      released = true;
      process.removeListener('exit', onExit);
      const current = await readLock(file);
      if (typeof current === 'object' && current.token === owner.token) await fs.rm(file, { force: true });
    },
  };
}

/** The lock's token, read synchronously (at exit) without blocking on whatever may have replaced the file. */
function readTokenSync(file: string): string | undefined {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const buffer = Buffer.alloc(MAX_LOCK_BYTES);
    const length = readSync(fd, buffer, 0, buffer.byteLength, 0);
    return (JSON.parse(buffer.subarray(0, length).toString('utf8')) as Partial<InstanceOwner>).token;
  } finally {
    closeSync(fd);
  }
}

async function readLock(file: string): Promise<InstanceOwner | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await readRegularText(file, { maxBytes: MAX_LOCK_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return 'unreadable';
    // A symbolic link to nothing is there for link() (EEXIST) yet reads as missing: every attempt would look again, and
    // the start failed as "it kept changing". It is not a lock; taken over, the link itself is removed.
    return (await fs.lstat(file).then(() => true, () => false)) ? 'unreadable' : 'missing';
  }
  try {
    const value = JSON.parse(text) as Partial<InstanceOwner>;
    // A pid of 0 or below names a process group to kill(), which always "runs": such a lock was never ours.
    if (!Number.isSafeInteger(value.pid) || (value.pid as number) <= 0 || typeof value.token !== 'string' || typeof value.hostname !== 'string') return 'unreadable';
    return value as InstanceOwner;
  } catch {
    return 'unreadable';
  }
}

/** Whether the holder may still be running. On another host it cannot be checked, so it counts as running. */
function isRunning(owner: InstanceOwner): boolean {
  if (owner.hostname !== os.hostname()) return true;
  if (!pidRuns(owner.pid)) return false;
  // The pid runs; if the OS says it started at another time, it is a new process that got the same number.
  const now = processStartOf(owner.pid);
  return owner.processStart === undefined || now === undefined || now === owner.processStart;
}

/** Removes a stale lock, once, even when several instances start at the same moment. */
async function takeOver(file: string, stale: InstanceOwner | 'unreadable'): Promise<void> {
  const mutex = `${file}.takeover`;
  try {
    await fs.mkdir(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const stat = await fs.stat(mutex).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > TAKEOVER_STALE_MS) await fs.rm(mutex, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 25));
    return;
  }
  try {
    // Under the mutex, look again: another starter may have taken over already, and its lock is live.
    const now = await readLock(file);
    const same = now === 'unreadable' ? stale === 'unreadable' : typeof now === 'object' && typeof stale === 'object' && now.token === stale.token;
    if (same) await fs.rm(file, { force: true, recursive: true });
  } finally {
    await fs.rm(mutex, { recursive: true, force: true });
  }
}

/** Side files left by a starter killed between writing and linking. */
async function sweepSideFiles(dataDir: string): Promise<void> {
  const names = await fs.readdir(dataDir).catch(() => [] as string[]);
  for (const name of names) {
    const match = new RegExp(`^${LOCK_FILE.replace('.', '\\.')}\\.(\\d+)-[0-9a-f]+\\.new$`).exec(name);
    if (!match) continue;
    if (!pidRuns(Number(match[1]))) await fs.rm(path.join(dataDir, name), { force: true });
  }
}

function withProcessStart(pid: number): { processStart?: string } {
  const start = processStartOf(pid);
  return start !== undefined ? { processStart: start } : {};
}

/** Linux: the process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat). Elsewhere undefined. */
function processStartOf(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}
