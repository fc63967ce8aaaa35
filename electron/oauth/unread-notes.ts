// What the person is told at start of each OAuth note in the data folder that
// could not be read whole (unread-note.ts, damaged-note.ts): the app in an
// alert, the command on stderr, both from here so the words are the same.
import type { KeptSignIns } from './kept-sign-ins.js';
import type { StaleSignIns } from './stale-sign-ins.js';
import { KEPT_SIGN_INS_FILE } from './kept-sign-ins.js';
import { STALE_SIGN_INS_FILE } from './stale-sign-ins.js';

export interface UnreadNote {
  /** "Could not read oauth-dropped.json". */
  readonly title: string;
  /** Which file, why, what was kept aside and where, and what it means meanwhile. */
  readonly message: string;
}

/** Reads both notes (once each); the dropped sign-ins first, as a sign-in used again is the worse outcome. */
export async function unreadNotes(stale: StaleSignIns | undefined, kept: KeptSignIns | undefined): Promise<UnreadNote[]> {
  const found: UnreadNote[] = [];
  for (const [file, message] of [
    [STALE_SIGN_INS_FILE, await stale?.check()],
    [KEPT_SIGN_INS_FILE, await kept?.check()],
  ] as const) {
    if (message !== undefined) found.push({ title: `Could not read ${file}`, message });
  }
  return found;
}
