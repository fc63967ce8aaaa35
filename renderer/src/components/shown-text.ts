// A skill's name or description where only a string can go (a tooltip, an
// accessible name, a palette entry, a toast): every invisible character
// replaced by its visible marker (⟦RLO⟧, ⟦ZWSP⟧, ⟦hidden tag text: "…"⟧), so
// a bidi override cannot reverse what follows it and hidden text is shown.
// Where elements can go, InvisibleText draws the same marks as badges.
import { revealIdentifier, revealInvisible } from '../../../shared/invisible-chars.js';

const PLAIN = /^[\x20-\x7e\t\n\r]*$/;

/** Prose (a description): every invisible, bidi or control character drawn as a marker; line breaks kept. */
export function shownText(text: string): string {
  return PLAIN.test(text) ? text : revealInvisible(text);
}

/** A name, a label or a URI: as shownText, and tab and line breaks marked too — in a name they only hide where it ends. */
export function shownName(text: string): string {
  return revealIdentifier(text);
}
