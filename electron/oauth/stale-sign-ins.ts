// Sign-ins the app dropped (signed out, refused by the authorization server,
// forgotten) that the secret store would not delete or overwrite (a locked
// keychain): remembered in the data folder, so the next start does not read
// them back from the store and use them again, and does not tell the person
// again what they were told when it happened. Only a SHA-256 of the stored
// record is kept (the record holds tokens; its digest gives none of them
// away) and which parts of it were dropped. A start whose store takes the
// correction forgets the entry without a word. A note read but damaged is
// kept aside and said, and every digest still whole in it stays dropped
// (damaged-note.ts). The app and the command (`--oauth`) save it at the same
// time: each save re-reads it under a short lock and changes only its own
// entry, so no drop another process noted is lost (shared-note.ts).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { foundWords, objectOf, parseNote, shapeDamage } from './damaged-note.js';
import { SharedNote, type NoteReading } from './shared-note.js';
import { APP_READS, type NoteReader } from './unread-note.js';

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

/** The drops a note's bytes hold, and why not all it held when it is damaged. */
function readDropped(bytes: Buffer): NoteReading<Entry> {
  const entries = new Map<string, Entry>();
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
  if (damage === undefined) return { entries };
  // Damaged: every digest still whole in it is a record the app dropped, whichever key it was under. Using one
  // again would use a sign-in the person signed out of; dropping all of one that was only partly dropped costs a
  // sign-in at most.
  const known = new Set([...entries.values()].flatMap((e) => e.digests));
  const found = [...new Set(parsed.text.match(DIGESTS) ?? [])].filter((d) => !known.has(d));
  if (found.length > 0) entries.set(UNDER_NO_KEY, { digests: [...(entries.get(UNDER_NO_KEY)?.digests ?? []), ...found], without: '*' });
  return { entries, damage };
}

export class StaleSignIns {
  /** The note, saved by the app and the commands at once (shared-note.ts). Not there: nothing dropped. */
  private readonly note: SharedNote<Entry>;

  constructor(
    readonly dataDir: string,
    /** Who reads it (the app, or the command): named in what is said of it. */
    readonly reader: NoteReader = APP_READS,
  ) {
    this.note = new SharedNote(this.file, 'dropped sign-ins', reader, readDropped);
  }

  /** oauth-dropped.json in the data folder. */
  get file(): string {
    return path.join(this.dataDir, STALE_SIGN_INS_FILE);
  }

  private load(): Promise<Map<string, Entry>> {
    return this.note.load();
  }

  /** Reads the note (once): what to tell the person when the system would not let the app read it, or it was damaged; undefined when read or absent. */
  async check(): Promise<string | undefined> {
    const entries = await this.load();
    const digests = [...entries.values()].reduce((n, e) => n + e.digests.length, 0);
    return (
      this.note.unread?.problem(`Meanwhile a sign-in ${this.reader.name} dropped (${this.reader.dropsWhen}) that the secret store would not delete may be used again.`) ??
      this.note.damaged?.problem(
        digests > 0 ? `${foundWords(digests, 'dropped sign-in')}, which it still does not use` : foundWords(0, 'dropped sign-in'),
        `A dropped sign-in it noted that could not be read from it may be used again: ${this.reader.usedAgain}.`,
      )
    );
  }

  /** The dropped parts of this stored text, when it is one the app dropped. */
  async droppedFrom(key: string, text: string): Promise<Dropped | undefined> {
    // As the note is now: a drop another process (a command) noted since this one read it holds at once.
    const entries = await this.note.current();
    const digest = digestOfStored(text);
    const entry = entries.get(key);
    if (entry?.digests.includes(digest)) return entry;
    if (!entries.get(UNDER_NO_KEY)?.digests.includes(digest)) return undefined;
    // Found in a damaged note under no key it could be read with: this key's from now on, so that the store's
    // deleting it (settle, then clear) ends it. A save refused still leaves it dropped while the app runs.
    await this.save(async (all) => {
      // As the note is now: another process may have moved it already.
      const rest = (all.get(UNDER_NO_KEY)?.digests ?? []).filter((d) => d !== digest);
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
    return this.note.save(edit);
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
