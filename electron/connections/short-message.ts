// An error message the app did not word itself (an SDK's, a library's, a
// server's answer inside one), shown where a person reads it: on one line, and
// short. Such a message can carry a whole answer: an authorization server's
// megabyte of validation errors, a page of HTML, CR LF and escape sequences.

/** How much of such a message is shown. */
export const SHORT_MESSAGE_CHARS = 200;

const LINE_BREAKS = /[\t\n\v\f\r \u0085\u2028\u2029]+/g;

/**
 * `text` on one line (each run of spaces and line breaks one space), at most `max` characters of it, and when
 * more was there, how many characters were left out. It is cut between words: a word cut in two could be the
 * start of a secret, which the app finds (and redacts) only whole. Other control characters are left for the
 * place that shows the text to mark (forTerminal in a terminal, the window's invisible-character marks).
 */
export function shortMessage(text: string, max: number = SHORT_MESSAGE_CHARS): string {
  const flat = text.replace(LINE_BREAKS, ' ').trim();
  if (flat.length <= max) return flat;
  // At the last space within `max` (so never between the two halves of a character either); nothing when there is none.
  const kept = flat.slice(0, Math.max(0, flat.lastIndexOf(' ', max))).trimEnd();
  return `${kept}… (${characters(flat.slice(kept.length).trimStart())} more characters)`;
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Characters as a person counts them: a pair of UTF-16 surrogates is one. */
function characters(text: string): number {
  let count = text.length;
  for (let i = 1; i < text.length; i++) if (isLow(text.charCodeAt(i)) && isHigh(text.charCodeAt(i - 1))) count--;
  return count;
}
