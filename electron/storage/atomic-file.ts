// The only code that writes the app's files. A write either lands whole or not
// at all: temp file in the same folder, fsync, rename over the target, fsync the
// folder. The previous good version is kept as `<file>.bak` so a file damaged
// outside our control (a disk error, a hand edit) can be recovered.
import { randomBytes } from 'node:crypto';
import { promises as fs, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { stampOf, type FileStamp } from './file-stamp.js';

async function fsyncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, fsConstants.O_RDONLY);
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic.
  } finally {
    await handle?.close();
  }
}

/**
 * Writes `data` to `file` atomically. The old content, if any, becomes `<file>.bak`.
 * Returns the stamp of the file written, taken before it was renamed into place:
 * a store that keeps what it wrote can tell its own version from one another
 * writer renamed in just after.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, options: { backup?: boolean; mode?: number } = {}): Promise<FileStamp> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: fs.FileHandle | undefined;
  try {
    // The app's own files are 600; a file meant to be shared (a lockfile, a receipt) passes 0o666, which the umask narrows.
    handle = await fs.open(temp, 'wx', options.mode ?? 0o600);
    await handle.writeFile(data);
    await handle.sync();
    const written = stampOf(await handle.stat({ bigint: true }));
    await handle.close();
    handle = undefined;
    if (options.backup !== false) {
      // A hard link keeps the old version complete at every instant: the backup
      // appears whole, then the rename replaces the target whole.
      const backup = `${file}.bak`;
      const backupTemp = `${backup}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        // Only a regular file is worth keeping: a FIFO or device put in the store's place must not become the backup.
        if (!(await fs.stat(file)).isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOENT' });
        await fs.link(file, backupTemp);
        await fs.rename(backupTemp, backup);
      } catch (error) {
        await fs.rm(backupTemp, { force: true });
        // Nothing to keep: no file, or a link that loops (the rename below replaces the link, not what it names).
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ELOOP') throw error;
      }
    }
    await fs.rename(temp, file);
    await fsyncDir(dir);
    return written;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw new StoreWriteError(file, error);
  }
}

const WRITE_FAILURES: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission was denied',
  EPERM: 'the operation was not permitted',
  EIO: 'the disk reported an input/output error',
  // Something other than a file took the store's place (a FIFO with no reader answers ENXIO).
  ENOTREG: 'its place holds something that is not a regular file (a pipe, device or folder)',
  ENXIO: 'its place holds something that is not a regular file (a pipe, device or folder)',
};

/**
 * A save that did not happen, said so a person can act on it. The previous
 * version is still on disk (the write goes to a temp file first); the system
 * error stays as `cause`, and its `code` is kept for callers that check it.
 */
export class StoreWriteError extends Error {
  readonly code: string | undefined;

  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    // A rename cannot replace a folder (a pipe or device it replaces): the store's place or its backup's holds one.
    const folder = code === 'EISDIR' ? ((cause as { dest?: unknown }).dest ?? file) : undefined;
    const reason =
      typeof folder === 'string'
        ? `${folder} is a folder, where the app keeps its ${folder === file ? 'file' : 'backup'}`
        : ((code !== undefined ? WRITE_FAILURES[code] : undefined) ?? (cause instanceof Error ? cause.message : String(cause)));
    const inTheWay = typeof folder === 'string' ? folder : code === 'ENOTREG' || code === 'ENXIO' ? file : undefined;
    super(
      `Could not save ${path.basename(file)} because ${reason}${code ? ` (${code})` : ''}. The previous version on disk is unchanged; ${inTheWay !== undefined ? `move ${inTheWay} away (the app did not put it there)` : "free some disk space or fix the folder's permissions"}, then try again.`,
      { cause },
    );
    this.name = 'StoreWriteError';
    this.code = code;
  }
}

/**
 * Removes temp files a killed writer left behind. With `name`, only those of
 * that file (`.<name>.<pid>.<hex>.tmp` and `<name>.bak.<hex>.tmp`): stores
 * that share a folder (one history file per server) load while their
 * neighbours save, and sweeping every `.tmp` took a neighbour's temp file
 * between its write and its rename, so that save failed.
 */
export async function sweepTempFiles(dir: string, name?: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  const ours = (n: string) => name === undefined || n.startsWith(`.${name}.`) || n.startsWith(`${name}.bak.`);
  await Promise.all(
    names.filter((n) => n.endsWith('.tmp') && ours(n)).map((n) => fs.rm(path.join(dir, n), { force: true }).catch(() => undefined)),
  );
}
