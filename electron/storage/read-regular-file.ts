// The one way the app reads a file from a path someone else controls (a config
// to import, a local skill, a lockfile, its own stores, which a person or
// another program can replace). A FIFO, a device, a socket or a folder is
// refused before a single byte is read: opening is non-blocking, so a FIFO with
// no writer cannot park one of libuv's four I/O threads (four of them froze
// every disk write and made the app deaf to SIGTERM), and the type is checked
// on the OPEN handle, so a file swapped after a stat cannot slip through.
// Reads are bounded by the bytes actually read, not by the size stat reports:
// /proc files say 0, a growing file says less than it will be, /dev/zero never ends.
import { constants, promises as fs, type Stats } from 'node:fs';

export interface ReadLimits {
  /** More bytes than this and the read stops with FileTooLarge. */
  readonly maxBytes: number;
  /**
   * Follow a symbolic link at the path (the default, as every editor does for a
   * config). The local-skills scan passes false: it resolves links itself and
   * must not follow one swapped in after its walk.
   */
  readonly followSymlinks?: boolean;
}

/** What a non-regular file is, in words, for a message. */
export function fileKindOf(stat: Stats): string {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isSocket()) return 'a socket';
  if (stat.isSymbolicLink()) return 'a symbolic link';
  return stat.isFile() ? 'a regular file' : 'not a regular file';
}

/** The path is not a regular file: nothing was read from it. */
export class NotARegularFile extends Error {
  /** Like a system error's code, so callers that switch on `code` can tell it apart. */
  readonly code = 'ENOTREG';
  constructor(
    readonly file: string,
    /** "a named pipe (FIFO)", "a character device", … */
    readonly kind: string,
  ) {
    super(`${file} is ${kind}, not a regular file; it was not read.`);
    this.name = 'NotARegularFile';
  }

  /** The message without the path, for callers that name the file themselves. */
  get reason(): string {
    return `it is ${this.kind}, not a regular file; it was not read.`;
  }
}

/** The file holds more than the limit: the read stopped there and nothing is returned. */
export class FileTooLarge extends Error {
  readonly code = 'EFBIG';
  constructor(
    readonly file: string,
    readonly maxBytes: number,
  ) {
    super(`${file} is larger than ${maxBytes} bytes; it was not read.`);
    this.name = 'FileTooLarge';
  }

  get reason(): string {
    return `it is larger than ${this.maxBytes} bytes; it was not read.`;
  }
}

const MIN_CHUNK = 8 * 1024;
const MAX_CHUNK = 16 * 1024 * 1024;

/**
 * Reads a whole regular file, at most `maxBytes` of it. Throws NotARegularFile
 * for anything else, FileTooLarge past the limit, and the system error (with
 * its code: ENOENT, EACCES, ELOOP…) when the path cannot be opened.
 */
export async function readRegularFile(file: string, limits: ReadLimits): Promise<Buffer> {
  const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (limits.followSymlinks === false ? (constants.O_NOFOLLOW ?? 0) : 0);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, flags);
  } catch (error) {
    // A socket cannot be opened at all (ENXIO on Linux, EOPNOTSUPP on macOS): say what it is instead.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENXIO' || code === 'EOPNOTSUPP' || code === 'EISDIR') {
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && !stat.isFile()) throw new NotARegularFile(file, fileKindOf(stat));
    }
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new NotARegularFile(file, fileKindOf(stat));
    // A size over the limit needs no reading; a smaller one proves nothing, so the read below still counts.
    if (stat.size > limits.maxBytes) throw new FileTooLarge(file, limits.maxBytes);
    return await readBounded(handle, file, stat.size, limits.maxBytes);
  } finally {
    await handle.close();
  }
}

/** readRegularFile as UTF-8 text. */
export async function readRegularText(file: string, limits: ReadLimits): Promise<string> {
  return (await readRegularFile(file, limits)).toString('utf8');
}

async function readBounded(handle: fs.FileHandle, file: string, statSize: number, maxBytes: number): Promise<Buffer> {
  // One byte past the limit is enough to know the file is over it.
  const limit = maxBytes + 1;
  const chunks: Buffer[] = [];
  let total = 0;
  let exact = false;
  // The stat size is only a hint for the first buffer (plus one byte, so a file of exactly that size ends in one read).
  let want = Math.max(MIN_CHUNK, Math.min(statSize + 1, MAX_CHUNK));
  while (total < limit) {
    const buffer = Buffer.allocUnsafeSlow(Math.min(want, limit - total));
    const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, null);
    if (bytesRead === 0) break;
    exact = bytesRead === buffer.byteLength;
    chunks.push(exact ? buffer : buffer.subarray(0, bytesRead));
    total += bytesRead;
    want = Math.min(want * 2, MAX_CHUNK);
  }
  if (total > maxBytes) throw new FileTooLarge(file, maxBytes);
  // A part-filled buffer is copied out, so a small file does not keep a large allocation alive.
  return chunks.length === 1 && exact ? chunks[0]! : Buffer.concat(chunks, total);
}
