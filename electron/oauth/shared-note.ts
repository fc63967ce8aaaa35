// An OAuth note in the data folder (oauth-sign-ins.json, oauth-dropped.json)
// that the app and the commands write at the same time: read at start, read
// again before use whenever another process changed it (current), and each
// save re-reads it under a short lock (note-lock.ts), changes only what the
// save is about and writes it back, so what another process saved meanwhile
// is kept. A save that fails (the lock held too long, a full disk) is kept in
// memory and made again by the next save, so nothing is lost. One read but
// damaged is kept aside and what could be read written back
// (damaged-note.ts), under the lock too; one that could not be read refuses
// every save until a restart reads it (unread-note.ts).
import { promises as fs } from 'node:fs';
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

type Edit<E> = (entries: Map<string, E>) => void | Promise<void>;

/**
 * Which version of the note is on disk, without reading it: every writer replaces it whole (by rename), which a
 * stat sees. '' when there is none; undefined when the system would not say.
 */
async function versionOf(file: string): Promise<string | undefined> {
  try {
    const s = await fs.stat(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? '' : undefined;
  }
}

export class SharedNote<E> {
  private loading: Promise<Map<string, E>> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Set when the system would not give the file's bytes at start (or a damaged one could not be kept aside): every save is refused. */
  unread: NoteUnreadError | undefined;
  /** Set when the file was damaged at start, and kept aside: saves go on from what could be read from it. */
  damaged: DamagedNote | undefined;
  /** Why what the note held at start is not all known (damaged, or unread for that reason). */
  damage: string | undefined;
  /** The version on disk the entries in memory were read from (or written as). */
  private version: string | undefined;
  /** Saves that failed, in order: held in memory, and made again, before its own change, by the next save. */
  private unsaved: Edit<E>[] = [];
  /** The read again under way (current), and the saves queued or under way. */
  private reading: Promise<Map<string, E>> | undefined;
  private saving = 0;
  private savesBegun = 0;

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

  /**
   * The entries as they are now: read again first when another process changed the note since (a drop it noted
   * holds here at once, not from this process's next save), this process's unsaved saves kept. A note damaged or
   * unreadable since keeps what was known, with what could be read; the next save says why.
   */
  current(): Promise<Map<string, E>> {
    // One read again at a time, not queued behind the saves: a use must not wait for a save waiting for the lock (12 s).
    this.reading ??= this.readAgain().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async readAgain(): Promise<Map<string, E>> {
    const known = await this.load();
    // A save under way reads the note as it is on disk and sets what is known when it is done.
    if (this.unread || this.saving > 0) return known;
    const begun = this.savesBegun;
    const version = await versionOf(this.file);
    if (version === undefined || version === this.version) return known;
    const { bytes, unread } = await readNote(this.file);
    if (unread) return known;
    const seen = bytes ? this.parse(bytes) : { entries: new Map<string, E>() };
    const entries = seen.damage === undefined ? seen.entries : new Map([...known, ...seen.entries]);
    for (const edit of this.unsaved) await edit(entries);
    // A save began meanwhile: what it read under the lock is newer than this.
    if (this.savesBegun !== begun) return this.load();
    this.version = version;
    this.loading = Promise.resolve(entries);
    return entries;
  }

  private async firstRead(): Promise<Map<string, E>> {
    // Before the read: a change between the two is read again at the next use.
    this.version = await versionOf(this.file);
    const { bytes, unread } = await readNote(this.file);
    if (unread) this.unread = new NoteUnreadError(this.file, unread, this.notes, this.reader);
    if (!bytes) return new Map();
    const seen = this.parse(bytes);
    if (seen.damage === undefined) return seen.entries;
    try {
      // Kept aside and written back as it is under the lock: another process may have mended or saved it meanwhile.
      const read = await withNoteLock(this.file, async () => {
        const settled = await this.readSettled();
        this.version = await versionOf(this.file);
        return settled;
      });
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
   * changes what this process knows (a drop holds while it runs), and rejects saying why; one that failed is made
   * again by the next save, before that save's own change.
   */
  save(edit: Edit<E>): Promise<void> {
    this.saving++;
    this.savesBegun++;
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
            for (const earlier of this.unsaved) await earlier(now.entries);
            await edit(now.entries);
            this.loading = Promise.resolve(now.entries);
            edited = true;
            const after = JSON.stringify(Object.fromEntries(now.entries));
            if (after !== before) await writeFileAtomic(this.file, `${after}\n`);
            this.unsaved = [];
            this.version = await versionOf(this.file);
          });
        } catch (error) {
          if (!edited) await edit(await this.load());
          this.unsaved.push(edit);
          throw error;
        }
      })
      .finally(() => this.saving--);
    this.queue = next;
    return next;
  }
}
