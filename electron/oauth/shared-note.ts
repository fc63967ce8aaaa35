// An OAuth note in the data folder (oauth-sign-ins.json, oauth-dropped.json)
// that the app and the commands write at the same time: read once at start,
// and each save re-reads it under a short lock (note-lock.ts), changes only
// what the save is about and writes it back, so what another process saved
// meanwhile is kept. One read but damaged is kept aside and what could be
// read written back (damaged-note.ts), under the lock too; one that could not
// be read refuses every save until a restart reads it (unread-note.ts).
import { writeFileAtomic } from '../storage/atomic-file.js';
import { settleDamage, type DamagedNote } from './damaged-note.js';
import { withNoteLock } from './note-lock.js';
import { NoteUnreadError, readNote, type NoteReader } from './unread-note.js';

/** What a note's bytes hold: its entries, and why they are not all it held (damage), if they are not. */
export interface NoteReading<E> {
  readonly entries: Map<string, E>;
  readonly damage?: string;
}

interface Read<E> extends NoteReading<E> {
  readonly unread?: NoteUnreadError;
  readonly damaged?: DamagedNote;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class SharedNote<E> {
  private loading: Promise<Map<string, E>> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Set when the system would not give the file's bytes at start (or a damaged one could not be kept aside): every save is refused. */
  unread: NoteUnreadError | undefined;
  /** Set when the file was damaged at start, and kept aside: saves go on from what could be read from it. */
  damaged: DamagedNote | undefined;
  /** Why what the note held at start is not all known (damaged, or unread for that reason). */
  damage: string | undefined;

  constructor(
    readonly file: string,
    /** What it holds, plural: "sign-ins". */
    private readonly notes: string,
    private readonly reader: NoteReader,
    private readonly parse: (bytes: Buffer) => NoteReading<E>,
  ) {}

  /** The entries as read at start, with this process's saves since. */
  load(): Promise<Map<string, E>> {
    // Once: a damaged note is kept aside and written back at its first read, never twice.
    this.loading ??= this.firstRead();
    return this.loading;
  }

  private async firstRead(): Promise<Map<string, E>> {
    const { bytes, unread } = await readNote(this.file);
    if (unread) this.unread = new NoteUnreadError(this.file, unread, this.notes, this.reader);
    if (!bytes) return new Map();
    const seen = this.parse(bytes);
    if (seen.damage === undefined) return seen.entries;
    try {
      // Kept aside and written back as it is under the lock: another process may have mended or saved it meanwhile.
      const read = await withNoteLock(this.file, () => this.readSettled());
      this.unread = read.unread;
      this.damaged = read.damaged;
      this.damage = read.damage;
      return read.entries;
    } catch (error) {
      this.damage = seen.damage;
      this.unread = new NoteUnreadError(this.file, { reason: `${seen.damage}, and it could not be kept aside: ${messageOf(error)}` }, this.notes, this.reader);
      return seen.entries;
    }
  }

  /** The note as it is now; a damaged one is kept aside and what could be read from it written back. Under the lock. */
  private async readSettled(): Promise<Read<E>> {
    const { bytes, unread } = await readNote(this.file);
    if (unread) return { entries: new Map(), unread: new NoteUnreadError(this.file, unread, this.notes, this.reader) };
    if (!bytes) return { entries: new Map() };
    const { entries, damage } = this.parse(bytes);
    if (damage === undefined) return { entries };
    const settled = await settleDamage(this.file, damage, this.notes, Object.fromEntries(entries), this.reader);
    return { entries, damage, ...('refused' in settled ? { unread: settled.refused } : { damaged: settled.damaged }) };
  }

  /**
   * Applies `edit` to the note as it is on disk now and writes it, under the lock. A save refused or failed still
   * changes what this process knows (a drop holds while it runs), and rejects saying why.
   */
  save(edit: (entries: Map<string, E>) => void | Promise<void>): Promise<void> {
    const next = this.queue
      .catch(() => undefined)
      .then(async () => {
        await this.load();
        if (this.unread) throw this.unread;
        let edited = false;
        try {
          await withNoteLock(this.file, async () => {
            // A note another process made unreadable since is not saved over: what it holds is unknown.
            const now = await this.readSettled();
            if (now.unread) throw now.unread;
            const before = JSON.stringify(Object.fromEntries(now.entries));
            await edit(now.entries);
            this.loading = Promise.resolve(now.entries);
            edited = true;
            const after = JSON.stringify(Object.fromEntries(now.entries));
            if (after !== before) await writeFileAtomic(this.file, `${after}\n`);
          });
        } catch (error) {
          if (!edited) await edit(await this.load());
          throw error;
        }
      });
    this.queue = next;
    return next;
  }
}
