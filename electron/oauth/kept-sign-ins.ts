// Which OAuth sign-ins the app has kept in the secret store, and in which
// store: a note in the data folder (oauth-sign-ins.json), so a sign-in whose
// record the store no longer gives (its keychain entry deleted by another
// program, an entry that no longer decrypts, a locked or absent keychain) is
// told apart from never having signed in. The record itself is all in the
// store (tokens, verifier, client): the note holds only the key and the
// store's kind, no token, no address.
//
// A note the system will not let the app read (EACCES, EIO, a folder in its
// place) is not "no sign-in kept": it is said, and never saved over until a
// restart reads it, as the app's other stores do (storage/json-store.ts).
import path from 'node:path';
import type { SecretBackend } from '../secrets/secret-store.js';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { READ_FAILURES } from '../storage/json-store.js';
import { FileTooLarge, NotARegularFile, readRegularFile } from '../storage/read-regular-file.js';

export const KEPT_SIGN_INS_FILE = 'oauth-sign-ins.json';

/** A key and a store's kind per sign-in: far below this even for thousands of servers. */
const MAX_NOTE_BYTES = 4 * 1024 * 1024;

/** Why the note could not be read, in words, with the system's code when it gave one ("the disk reported an input/output error", EIO). */
interface Unread {
  readonly reason: string;
  readonly code?: string;
}

function unreadOf(error: unknown): Unread {
  if (error instanceof NotARegularFile) return { reason: `it is ${error.kind}, not a regular file` };
  if (error instanceof FileTooLarge) return { reason: `it is larger than ${error.maxBytes} bytes` };
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return { reason: 'it is a symbolic link that leads round in a loop' };
  const known = code !== undefined ? READ_FAILURES[code] : undefined;
  return known !== undefined ? { reason: known, code: code! } : { reason: error instanceof Error ? error.message : String(error) };
}

/** A save refused: the note could not be read at start, and writing it would forget every sign-in it notes. */
export class KeptSignInsUnread extends Error {
  readonly code = 'EUNREAD';
  constructor(
    readonly file: string,
    readonly unread: Unread,
  ) {
    super(
      `Could not note the sign-in in ${path.basename(file)} because it could not be read when the app started (${unread.reason}${unread.code ? `, ${unread.code}` : ''}), and a save would replace the sign-ins it notes. Nothing was written; fix the file or the disk, then restart the app.`,
    );
    this.name = 'KeptSignInsUnread';
  }
}

const BACKENDS: ReadonlySet<string> = new Set<SecretBackend>(['keychain', 'safe-storage', 'encrypted-file']);

export class KeptSignIns {
  private entries: Map<string, SecretBackend> | undefined;
  /** Set when the system would not give the file's bytes: every save is refused, as it would forget what it notes. */
  private unread: KeptSignInsUnread | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly dataDir: string) {}

  get file(): string {
    return path.join(this.dataDir, KEPT_SIGN_INS_FILE);
  }

  private async load(): Promise<Map<string, SecretBackend>> {
    if (this.entries) return this.entries;
    const entries = new Map<string, SecretBackend>();
    let bytes: Buffer | undefined;
    try {
      bytes = await readRegularFile(this.file, { maxBytes: MAX_NOTE_BYTES });
    } catch (error) {
      // No file: no sign-in kept yet. Any other failure leaves what it notes unknown, which is not "none".
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.unread ??= new KeptSignInsUnread(this.file, unreadOf(error));
    }
    try {
      const json = bytes === undefined ? undefined : (JSON.parse(bytes.toString('utf8')) as unknown);
      if (json && typeof json === 'object' && !Array.isArray(json)) {
        for (const [key, value] of Object.entries(json as Record<string, unknown>)) if (typeof value === 'string' && BACKENDS.has(value)) entries.set(key, value as SecretBackend);
      }
    } catch {
      // Read but not JSON: a lost sign-in then reads as never signed in, as before.
    }
    this.entries ??= entries;
    return this.entries;
  }

  /**
   * Reads the note (once): what to tell the person when the system would not let the app read it, which file and
   * why; undefined when it was read or is not there.
   */
  async check(): Promise<string | undefined> {
    await this.load();
    if (!this.unread) return undefined;
    const name = path.basename(this.file);
    const { reason, code } = this.unread.unread;
    return `${this.file} could not be read because ${reason}${code ? ` (${code})` : ''}. The app started without it, and nothing is saved to ${name} until the app can read it, so none of the sign-ins it notes is forgotten: fix the file or the disk, then restart the app. Meanwhile a sign-in the secret store no longer gives cannot be told apart from one never made.`;
  }

  /**
   * Said by a connection that finds no sign-in while the note could not be read: the app cannot tell a sign-in the
   * store lost from none. Undefined when the note was read (or not yet asked for).
   */
  unknownWords(): string | undefined {
    if (!this.unread) return undefined;
    const { reason, code } = this.unread.unread;
    return `Whether you signed in to it before is not known: ${this.file}, where the app notes which sign-ins it kept, could not be read (${reason}${code ? `, ${code}` : ''}), so a sign-in the secret store no longer gives cannot be told apart from none.`;
  }

  /** The store a sign-in under this key was last kept in; undefined when none is noted (or the note could not be read: unknownWords). */
  async storeOf(key: string): Promise<SecretBackend | undefined> {
    return (await this.load()).get(key);
  }

  /** A sign-in (tokens) under this key is in this store now. */
  kept(key: string, backend: SecretBackend): Promise<void> {
    return this.save((entries) => void entries.set(key, backend));
  }

  /** No sign-in under this key is kept any more (signed out, its tokens dropped, the server removed). */
  gone(key: string): Promise<void> {
    return this.save((entries) => void entries.delete(key));
  }

  private save(edit: (entries: Map<string, SecretBackend>) => void): Promise<void> {
    const next = this.queue
      .catch(() => undefined)
      .then(async () => {
        const entries = await this.load();
        if (this.unread) throw this.unread;
        const before = JSON.stringify(Object.fromEntries(entries));
        edit(entries);
        const after = JSON.stringify(Object.fromEntries(entries));
        if (after !== before) await writeFileAtomic(this.file, `${after}\n`);
      });
    this.queue = next;
    return next;
  }
}
