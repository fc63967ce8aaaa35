// An OAuth note in the data folder (oauth-sign-ins.json, oauth-dropped.json)
// that was read but is damaged: not UTF-8, not JSON, not the expected shape.
// Taken as empty and saved over, it lost every sign-in or drop it noted
// without a word. As the app's other stores do with a damaged file
// (storage/json-store.ts), it is kept beside itself under a name no save
// writes, the app says which file and why, and starts with what could be
// read from it, written back so the next start reads it whole.
import { writeFileAtomic } from '../storage/atomic-file.js';
import { keepDamaged } from '../storage/keep-damaged.js';
import { whereUtf8Stops } from '../storage/utf8.js';
import { whereJsonStops } from '../storage/where-json-stops.js';
import { APP_READS, NoteUnreadError, type NoteReader } from './unread-note.js';

/** The note's JSON; or why its bytes are not JSON, with the text (read leniently) to find what it can in. */
export type ParsedNote = { readonly json: unknown; readonly text: string } | { readonly damage: string; readonly text: string };

export function parseNote(bytes: Buffer): ParsedNote {
  // A byte order mark (a hand edit saved by Notepad) carries nothing, and no other program reads these notes.
  const marked = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = bytes.toString('utf8', marked ? 3 : 0);
  // The app writes UTF-8 only: a byte that is not is damage, not a character to read as U+FFFD in a key.
  const notUtf8 = whereUtf8Stops(bytes);
  if (notUtf8 !== undefined) return { damage: `it is not valid UTF-8 (${notUtf8})`, text };
  try {
    return { json: JSON.parse(text) as unknown, text };
  } catch {
    // Not JSON.parse's words: they quote the text around the fault.
    const where = whereJsonStops(text);
    return { damage: `it is not valid JSON${where ? ` (${where})` : ''}`, text };
  }
}

/** The note's entries when it is a JSON object; undefined when it is anything else. */
export function objectOf(parsed: ParsedNote): Record<string, unknown> | undefined {
  if (!('json' in parsed)) return undefined;
  const { json } = parsed;
  return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
}

/** "it does not have the expected shape (…)": the note is not an object, or `bad` of its `total` entries are not `what`. */
export function shapeDamage(bad: number, total: number, what: string): string {
  return `it does not have the expected shape (${total < 0 ? 'it is not an object' : `${bad} of its ${total} entries ${bad === 1 ? 'does' : 'do'} not ${what}`})`;
}

/** A note read but damaged and kept aside: what the app says of it at start. */
export class DamagedNote {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly keptAs: string,
    readonly reader: NoteReader = APP_READS,
  ) {}

  /** Which file, why, where it was kept, what the app (or command) started with (`found`) and what goes untold meanwhile. */
  problem(found: string, meanwhile: string): string {
    return `${this.file} could not be read because ${this.reason}. It was kept as ${this.keptAs}, and ${this.reader.name} started with ${found}. ${meanwhile}`;
  }
}

/**
 * Keeps a damaged note aside and writes what was found in it (`found`) in its place, so the next start reads it
 * whole; a note that could not be kept aside is left as it is and refuses every save, as an unreadable one does.
 */
export async function settleDamage(file: string, reason: string, notes: string, found: object, reader: NoteReader = APP_READS): Promise<{ damaged: DamagedNote } | { refused: NoteUnreadError }> {
  const kept = await keepDamaged(file);
  if ('failed' in kept) return { refused: new NoteUnreadError(file, { reason: `${reason}, and it could not be kept aside: ${kept.failed}` }, notes, reader) };
  // Best effort: a failed write leaves the damaged note in place (its copy is kept), and the next save writes it.
  // No backup of the damaged note: the .bak stays the last good version it came from.
  await writeFileAtomic(file, `${JSON.stringify(found)}\n`, { backup: false }).catch(() => undefined);
  return { damaged: new DamagedNote(file, reason, kept.keptAs, reader) };
}

/** "the 2 sign-ins it could find in it", or "none of the sign-ins it noted". */
export function foundWords(count: number, noun: string): string {
  return count > 0 ? `the ${count} ${noun}${count === 1 ? '' : 's'} it could find in it` : `none of the ${noun}s it noted`;
}
