// The file behind the file-backed secret stores (secrets.enc.json,
// secrets.safe.json): one sealed entry per secret id. Reading the whole file
// on every get and writing it on every set made an import of N secrets N
// writes of a file growing to N entries, and a start N reads of it: 1,000
// servers with 2 secrets each took 43 s to import and 25 s to load at start.
// Here the file is read once and kept, with its stamp (file-stamp.ts); it is
// read again only when the stamp on disk differs (another instance or the
// command wrote it). Changes asked for in one call, or while a write is in
// flight, go out together in the next write, on top of what is on disk then.
// Each value is opened (decrypted) at most once per version of the file.
import { z } from 'zod';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { sameStamp, statStamp, type FileStamp } from '../storage/file-stamp.js';
import { readRegularText } from '../storage/read-regular-file.js';

/** How a store turns a value into what the file keeps, and back. */
export interface Sealer<Sealed> {
  seal(id: string, value: string): Promise<Sealed>;
  open(id: string, sealed: Sealed): Promise<string>;
}

/** What the file did, counted for tests (reading or writing it must not grow with the number of calls). */
export interface SealedFileIo {
  fileReads: number;
  fileWrites: number;
  decryptions: number;
}

interface Loaded<Sealed> {
  readonly entries: ReadonlyMap<string, Sealed>;
  /** The file's stamp when it was read or written; undefined when there was no file. */
  readonly stamp: FileStamp | undefined;
  /** Values already opened from this version of the file. */
  readonly opened: Map<string, string>;
}

/** Changes waiting for the next write: a value to set, or undefined to delete. */
interface Batch {
  readonly edits: Map<string, string | undefined>;
  readonly done: Promise<void>;
}

/** The file's text; undefined when there is no file. */
export async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readRegularText(file, { maxBytes: 64 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export class SealedEntriesFile<Sealed> {
  readonly io: SealedFileIo = { fileReads: 0, fileWrites: 0, decryptions: 0 };
  private readonly schema: z.ZodType<{ version: 1; entries: Record<string, Sealed> }>;
  private loaded: Loaded<Sealed> | undefined;
  private pending: Batch | undefined;
  /** The last write asked for; writes are serialised, so none loses another's entry. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    entrySchema: z.ZodType<Sealed>,
    private readonly sealer: Sealer<Sealed>,
  ) {
    this.schema = z.object({ version: z.literal(1), entries: z.record(z.string(), entrySchema) });
  }

  async get(id: string): Promise<string | undefined> {
    // A read after a change sees it, as when each change was written before the call returned.
    await this.writing;
    const loaded = await this.current();
    const sealed = loaded.entries.get(id);
    if (sealed === undefined) return undefined;
    const known = loaded.opened.get(id);
    if (known !== undefined) return known;
    this.io.decryptions++;
    const value = await this.sealer.open(id, sealed);
    loaded.opened.set(id, value);
    return value;
  }

  /**
   * Sets (a value) or deletes (undefined) each id. Resolves once a write holding
   * the change is in place; every change in a write that fails is refused.
   */
  change(edits: Iterable<readonly [string, string | undefined]>): Promise<void> {
    let batch = this.pending;
    if (!batch) {
      const made: Batch = {
        edits: new Map(),
        done: this.writing.then(() => {
          this.pending = undefined;
          return this.flush(made.edits);
        }),
      };
      this.writing = made.done.catch(() => undefined);
      this.pending = batch = made;
    }
    for (const [id, value] of edits) batch.edits.set(id, value);
    return batch.done;
  }

  private async flush(edits: ReadonlyMap<string, string | undefined>): Promise<void> {
    // On top of what is on disk now: an entry another instance wrote meanwhile is kept.
    const base = await this.current();
    const entries = new Map(base.entries);
    const opened = new Map(base.opened);
    let changed = false;
    for (const [id, value] of edits) {
      if (value === undefined) {
        changed = entries.delete(id) || changed;
        opened.delete(id);
      } else {
        entries.set(id, await this.sealer.seal(id, value));
        opened.set(id, value);
        changed = true;
      }
    }
    if (!changed) return;
    this.io.fileWrites++;
    // No .bak: a deleted secret must not linger in a backup copy.
    const stamp = await writeFileAtomic(this.file, `${JSON.stringify({ version: 1, entries: Object.fromEntries(entries) }, null, 2)}\n`, { backup: false });
    // Only now: a write that failed leaves memory as the disk is.
    this.loaded = { entries, stamp, opened };
  }

  /** The entries as on disk now: those kept when the file has not changed since, else read again. */
  private async current(): Promise<Loaded<Sealed>> {
    // The stamp before the read: a change landing between the two is read now and once more next time, never missed.
    const stamp = await statStamp(this.file);
    if (this.loaded && sameStamp(this.loaded.stamp, stamp)) return this.loaded;
    this.io.fileReads++;
    const text = await readOptional(this.file);
    this.loaded = { entries: text === undefined ? new Map() : this.parse(text), stamp: text === undefined ? undefined : stamp, opened: new Map() };
    return this.loaded;
  }

  private parse(text: string): Map<string, Sealed> {
    // The parser's and the schema's words name neither the file nor what to do; nothing is overwritten (other secrets may be saved).
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(`${this.file} is damaged: it is not JSON (${error instanceof Error ? error.message : String(error)}). Move it away and set the secrets again.`, { cause: error });
    }
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${this.file} is damaged: ${issue ? `${issue.path.join('.') || 'top level'}: ${issue.message}` : 'not the expected shape'}. Move it away and set the secrets again.`);
    }
    return new Map(Object.entries(parsed.data.entries));
  }
}
