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
import { NoteUnreadError, readNote, unreadInBrackets } from './unread-note.js';

export const KEPT_SIGN_INS_FILE = 'oauth-sign-ins.json';

const BACKENDS: ReadonlySet<string> = new Set<SecretBackend>(['keychain', 'safe-storage', 'encrypted-file']);

export class KeptSignIns {
  private entries: Map<string, SecretBackend> | undefined;
  /** Set when the system would not give the file's bytes: every save is refused, as it would forget what it notes. */
  private unread: NoteUnreadError | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly dataDir: string) {}

  get file(): string {
    return path.join(this.dataDir, KEPT_SIGN_INS_FILE);
  }

  private async load(): Promise<Map<string, SecretBackend>> {
    if (this.entries) return this.entries;
    const entries = new Map<string, SecretBackend>();
    const { json, unread } = await readNote(this.file);
    if (unread) this.unread ??= new NoteUnreadError(this.file, unread, 'sign-ins');
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      for (const [key, value] of Object.entries(json as Record<string, unknown>)) if (typeof value === 'string' && BACKENDS.has(value)) entries.set(key, value as SecretBackend);
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
    return this.unread?.problem('Meanwhile a sign-in the secret store no longer gives cannot be told apart from one never made.');
  }

  /**
   * Said by a connection that finds no sign-in while the note could not be read: the app cannot tell a sign-in the
   * store lost from none. Undefined when the note was read (or not yet asked for).
   */
  unknownWords(): string | undefined {
    if (!this.unread) return undefined;
    return `Whether you signed in to it before is not known: ${this.file}, where the app notes which sign-ins it kept, could not be read (${unreadInBrackets(this.unread.unread)}), so a sign-in the secret store no longer gives cannot be told apart from none.`;
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
