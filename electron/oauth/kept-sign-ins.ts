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
// restart reads it, as the app's other stores do (storage/json-store.ts). One
// read but damaged is kept aside, said, and the sign-ins still whole in it
// are kept (damaged-note.ts). The command (`--oauth`) keeps its sign-ins in
// the same note, at the same time: each save re-reads it under a short lock
// and changes only its own entry (shared-note.ts).
import path from 'node:path';
import type { SecretBackend } from '../secrets/secret-store.js';
import { foundWords, objectOf, parseNote, shapeDamage } from './damaged-note.js';
import { SharedNote, type NoteReading } from './shared-note.js';
import { APP_READS, type NoteReader, unreadInBrackets } from './unread-note.js';

export const KEPT_SIGN_INS_FILE = 'oauth-sign-ins.json';

const BACKENDS: ReadonlySet<string> = new Set<SecretBackend>(['keychain', 'safe-storage', 'encrypted-file']);

/** Each `"key":"store"` whole in a damaged note's text; none whose key held a byte that was not UTF-8 (U+FFFD). */
function* keptIn(text: string): Generator<[string, SecretBackend]> {
  // A key is a JSON string: no quote or backslash but escaped, no control character (JSON.parse below refuses those).
  for (const [, quoted, backend] of text.matchAll(/"((?:[^"\\]|\\.)*)"\s*:\s*"(keychain|safe-storage|encrypted-file)"/g)) {
    let key: unknown;
    try {
      key = JSON.parse(`"${quoted}"`);
    } catch {
      continue;
    }
    if (typeof key === 'string' && !key.includes('\uFFFD')) yield [key, backend as SecretBackend];
  }
}

/** The sign-ins a note's bytes hold, and why not all it held when it is damaged. */
function readKept(bytes: Buffer): NoteReading<SecretBackend> {
  const entries = new Map<string, SecretBackend>();
  const parsed = parseNote(bytes);
  const object = objectOf(parsed);
  let damage = 'damage' in parsed ? parsed.damage : undefined;
  if (object) {
    const all = Object.entries(object);
    for (const [key, value] of all) if (typeof value === 'string' && BACKENDS.has(value)) entries.set(key, value as SecretBackend);
    if (entries.size < all.length) damage = shapeDamage(all.length - entries.size, all.length, 'name a secret store');
  } else {
    damage ??= shapeDamage(0, -1, '');
    // Cut short or a byte changed: each "key":"store" still whole in it is a sign-in the app kept.
    for (const [key, backend] of keptIn(parsed.text)) entries.set(key, backend);
  }
  return { entries, ...(damage !== undefined ? { damage } : {}) };
}

export class KeptSignIns {
  /** The note, saved by the app and the commands at once (shared-note.ts). */
  private readonly note: SharedNote<SecretBackend>;

  constructor(
    readonly dataDir: string,
    /** Who reads it (the app, or the command): named in what is said of it. */
    readonly reader: NoteReader = APP_READS,
  ) {
    this.note = new SharedNote(this.file, 'sign-ins', reader, readKept);
  }

  get file(): string {
    return path.join(this.dataDir, KEPT_SIGN_INS_FILE);
  }

  private load(): Promise<Map<string, SecretBackend>> {
    return this.note.load();
  }

  /**
   * Reads the note (once): what to tell the person when the system would not let the app read it, which file and
   * why; undefined when it was read or is not there.
   */
  async check(): Promise<string | undefined> {
    const entries = await this.load();
    return (
      this.note.unread?.problem('Meanwhile a sign-in the secret store no longer gives cannot be told apart from one never made.') ??
      this.note.damaged?.problem(foundWords(entries.size, 'sign-in'), 'Meanwhile a sign-in it noted that could not be read from it, if the secret store no longer gives it, cannot be told apart from one never made.')
    );
  }

  /**
   * Said by a connection that finds no sign-in while the note could not be read: the app cannot tell a sign-in the
   * store lost from none. Undefined when the note was read (or not yet asked for).
   */
  unknownWords(): string | undefined {
    const { unread, damage } = this.note;
    const why = unread ? unreadInBrackets(unread.unread) : damage;
    if (why === undefined) return undefined;
    return `Whether you signed in to it before is not known: ${this.file}, where the app notes which sign-ins it kept, could not be read (${why}), so a sign-in the secret store no longer gives cannot be told apart from none.`;
  }

  /** The store a sign-in under this key was last kept in; undefined when none is noted (or the note could not be read: unknownWords). */
  async storeOf(key: string): Promise<SecretBackend | undefined> {
    // As the note is now: another process (a command with this key) may have kept or dropped it since this one read it.
    return (await this.note.current()).get(key);
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
    return this.note.save(edit);
  }
}
