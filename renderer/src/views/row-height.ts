// How many lines a catalog row's name needs, so a long name wraps instead of
// being cut ("gi…"): most names fit one line and cost one length check; a
// longer one is measured once (canvas text metrics, the row's own font) and
// remembered per entry and width. The virtual list sizes each row from it.
import type { SkillEntry } from '../../../shared/model.js';
import { shownName } from '../components/shown-text.js';

/** Height of one line of the name, px (SkillRow's NAME style). */
export const NAME_LINE_HEIGHT = 20;
/** A name longer than this many lines is cut, and shown whole on hover (64 characters never need it at the narrowest pane). */
export const MAX_NAME_LINES = 3;
/** Widest character of the row font at 14 px, bold: a name this short times it surely fits. */
const WIDEST_CHAR_PX = 14;

let context: CanvasRenderingContext2D | null | undefined;
let fontFamily = '';
const cache = new WeakMap<SkillEntry, { width: number; lines: number }>();

function measure(text: string, weight: number): number {
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    fontFamily = typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily || 'sans-serif';
  }
  // Without a canvas (not a browser), a generous guess per character.
  if (!context) return text.length * 9;
  context.font = `${weight} 14px ${fontFamily}`;
  return context.measureText(text).width;
}

/** Lines the row's name (path prefix and name) takes in `width` px: 1 to MAX_NAME_LINES. */
export function nameLines(entry: SkillEntry, width: number): number {
  if (width <= 0) return 1;
  const length = entry.name.length + (entry.pathPrefix ? entry.pathPrefix.length + 1 : 0);
  if (length * WIDEST_CHAR_PX <= width) return 1;
  const known = cache.get(entry);
  if (known && known.width === width) return known.lines;
  const prefix = entry.pathPrefix ? measure(shownName(`${entry.pathPrefix}/`), 400) : 0;
  // Slack for wrapping: lines break after a hyphen or a slash, so each line holds a little less than the width.
  const total = (prefix + measure(shownName(entry.name), 600)) * 1.15;
  const lines = Math.min(MAX_NAME_LINES, Math.max(1, Math.ceil(total / width)));
  cache.set(entry, { width, lines });
  return lines;
}
