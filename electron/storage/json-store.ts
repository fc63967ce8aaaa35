// A JSON document on disk with a schema, atomic writes and recovery. Loading
// never silently resets: a damaged file is reported, the backup is used, and
// the damaged copy is kept beside it for a person to look at.
import path from 'node:path';
import type { z } from 'zod';
import { sweepTempFiles, writeFileAtomic } from './atomic-file.js';
import { FileTooLarge, NotARegularFile, readRegularFile } from './read-regular-file.js';
import { keepDamaged } from './keep-damaged.js';
import { whereUtf8Stops } from './utf8.js';
import { whereJsonStops } from './where-json-stops.js';

/** No store the app writes comes near this; a bigger file is damage (or /dev/zero behind a link), and is not read. */
export const MAX_STORE_BYTES = 256 * 1024 * 1024;

export interface StoreProblem {
  readonly file: string;
  readonly message: string;
  /** Where the damaged file was moved, so nothing is lost. */
  readonly keptAs?: string;
  /** Where a damaged backup was copied, so the saves that follow (which replace the .bak) lose nothing. */
  readonly backupKeptAs?: string;
  readonly recoveredFrom: 'backup' | 'default';
  /** The system would not let the app read the file or its backup (EACCES, EIO…): every save is refused until a restart reads it. */
  readonly unreadable?: true;
}

export interface LoadResult<T> {
  readonly value: T;
  readonly problem?: StoreProblem;
}

/** Why a file was not read. A pipe or device (`special`) is replaced by the next save's rename; a folder is not, and blocks every save. */
interface Refused {
  readonly refused: string;
  readonly special: boolean;
  readonly folder: boolean;
  /** Over MAX_STORE_BYTES: kept by moving it, as a copy could take minutes and fill the disk (a sparse file says any size). */
  readonly tooLarge?: true;
}

/** The system would not let the app read the file (permission denied, a disk error): what it holds is unknown, not damaged. */
interface Unreadable {
  readonly unreadable: string;
  readonly code: string | undefined;
}

export const READ_FAILURES: Readonly<Record<string, string>> = {
  EACCES: 'permission was denied',
  EPERM: 'the operation was not permitted',
  EIO: 'the disk reported an input/output error',
  ENOTDIR: 'a part of its path is a file, not a folder',
  ENAMETOOLONG: 'its path is too long',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
};

function isUnreadable(read: Buffer | Refused | Unreadable | undefined): read is Unreadable {
  return read !== undefined && !Buffer.isBuffer(read) && 'unreadable' in read;
}

/** A save refused because the store's file (or its backup) could not be read at load: it would replace what the file holds. */
export class StoreUnreadError extends Error {
  readonly code = 'EUNREAD';
  constructor(
    readonly file: string,
    why: Unreadable,
  ) {
    super(
      `Could not save ${path.basename(file)} because it could not be read when the app started (${why.unreadable}${why.code ? `, ${why.code}` : ''}), and a save would replace what it holds. Nothing was written; fix the file or the disk, then restart the app.`,
    );
    this.name = 'StoreUnreadError';
  }
}

/** What a store's load says of a folder in the place of `file`: the app does not remove one, so nothing is saved until it goes. */
function untilMoved(file: string, why = true): string {
  return `nothing can be saved until ${file} is moved away${why ? ' (the app does not remove a folder)' : ''}`;
}

/**
 * The file's bytes; `undefined` when there is none; `{ refused }` when it is not a regular file or is too large to be
 * ours; `{ unreadable }` when the system would not give its bytes (what it holds is unknown, so it is not damage).
 */
async function readIfExists(file: string): Promise<Buffer | Refused | Unreadable | undefined> {
  try {
    return await readRegularFile(file, { maxBytes: MAX_STORE_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // A link that leads round in a loop holds nothing, as a pipe does; the next save's rename replaces the link itself.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return { refused: 'it is a symbolic link that leads round in a loop, not a regular file', special: true, folder: false };
    if (error instanceof NotARegularFile) return { refused: `it is ${error.kind}, not a regular file`, special: true, folder: error.kind === 'a folder' };
    if (error instanceof FileTooLarge) return { refused: `it is larger than ${error.maxBytes} bytes`, special: false, folder: false, tooLarge: true };
    const code = (error as NodeJS.ErrnoException).code;
    return { unreadable: (code !== undefined ? READ_FAILURES[code] : undefined) ?? (error instanceof Error ? error.message : String(error)), code };
  }
}

function describe(error: unknown, text: string): string {
  // Not JSON.parse's message: it quotes the text around the fault, and a store can hold a secret (where-json-stops.ts).
  if (error instanceof SyntaxError) {
    const where = whereJsonStops(text);
    return `it is not valid JSON${where ? ` (${where})` : ''}`;
  }
  if (error && typeof error === 'object' && 'issues' in error) {
    const issues = (error as z.ZodError).issues.slice(0, 3);
    return `it does not have the expected shape (${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')})`;
  }
  return String(error);
}

export class JsonStore<T> {
  private writing: Promise<void> = Promise.resolve();
  /** Set when the load could not read the file or its backup: a save then would replace bytes nobody has seen. */
  private unread: Unreadable | undefined;

  constructor(
    readonly file: string,
    private readonly schema: { parse(value: unknown): T },
    private readonly initial: () => T,
    /**
     * `byteOrderMark: 'accept'`: a leading UTF-8 byte order mark (a hand edit saved by Notepad) is read past. Only for
     * a store no other program reads: the gateway parses approvals.json and servers.json itself and refuses a mark,
     * so the app accepting one there would show decisions the gateway does not serve.
     */
    private readonly options: { byteOrderMark?: 'accept' } = {},
  ) {}

  async load(): Promise<LoadResult<T>> {
    await sweepTempFiles(path.dirname(this.file), path.basename(this.file));
    this.unread = undefined;
    const main = await readIfExists(this.file);
    if (isUnreadable(main)) return this.startUnread(this.file, main);
    if (main === undefined) {
      const backup = await readIfExists(`${this.file}.bak`);
      if (backup === undefined) return { value: this.initial() };
      if (isUnreadable(backup)) return this.startUnread(`${this.file}.bak`, backup);
      // The main file is gone but its backup is here: someone deleted it, or a
      // rename never landed. Use the backup rather than starting empty.
      const parsed = Buffer.isBuffer(backup) ? this.tryParse(backup) : ({ ok: false, message: backup.refused } as const);
      if (parsed.ok) {
        const unsaved = await this.saveRecovered(parsed.value);
        return {
          value: parsed.value,
          problem: { file: this.file, message: `The file was missing; its backup was restored.${unsaved}`, recoveredFrom: 'backup' },
        };
      }
      // Neither is usable: say so, and keep the damaged backup where no save reaches it (the second save replaces the .bak).
      const keptAs = await this.keepAside(`${this.file}.bak`, backup);
      return {
        value: this.initial(),
        problem: {
          file: this.file,
          message: `The file was missing, and its backup could not be read because ${parsed.message}. The app started with an empty store; ${keptAs ? 'the damaged backup was kept beside it' : !Buffer.isBuffer(backup) && backup.folder ? untilMoved(`${this.file}.bak`) : !Buffer.isBuffer(backup) && backup.special ? 'the first saves replace the backup with a regular file' : 'the damaged backup is still in place (a copy could not be made), and the second save replaces it'}.`,
          ...(keptAs ? { keptAs, backupKeptAs: keptAs } : {}),
          recoveredFrom: 'default',
        },
      };
    }
    const parsed = Buffer.isBuffer(main) ? this.tryParse(main) : ({ ok: false, message: main.refused } as const);
    if (parsed.ok) return { value: parsed.value };

    const keptAs = await this.keepAside(this.file, main);
    const kept = keptAs !== undefined;
    const backup = await readIfExists(`${this.file}.bak`);
    // The first save would make the damaged file the backup, in the place of one nobody could read.
    if (isUnreadable(backup)) return this.startUnread(`${this.file}.bak`, backup, keptAs);
    const fromBackup = Buffer.isBuffer(backup) ? this.tryParse(backup) : undefined;
    if (fromBackup?.ok) {
      const unsaved = await this.saveRecovered(fromBackup.value);
      return {
        value: fromBackup.value,
        problem: {
          file: this.file,
          message: `The file could not be read because ${parsed.message}. The last good version was restored from its backup.${unsaved}`,
          ...(kept ? { keptAs } : {}),
          recoveredFrom: 'backup',
        },
      };
    }
    // A backup that is there but unusable is kept too: the first save makes the damaged main file the .bak.
    const backupKeptAs = backup === undefined ? undefined : await this.keepAside(`${this.file}.bak`, backup);
    const backupSaid =
      backup === undefined
        ? 'and'
        : `and its backup could not be used either (${backupKeptAs ? `the damaged backup was kept as ${backupKeptAs}` : !Buffer.isBuffer(backup) && backup.folder ? `${backup.refused}; ${untilMoved(`${this.file}.bak`, false)}` : !Buffer.isBuffer(backup) && backup.special ? backup.refused : 'it could not be copied aside, and the first save replaces it'}):`;
    return {
      value: this.initial(),
      problem: {
        file: this.file,
        message: `The file could not be read because ${parsed.message}, ${backupSaid} no usable backup exists. The app started with an empty store; ${kept ? 'the damaged file was kept beside it' : !Buffer.isBuffer(main) && main.folder ? untilMoved(this.file) : !Buffer.isBuffer(main) && main.special ? 'the first save replaces it with a regular file' : 'the damaged file is still in place (a copy could not be made)'}.`,
        ...(kept ? { keptAs } : {}),
        ...(backupKeptAs ? { backupKeptAs } : {}),
        recoveredFrom: 'default',
      },
    };
  }

  /**
   * Starts without what the store holds and refuses every save: the file (or its backup, which the saves after
   * the first replace) may hold every approval or server the user has, and is not damaged, only not read now.
   */
  private startUnread(which: string, why: Unreadable, keptAs?: string): LoadResult<T> {
    this.unread = why;
    const name = path.basename(this.file);
    return {
      value: this.initial(),
      problem: {
        file: this.file,
        message: `${which} could not be read because ${why.unreadable}${why.code ? ` (${why.code})` : ''}. The app started without what it holds, and nothing is saved to ${name} until the app can read it, so nothing in it (or in its backup) is replaced: fix the file or the disk, then restart the app.${keptAs ? ` ${name} itself was damaged; it was kept as ${keptAs}.` : ''}`,
        ...(keptAs ? { keptAs } : {}),
        recoveredFrom: 'default',
        unreadable: true,
      },
    };
  }

  /**
   * Copies a damaged file to `<file>.damaged-<time>` (keep-damaged.ts), and
   * says where; moves it there when the copy fails (a full disk refuses it) or
   * would be too long (a file over MAX_STORE_BYTES);
   * undefined when there is nothing to keep or neither worked. A FIFO or a
   * device holds nothing to keep, and copying one would block or never end.
   */
  private async keepAside(file: string, read: Buffer | Refused | Unreadable): Promise<string | undefined> {
    if (isUnreadable(read) || (!Buffer.isBuffer(read) && read.special)) return undefined;
    // Left in place the damaged file would become the backup at the next save and be replaced at the one after.
    const kept = await keepDamaged(file, { move: !Buffer.isBuffer(read) && read.tooLarge === true });
    return 'keptAs' in kept ? kept.keptAs : undefined;
  }

  /** Writes back a recovered value; a failure (a full disk) must not stop the app from starting with it. */
  private async saveRecovered(value: T): Promise<string> {
    try {
      // No backup of the damaged file: the .bak must stay the good version it came from.
      await this.save(value, { backup: false });
      return '';
    } catch (error) {
      return ` It is in use, but could not be written back yet: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /** Writes are serialised so a later save never lands before an earlier one. */
  save(value: T, options: { backup?: boolean } = {}): Promise<void> {
    if (this.unread) return Promise.reject(new StoreUnreadError(this.file, this.unread));
    const text = `${JSON.stringify(value, null, 2)}\n`;
    const next = this.writing.then(async () => {
      await writeFileAtomic(this.file, text, options);
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  private tryParse(bytes: Buffer): { ok: true; value: T } | { ok: false; message: string } {
    // The app writes UTF-8 only: a byte that is not is damage, not a character to read as U+FFFD (utf8.ts).
    const notUtf8 = whereUtf8Stops(bytes);
    if (notUtf8 !== undefined) return { ok: false, message: `it is not valid UTF-8 (${notUtf8})` };
    const marked = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    if (marked && this.options.byteOrderMark !== 'accept') {
      return { ok: false, message: 'it begins with a UTF-8 byte order mark (bytes EF BB BF), which the app never writes and other readers of this file refuse' };
    }
    // The mark carries nothing: the JSON after it is the file, and the next save writes it without one.
    const text = bytes.toString('utf8', marked ? 3 : 0);
    try {
      return { ok: true, value: this.schema.parse(JSON.parse(text)) };
    } catch (error) {
      return { ok: false, message: describe(error, text) };
    }
  }
}
