// Sign-ins the app dropped (signed out, refused by the authorization server,
// forgotten) that the secret store would not delete or overwrite (a locked
// keychain): remembered in the data folder, so the next start does not read
// them back from the store and use them again, and does not tell the person
// again what they were told when it happened. Only a SHA-256 of the stored
// record is kept (the record holds tokens; its digest gives none of them
// away) and which parts of it were dropped. A start whose store takes the
// correction forgets the entry without a word.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { NoteUnreadError, readNote } from './unread-note.js';

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

export class StaleSignIns {
  private entries: Map<string, Entry> | undefined;
  /** Set when the system would not give the file's bytes: a save would forget every drop it notes. */
  private unread: NoteUnreadError | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly dataDir: string) {}

  /** oauth-dropped.json in the data folder. */
  get file(): string {
    return path.join(this.dataDir, STALE_SIGN_INS_FILE);
  }

  private async load(): Promise<Map<string, Entry>> {
    if (this.entries) return this.entries;
    const entries = new Map<string, Entry>();
    // Not there: nothing dropped. Not readable: what it notes is unknown, and every save is refused (unread-note.ts).
    const { json, unread } = await readNote(this.file);
    if (unread) this.unread ??= new NoteUnreadError(this.file, unread, 'dropped sign-ins');
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
        const v = value as Partial<Entry> | null;
        const fine = v && Array.isArray(v.digests) && v.digests.every((d) => typeof d === 'string') && (v.without === '*' || (Array.isArray(v.without) && v.without.every((w) => typeof w === 'string')));
        if (fine) entries.set(key, { digests: v.digests!, without: v.without!, ...(v.refreshRefused === true ? { refreshRefused: true } : {}) });
      }
    }
    this.entries ??= entries;
    return this.entries;
  }

  /** Reads the note (once): what to tell the person when the system would not let the app read it; undefined when read or absent. */
  async check(): Promise<string | undefined> {
    await this.load();
    return this.unread?.problem('Meanwhile a sign-in the app dropped (signed out, or refused by the authorization server) that the secret store would not delete may be used again.');
  }

  /** The dropped parts of this stored text, when it is one the app dropped. */
  async droppedFrom(key: string, text: string): Promise<Dropped | undefined> {
    const entry = (await this.load()).get(key);
    return entry?.digests.includes(digestOfStored(text)) ? entry : undefined;
  }

  /** The store kept these texts of the record after the app dropped `dropped` from it. */
  remember(key: string, texts: readonly string[], dropped: Dropped): Promise<void> {
    return this.save(async (entries) => {
      const before = entries.get(key);
      // Dropped again from what was dropped before (tokens, then the client): both parts stay dropped.
      const without = dropped.without === '*' || before?.without === '*' ? ('*' as const) : [...new Set([...(before?.without ?? []), ...dropped.without])];
      entries.set(key, {
        digests: [...new Set([...(before?.digests ?? []), ...texts.map(digestOfStored)])],
        without,
        ...(dropped.refreshRefused || before?.refreshRefused ? { refreshRefused: true } : {}),
      });
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
