// A word from a file someone else wrote (allowed-signers pushed to the team's
// repository, a key's type), as an error message quotes it. The message goes
// to the window and to a terminal, so the word is cut to a length a person
// reads, and every control, bidi and invisible character in it is drawn as a
// mark (⟦ESC⟧, ⟦RLO⟧): raw, an escape sequence could clear the terminal or
// rewrite what it shows, and a bidi override reorder the message.
import { revealIdentifier } from '../../shared/invisible-chars.js';

/** Characters (code points) of a word an error quotes; the rest is left out and "…" says so. */
export const QUOTED_WORD_CHARS = 40;

export function quotedWord(word: string): string {
  // By code points, so the cut never splits a surrogate pair into a character of its own.
  const chars = Array.from(word);
  return chars.length > QUOTED_WORD_CHARS ? `${revealIdentifier(chars.slice(0, QUOTED_WORD_CHARS).join(''))}…` : revealIdentifier(word);
}
