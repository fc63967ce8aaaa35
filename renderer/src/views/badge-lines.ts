// How many lines a catalog row's badges need, so a row with a verdict, a
// verification state, counts and an approval shows every badge whole instead
// of cutting the last one mid-word ("CHANGED SINCE AP…"): the badges wrap to
// a second line and the virtual list sizes the row for it. Each badge's width
// is worked out from its words (canvas text metrics, the badge's own font:
// the same widths layout gives, measured in Chromium to a tenth of a pixel),
// with two pixels to spare for rounding, so a row gets the lines its badges
// take: never too few (a badge cut), nor one too many (an empty line).
import type { SkillEntry } from '../../../shared/model.js';
import { approvalLabel } from '../components/ApprovalBadge.js';
import { SEVERITY } from '../components/SeverityBadge.js';
import { statusLabel } from '../components/StatusBadge.js';
import { verdictText } from '../components/VerdictBadge.js';
import { localStatusLabel } from './local/LocalStatusBadge.js';

/** Height of one line of badges, px (an xs badge), and the gap between two lines. */
export const BADGE_LINE_HEIGHT = 18;
export const BADGE_LINE_GAP = 3;
/** More lines than this never happen: at most six badges, the widest under 200 px. */
export const MAX_BADGE_LINES = 3;
/** Gap between two badges, px (SkillRow's LINE). */
const BADGE_GAP = 4;
/** An xs badge around its words: padding 6 + 6, border 1 + 1, the 12 px icon and its 5 px margin. */
const BADGE_CHROME = 31;
/** Letter spacing of a badge, px per character. */
const LETTER_SPACING = 0.25;
/** Layout rounds each badge to whole or half pixels: a little to spare, per badge. */
const ROUNDING = 2;

let context: CanvasRenderingContext2D | null | undefined;
let fontFamily = '';
const widths = new Map<string, number>();
const cache = new WeakMap<SkillEntry, { width: number; lines: number }>();

/** Width of a badge with these words, px. */
function badgeWidth(text: string): number {
  let width = widths.get(text);
  if (width !== undefined) return width;
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    fontFamily = typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily || 'sans-serif';
  }
  const upper = text.toUpperCase();
  // Without a canvas (not a browser), a generous guess per character.
  let measured = upper.length * 7.5;
  if (context) {
    context.font = `700 9px ${fontFamily}`;
    measured = context.measureText(upper).width;
  }
  width = Math.ceil(measured + upper.length * LETTER_SPACING + BADGE_CHROME + ROUNDING);
  widths.set(text, width);
  return width;
}

/** The words of each badge SkillRow draws for the entry, in its order. */
export function rowBadgeTexts(entry: SkillEntry): string[] {
  const out = [verdictText(entry.verdict, { errors: entry.errorCount, warnings: entry.warningCount })];
  out.push(entry.source === 'local' ? localStatusLabel(entry.status) : statusLabel(entry.status));
  const count = (n: number, label: string) => `${n} ${n === 1 ? label : `${label}s`}`;
  if (entry.verdict !== 'risky' && entry.errorCount > 0) out.push(count(entry.errorCount, SEVERITY.error.label));
  if (entry.verdict !== 'needs-look' && entry.errorCount === 0 && entry.warningCount > 0) out.push(count(entry.warningCount, SEVERITY.warning.label));
  if (entry.legacyForm) out.push('legacy');
  const approval = approvalLabel(entry.approval);
  if (approval) out.push(approval);
  return out;
}

/** Lines the row's badges take in `width` px, wrapping as a flex line does: 1 to MAX_BADGE_LINES. */
export function badgeLines(entry: SkillEntry, width: number): number {
  if (width <= 0) return 1;
  const known = cache.get(entry);
  if (known && known.width === width) return known.lines;
  let lines = 1;
  let used = 0;
  for (const text of rowBadgeTexts(entry)) {
    const w = badgeWidth(text);
    if (used > 0 && used + BADGE_GAP + w > width) {
      lines++;
      used = w;
    } else used += (used > 0 ? BADGE_GAP : 0) + w;
  }
  lines = Math.min(MAX_BADGE_LINES, lines);
  cache.set(entry, { width, lines });
  return lines;
}
