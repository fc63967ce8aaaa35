// The short exclusive lock each save of an OAuth note holds while it re-reads
// the note and writes it back (shared-note.ts). The app and the commands
// (`check --oauth`) write these notes in one data folder at once: the
// commands do not hold the folder's instance lock (storage/instance-lock.ts),
// since they run beside the app. Without it, a save wrote what its process had
// read at its start, and lost what the other saved meanwhile.
//
// proper-lockfile (as `lock` uses for lockfiles, cli/lockfile-io.ts): the
// lock, `<file>.lock`, is held for one read and one write, so one a killed
// holder left costs the next save at most its stale time. Not for the data
// folder's own lock, which a process holds for as long as it runs.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { StoreWriteError } from '../storage/atomic-file.js';

/** A lock whose holder stopped refreshing it (killed) for this long is taken over. */
const STALE_MS = 10_000;

/** 10 ms growing to 0.5 s between tries, about 12 s in all: past STALE_MS, so a lock left by a killed save is taken over. */
const WAIT = { retries: 40, factor: 1.2, minTimeout: 10, maxTimeout: 500 };

/** Another process held the note's lock for longer than a save takes, and did not let it go. */
export class NoteLockedError extends Error {
  readonly code = 'ELOCKED';
  constructor(readonly file: string) {
    super(
      `Could not save ${path.basename(file)} because another Skill Inspector (the app or a command) held ${file}.lock for longer than a save takes. Nothing was written; try again, or remove ${file}.lock if no Skill Inspector is running.`,
    );
    this.name = 'NoteLockedError';
  }
}

/** Runs `work` holding `<file>.lock`; a lock that cannot be made (a read-only folder) fails as a save would. */
export async function withNoteLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  // The lock is a folder beside the note: the data folder must exist (a first save makes it).
  await fs.mkdir(path.dirname(file), { recursive: true }).catch((error: unknown) => {
    throw new StoreWriteError(file, error);
  });
  // Loaded only to save: it brings signal-exit and graceful-fs, which patch process-wide hooks.
  const { lock } = await import('proper-lockfile');
  let lost: Error | undefined;
  const release = await lock(file, { realpath: false, stale: STALE_MS, retries: WAIT, onCompromised: (error) => (lost = error) }).catch((error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === 'ELOCKED' ? new NoteLockedError(file) : new StoreWriteError(file, error);
  });
  try {
    return await work();
  } finally {
    // A lost lock (not refreshed for STALE_MS: a stalled disk) is no longer ours to remove.
    if (!lost) await release().catch(() => undefined);
  }
}
