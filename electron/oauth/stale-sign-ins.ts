// Sign-ins the app dropped (signed out, refused by the authorization server,
// forgotten) that the secret store would not delete or overwrite (a locked
// keychain): remembered in the data folder, so the next start does not read
// them back from the store and use them again, and does not tell the person
// again what they were told when it happened. Only a SHA-256 of the stored
// record is kept (the record holds tokens; its digest gives none of them
// away) and which parts of it were dropped. A start whose store takes the
// correction forgets the entry without a word. A note read but damaged is
// kept aside and said, and every digest still whole in it stays dropped
// (damaged-note.ts).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { foundWords, objectOf, parseNote, settleDamage, shapeDamage, type DamagedNote } from './damaged-note.js';
import { APP_READS, NoteUnreadError, readNote, type NoteReader } from './unread-note.js';

export const STALE_SIGN_INS_FILE = 'oauth-dropped.json';

/** What was dropped from a stored record: the fields left out, or all of it ('*'), and whether its refresh was refused. */
export interface Dropped {
  readonly without: readonly string[] | '*';
  readonly refreshRefused?: boolean;
}

interface Entry extends Dropped {
  /** SHA-256 of each stored text that must not be used (one per store that kept it). */
  readonly digests: readonly string[];
}

export const digestOfStored = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Under this key (no server's: an id is never empty): digests found in a damaged note whose key could not be read.
 * Each is dropped whole under any key, and moves to the key it is found under (droppedFrom).
 */
const UNDER_NO_KEY = '';

/** A SHA-256 in hex, as digestOfStored writes it, not part of a longer run. */
const DIGESTS = /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/g;

/** An entry as the note holds it; undefined when it is not one. */
function entryOf(value: unknown): Entry | undefined {
  const v = value as Partial<Entry> | null;
  const fine = v && typeof v === 'object' && Array.isArray(v.digests) && v.digests.every((d) => typeof d === 'string') && (v.without === '*' || (Array.isArray(v.without) && v.without.every((w) => typeof w === 'string')));
  return fine ? { digests: v.digests!, without: v.without!, ...(v.refreshRefused === true ? { refreshRefused: true } : {}) } : undefined;
}

/** What was dropped before under a key and now more (tokens, then the client): both parts stay dropped. */
function merged(before: Entry | undefined, digests: readonly string[], dropped: Dropped): Entry {
  const without = dropped.without === '*' || before?.without === '*' ? ('*' as const) : [...new Set([...(before?.without ?? []), ...dropped.without])];
  return {
    digests: [...new Set([...(before?.digests ?? []), ...digests])],
    without,
    ...(dropped.refreshRefused || before?.refreshRefused ? { refreshRefused: true } : {}),
  };
}

export class StaleSignIns {
  private loading: Promise<Map<string, Entry>> | undefined;
  /** Set when the system would not give the file's bytes (or a damaged one could not be kept aside): a save would forget every drop it notes. */
  private unread: NoteUnreadError | undefined;
  /** Set when the file was read but damaged, and kept aside: saves go on from what could be read from it. */
  private damaged: DamagedNote | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dataDir: string,
    /** Who reads it (the app, or the command): named in what is said of it. */
    readonly reader: NoteReader = APP_READS,
  ) {}

  /** oauth-dropped.json in the data folder. */
  get file(): string {
    return path.join(this.dataDir, STALE_SIGN_INS_FILE);
  }

  private load(): Promise<Map<string, Entry>> {
    // Once: a damaged note is kept aside and written back at its first read, never twice.
    this.loading ??= this.read();
    return this.loading;
  }

  private async read(): Promise<Map<string, Entry>> {
    const entries = new Map<string, Entry>();
    // Not there: nothing dropped. Not readable: what it notes is unknown, and every save is refused (unread-note.ts).
    const { bytes, unread } = await readNote(this.file);
    if (unread) this.unread = new NoteUnreadError(this.file, unread, 'dropped sign-ins', this.reader);
    if (!bytes) return entries;
    const parsed = parseNote(bytes);
    const object = objectOf(parsed);
    let damage = 'damage' in parsed ? parsed.damage : object ? undefined : shapeDamage(0, -1, '');
    if (object) {
      const all = Object.entries(object);
      for (const [key, value] of all) {
        const entry = entryOf(value);
        if (entry) entries.set(key, entry);
      }
      if (entries.size < all.length) damage = shapeDamage(all.length - entries.size, all.length, 'read as a dropped sign-in');
    }
    if (damage === undefined) return entries;
    // Damaged: every digest still whole in it is a record the app dropped, whichever key it was under. Using one
    // again would use a sign-in the person signed out of; dropping all of one that was only partly dropped costs a
    // sign-in at most.
    const known = new Set([...entries.values()].flatMap((e) => e.digests));
    const found = [...new Set(parsed.text.match(DIGESTS) ?? [])].filter((d) => !known.has(d));
    if (found.length > 0) entries.set(UNDER_NO_KEY, { digests: [...(entries.get(UNDER_NO_KEY)?.digests ?? []), ...found], without: '*' });
    const settled = await settleDamage(this.file, damage, 'dropped sign-ins', Object.fromEntries(entries), this.reader);
    if ('refused' in settled) this.unread = settled.refused;
    else this.damaged = settled.damaged;
    return entries;
  }

  /** Reads the note (once): what to tell the person when the system would not let the app read it, or it was damaged; undefined when read or absent. */
  async check(): Promise<string | undefined> {
    const entries = await this.load();
    const digests = [...entries.values()].reduce((n, e) => n + e.digests.length, 0);
    return (
      this.unread?.problem(`Meanwhile a sign-in ${this.reader.name} dropped (${this.reader.dropsWhen}) that the secret store would not delete may be used again.`) ??
      this.damaged?.problem(
        digests > 0 ? `${foundWords(digests, 'dropped sign-in')}, which it still does not use` : foundWords(0, 'dropped sign-in'),
        `A dropped sign-in it noted that could not be read from it may be used again: ${this.reader.usedAgain}.`,
      )
    );
  }

  /** The dropped parts of this stored text, when it is one the app dropped. */
  async droppedFrom(key: string, text: string): Promise<Dropped | undefined> {
    const entries = await this.load();
    const digest = digestOfStored(text);
    const entry = entries.get(key);
    if (entry?.digests.includes(digest)) return entry;
    if (!entries.get(UNDER_NO_KEY)?.digests.includes(digest)) return undefined;
    // Found in a damaged note under no key it could be read with: this key's from now on, so that the store's
    // deleting it (settle, then clear) ends it. A save refused still leaves it dropped while the app runs.
    await this.save(async (all) => {
      const rest = all.get(UNDER_NO_KEY)!.digests.filter((d) => d !== digest);
      if (rest.length > 0) all.set(UNDER_NO_KEY, { digests: rest, without: '*' });
      else all.delete(UNDER_NO_KEY);
      all.set(key, merged(all.get(key), [digest], { without: '*' }));
    }).catch(() => undefined);
    return { without: '*' };
  }

  /** The store kept these texts of the record after the app dropped `dropped` from it. */
  remember(key: string, texts: readonly string[], dropped: Dropped): Promise<void> {
    return this.save(async (entries) => {
      entries.set(key, merged(entries.get(key), texts.map(digestOfStored), dropped));
    });
  }

  /** The store no longer holds a dropped record under this key. */
  clear(key: string): Promise<void> {
    return this.save(async (entries) => {
      entries.delete(key);
    });
  }

  private save(edit: (entries: Map<string, Entry>) => Promise<void>): Promise<void> {
    const next = this.queue
      .catch(() => undefined)
      .then(async () => {
        const entries = await this.load();
        if (this.unread) throw this.unread;
        const before = JSON.stringify(Object.fromEntries(entries));
        await edit(entries);
        const after = JSON.stringify(Object.fromEntries(entries));
        if (after === before) return;
        await writeFileAtomic(this.file, `${after}\n`);
      });
    this.queue = next;
    return next;
  }
}

/** The stored record with what was dropped from it left out. */
export function withoutDropped<T extends object>(record: T, dropped: Dropped): Partial<T> {
  if (dropped.without === '*') return {};
  const out = { ...record } as Record<string, unknown>;
  for (const field of dropped.without) delete out[field];
  if (dropped.refreshRefused) out['refreshRefused'] = true;
  return out as Partial<T>;
}
