// Text a server wrote (its serverInfo, URIs, field names, and the messages
// built from them), as the command prints it for a person to read in a
// terminal: every control character is shown as a mark (⟦ESC⟧, ⟦CR⟧, ⟦LF⟧…),
// never run. Run, an escape sequence lets the server move the cursor, clear
// lines and write its own: a skill that failed verification shown as matching
// its listing. A lone UTF-16 surrogate is shown by its code unit (below).
// Machine output (JSON, SARIF, JUnit) escapes such text already.
import { revealIdentifier } from '../../shared/invisible-chars.js';

export function forTerminal(text: string): string {
  return revealIdentifier(markLoneSurrogates(text));
}

/**
 * A message of several lines (an error: what failed, then a hint on the next line) with what a server, a
 * lockfile or a config wrote in it shown as in forTerminal; only its line feeds are kept. A line feed can add a
 * line, never move the cursor back over one already written.
 */
export function linesForTerminal(text: string): string {
  return text.split('\n').map(forTerminal).join('\n');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` with each lone UTF-16 surrogate (valid JSON: "\ud800") shown by its code unit, ⟦U+D800⟧. It has no UTF-8
 * form, so the terminal would be sent U+FFFD, which a server may also write: a message about the surrogate names it.
 */
export function markLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, (unit) => `⟦U+${unit.charCodeAt(0).toString(16).toUpperCase()}⟧`);
}
