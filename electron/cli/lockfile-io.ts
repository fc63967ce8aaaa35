// Reading and writing lockfiles on disk. Writes go through storage/ so a
// lockfile is replaced whole or not at all.
import { writeFileAtomic } from '../storage/atomic-file.js';
import { FileTooLarge, NotARegularFile, readRegularText } from '../storage/read-regular-file.js';
import { LockfileError, parseLockfile, serializeLockfile, type Lockfile } from './lockfile.js';

/** A lockfile pins every file of every skill; one this large is not a lockfile. */
export const MAX_LOCKFILE_BYTES = 256 * 1024 * 1024;

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
  // No .bak beside a lockfile: it lives in the user's repository, where git keeps the history.
  await writeFileAtomic(file, serializeLockfile(lockfile), { backup: false });
}
