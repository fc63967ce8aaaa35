// Append-only JSON Lines (the audit log). Each record is appended whole and
// fsynced; a write the disk refuses part of is cut back, so a full disk never
// leaves half a record. A process killed mid-write leaves at most one torn last
// line, which reading skips and reports instead of failing.
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { StoreWriteError } from './atomic-file.js';
import { isUtf8 } from 'node:buffer';
import { NotARegularFile, fileKindOf, readRegularFile } from './read-regular-file.js';

/** The audit log is read whole; one this big is not the app's (a line is a few hundred bytes). */
export const MAX_LOG_BYTES = 256 * 1024 * 1024;

/**
 * Opens the log without blocking (a FIFO in its place would park an I/O
 * thread: O_WRONLY waits for a reader, O_RDONLY for a writer) and refuses
 * anything that is not a regular file. A symbolic link is not followed
 * (O_NOFOLLOW; where the platform has none, an lstat first): appending through
 * one would add the app's entries to whatever file it names.
 */
async function openRegular(file: string, flags: number, mode?: number): Promise<fs.FileHandle> {
  await refuseLinkWithoutNoFollow(file);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, flags | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0), mode);
  } catch (error) {
    throw linkRefused(file, error);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new NotARegularFile(file, fileKindOf(stat));
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Where the platform has no O_NOFOLLOW (Windows), a link is looked for before the open. */
async function refuseLinkWithoutNoFollow(file: string): Promise<void> {
  if (constants.O_NOFOLLOW !== undefined) return;
  const stat = await fs.lstat(file).catch(() => undefined);
  if (stat?.isSymbolicLink()) throw new NotARegularFile(file, fileKindOf(stat));
}

/** ELOOP from an open with O_NOFOLLOW is a link at the path: said as what it is; any other error as it was. */
function linkRefused(file: string, error: unknown): unknown {
  return (error as NodeJS.ErrnoException).code === 'ELOOP' ? new NotARegularFile(file, 'a symbolic link') : error;
}

/** An append refused because a symbolic link holds the log's place. */
export class LinkInPlace extends StoreWriteError {
  constructor(file: string, cause: NotARegularFile) {
    super(file, cause);
    this.message = `Could not save ${path.basename(file)} because ${file} is a symbolic link, and the app appends only to a file of its own: the entry would have gone to the file the link names. Nothing was written; move ${file} away (the app did not put it there), then try again.`;
    this.name = 'LinkInPlace';
  }
}

export interface JsonlRead<T> {
  readonly records: T[];
  /** 1-based line numbers that could not be parsed (a torn tail, or damage). */
  readonly badLines: number[];
}

export class JsonlLog<T> {
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  append(record: T): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    const next = this.writing.then(async () => {
      try {
        await fs.mkdir(path.dirname(this.file), { recursive: true });
        await this.healTornTail();
        await this.appendWhole(Buffer.from(line));
      } catch (error) {
        if (error instanceof NotARegularFile && error.kind === 'a symbolic link') throw new LinkInPlace(this.file, error);
        throw error instanceof StoreWriteError ? error : new StoreWriteError(this.file, error);
      }
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  async read(): Promise<JsonlRead<T>> {
    let bytes: Buffer;
    try {
      // Not through a link either: the log is the app's own file, not one that reads another's lines as entries.
      await refuseLinkWithoutNoFollow(this.file);
      bytes = await readRegularFile(this.file, { maxBytes: MAX_LOG_BYTES, followSymlinks: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], badLines: [] };
      throw linkRefused(this.file, error);
    }
    const records: T[] = [];
    const badLines: number[] = [];
    // Line by line as bytes: the app appends UTF-8 only, so a line that is not (a bit flipped on disk) is damage,
    // not an entry with U+FFFD in it.
    let start = 0;
    const lines: (string | undefined)[] = [];
    while (start <= bytes.length) {
      const end = bytes.indexOf(0x0a, start);
      const line = bytes.subarray(start, end < 0 ? bytes.length : end);
      lines.push(isUtf8(line) ? line.toString('utf8') : undefined);
      start = end < 0 ? bytes.length + 1 : end + 1;
    }
    lines.forEach((line, index) => {
      if (line === undefined) {
        badLines.push(index + 1);
        return;
      }
      if (line.trim() === '') return;
      try {
        records.push(JSON.parse(line) as T);
      } catch {
        badLines.push(index + 1);
      }
    });
    return { records, badLines };
  }

  /**
   * Appends every byte or none: a full disk can accept part of a write (a
   * short write, not an error), and the rest then fails; whatever landed is
   * cut off again, so the log never ends in half a record.
   */
  private async appendWhole(bytes: Buffer): Promise<void> {
    const handle = await openRegular(this.file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600);
    let before: number | undefined;
    try {
      before = (await handle.stat()).size;
      let done = 0;
      while (done < bytes.byteLength) {
        const { bytesWritten } = await handle.write(bytes, done, bytes.byteLength - done);
        if (bytesWritten <= 0) throw Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC' });
        done += bytesWritten;
      }
      await handle.sync();
    } catch (error) {
      if (before !== undefined) await handle.truncate(before).catch(() => undefined);
      throw error;
    } finally {
      await handle.close();
    }
  }

  /** A torn last line (no newline) would glue onto the next record; end it first. */
  private async healTornTail(): Promise<void> {
    let handle: fs.FileHandle | undefined;
    try {
      handle = await openRegular(this.file, constants.O_RDONLY);
      const { size } = await handle.stat();
      if (size === 0) return;
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) {
        await handle.close();
        handle = undefined;
        await fs.appendFile(this.file, '\n');
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    } finally {
      await handle?.close();
    }
  }
}
