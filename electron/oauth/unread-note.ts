// Reading a note the app keeps in its data folder about OAuth sign-ins
// (oauth-sign-ins.json, oauth-dropped.json). A note that is not there is
// empty; one the system will not let the app read (EACCES, EIO, a folder in
// its place) is not: what it holds is unknown, so it is said, and no save
// replaces it until a restart reads it, as the app's other stores do
// (storage/json-store.ts). One read but damaged is damaged-note.ts's.
import path from 'node:path';
import { READ_FAILURES } from '../storage/json-store.js';
import { FileTooLarge, NotARegularFile, readRegularFile } from '../storage/read-regular-file.js';

/** A key and a few words per sign-in: far below this even for thousands of servers. */
const MAX_NOTE_BYTES = 4 * 1024 * 1024;

/** Why a note could not be read, in words, with the system's code when it gave one ("the disk reported an input/output error", EIO). */
export interface Unread {
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

/** "the disk reported an input/output error, EIO": inside brackets. */
export const unreadInBrackets = ({ reason, code }: Unread): string => `${reason}${code ? `, ${code}` : ''}`;

/** The note's bytes (none when it is not there); `unread` when the system would not give them. Damage is damaged-note.ts's. */
export async function readNote(file: string): Promise<{ bytes?: Buffer; unread?: Unread }> {
  try {
    return { bytes: await readRegularFile(file, { maxBytes: MAX_NOTE_BYTES }) };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? {} : { unread: unreadOf(error) };
  }
}

/**
 * Who reads the notes, in the words said of them: the app, or the command (`--oauth`), which keeps them in the same
 * data folder. One set of sentences for both, each naming who started without a note and what to do.
 */
export interface NoteReader {
  /** "the app": who started without the note, and saves nothing to it meanwhile. */
  readonly name: string;
  /** What to do once the note is mended: "restart the app". */
  readonly again: string;
  /** When it drops a sign-in: the command has no Sign out. */
  readonly dropsWhen: string;
  /** What a dropped sign-in used again comes to, and what the person can do. */
  readonly usedAgain: string;
  /** How to delete, now, a sign-in the secret store would not delete (`entry`: its id in the store). */
  readonly deleteNow: (entry: string) => string;
  /** What to do when the store is locked: the command has no Sign out, its next run tries again. */
  readonly whenUnlocked: string;
}

export const APP_READS: NoteReader = {
  name: 'the app',
  again: 'restart the app',
  dropsWhen: 'signed out, or refused by the authorization server',
  usedAgain: 'if a server shows as signed in after you signed out of it, sign out of it again',
  deleteNow: (entry) => `unlock the store and sign out, or remove the entry "${entry}" from it by hand`,
  whenUnlocked: 'Unlock the store, then sign in again or sign out.',
};

export const COMMAND_READS: NoteReader = {
  name: 'the command',
  again: 'run the command again',
  dropsWhen: 'refused by the authorization server',
  usedAgain: 'the command may send tokens the authorization server refused before, and asks you to sign in once they are refused again',
  deleteNow: (entry) => `unlock the store and remove the entry "${entry}" from it by hand`,
  whenUnlocked: 'Unlock the store, then run the command again.',
};

/** "The app", at the start of a sentence. */
export const capitalised = (words: string): string => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** A save refused: the note could not be read at start, and writing it would forget everything it notes. */
export class NoteUnreadError extends Error {
  readonly code = 'EUNREAD';
  constructor(
    readonly file: string,
    readonly unread: Unread,
    /** What the note holds, plural: "sign-ins", "dropped sign-ins". */
    readonly notes: string,
    readonly reader: NoteReader = APP_READS,
  ) {
    super(
      `Could not note the ${notes.replace(/s$/, '')} in ${path.basename(file)} because it could not be read when ${reader.name} started (${unreadInBrackets(unread)}), and a save would replace the ${notes} it notes. Nothing was written; fix the file or the disk, then ${reader.again}.`,
    );
    this.name = 'NoteUnreadError';
  }

  /** What is said at start: which file, why, that nothing replaces it, and what goes untold meanwhile. */
  problem(meanwhile: string): string {
    const { reason, code } = this.unread;
    const name = path.basename(this.file);
    const who = this.reader.name;
    return `${this.file} could not be read because ${reason}${code ? ` (${code})` : ''}. ${capitalised(who)} started without it, and nothing is saved to ${name} until ${who} can read it, so none of the ${this.notes} it notes is forgotten: fix the file or the disk, then ${this.reader.again}. ${meanwhile}`;
  }
}
