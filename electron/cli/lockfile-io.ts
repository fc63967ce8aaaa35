// Reading and writing lockfiles on disk. Writes go through storage/ so a
// lockfile is replaced whole or not at all.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { FileTooLarge, NotARegularFile, readRegularText } from '../storage/read-regular-file.js';
import { LockfileError, parseLockfile, serializeLockfile, type Lockfile } from './lockfile.js';

/** A lockfile pins every file of every skill; one this large is not a lockfile. */
export const MAX_LOCKFILE_BYTES = 256 * 1024 * 1024;

/** How `lock` retries a lockfile another run is writing (proper-lockfile's `retries`: the `retry` package's backoff, in ms). */
export interface LockWait {
  readonly retries: number;
  readonly factor: number;
  readonly minTimeout: number;
  readonly maxTimeout: number;
}

/** 0.1 s doubling to 1 s between tries, 2.5 s in all: another run holds the lock only while it reads, merges and writes. */
export const LOCK_WAIT: LockWait = { retries: 5, factor: 2, minTimeout: 100, maxTimeout: 1000 };

/** proper-lockfile's default: a lock whose holder stopped refreshing it (killed) for this long is taken over. */
const STALE_MS = 10_000;

export async function readLockfile(file: string): Promise<Lockfile> {
  const found = await readLockfileIfExists(file);
  if (!found) throw new LockfileError(file, 'no such file. Write one with "skill-inspector lock".');
  return found;
}

export async function readLockfileIfExists(file: string): Promise<Lockfile | undefined> {
  let text: string;
  try {
    text = await readRegularText(file, { maxBytes: MAX_LOCKFILE_BYTES });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (error instanceof NotARegularFile || error instanceof FileTooLarge) throw new LockfileError(file, error.reason);
    throw new LockfileError(file, `cannot be read (${code ?? String(error)}).`);
  }
  return parseLockfile(text, file);
}

export async function writeLockfile(file: string, lockfile: Lockfile): Promise<void> {
  // No .bak beside a lockfile: it lives in the user's repository, where git keeps the history. Committed and read by
  // CI and teammates, it is an ordinary file: created as the umask says (644 under 022), as `>` or an editor would.
  await writeFileAtomic(file, serializeLockfile(lockfile), { backup: false, mode: 0o666 });
}

/**
 * Reads the lockfile, applies `change` to what is there now and writes the
 * result, holding `<file>.lock` throughout. `lock` reads a server for seconds
 * between its first read of the file and its write; another `lock` run on the
 * same file may write meanwhile, so the section that run wrote is kept only if
 * the merge starts from the file as it is at the write. A file damaged since
 * the first read is not overwritten (LockfileError, as that read).
 *
 * proper-lockfile suits this lock, unlike the data folder's (storage/instance-lock.ts):
 * it is held for one read and one write, so a lock left by kill -9 costs the
 * next run at most its stale time, and a lock found compromised is reported
 * here rather than thrown from proper-lockfile's timer.
 */
export async function updateLockfile(file: string, change: (existing: Lockfile | undefined) => Lockfile, wait: LockWait = LOCK_WAIT): Promise<Lockfile> {
  // The lock is a folder beside the file, so the file's folder must exist; realpath: false locks a file not written yet.
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Loaded only to write: verify, diff and the gateway read lockfiles, and proper-lockfile brings signal-exit and graceful-fs, which patch process-wide hooks.
  const { lock } = await import('proper-lockfile');
  let lost: Error | undefined;
  const release = await lock(file, { realpath: false, stale: STALE_MS, retries: { ...wait }, onCompromised: (error) => (lost = error) }).catch((error: unknown) => {
    throw lockRefused(file, error);
  });
  try {
    const updated = change(await readLockfileIfExists(file));
    await writeLockfile(file, updated);
    // Only when the lock could not be kept fresh for STALE_MS (a stalled disk): another run may have taken it and written too.
    if (lost) throw new LockfileError(file, `the lock on it was lost while writing (${lost.message}); another "skill-inspector lock" run may have written it at the same time. Run lock again.`);
    return updated;
  } finally {
    // A lost lock is no longer ours to remove.
    if (!lost) await release();
  }
}

function lockRefused(file: string, error: unknown): LockfileError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOCKED') {
    return new LockfileError(
      file,
      `another "skill-inspector lock" run holds it (${file}.lock). Try again once that run has finished; the lock of a run that was killed is taken over once it is ${STALE_MS / 1000} s old.`,
    );
  }
  return new LockfileError(file, `cannot be locked for writing: ${file}.lock could not be made (${code ?? String(error)}).`);
}
