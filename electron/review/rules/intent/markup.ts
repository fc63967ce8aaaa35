// The markup a renderer hides, found in the original text so folding can
// drop or replace it: **bold** and the like are dropped character by
// character in fold.ts; here are the spans: <b>tags</b> (inline tags vanish
// without splitting a word, block tags break the sentence), link targets
// ([text](url) keeps "text"; a title after the url is kept as a sentence of
// its own), HTML entities (&#105;), URLs, backslash escapes. Apart from
// folding because each is a pattern over the original text, not a rule for
// one character.
import { ownValue } from '../../../../shared/data-record.js';

/** A stretch of the original to drop or replace before folding (markup). */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly with: string;
  /** The replacement is text the writer spelled (an HTML entity): it is folded like the text around it ("&#x49;" reads as "i"). */
  readonly spelled?: true;
}

// Tags a renderer draws inline: removing them must not split a word ("ig<b>no</b>re").
const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var', 'wbr']);
const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '', zwj: '', zwnj: '', lsquo: "'", rsquo: "'", ldquo: '"', rdquo: '"', ndash: '-', mdash: '-', hellip: '...' };
/** Marks a hard sentence break inside the folded text (block tags, table cells). */
export const BREAK = '\u2029';
/**
 * Stands where a URL was: not a word (the URL's own words would read as prose), but the word before it
 * learns that an address follows ("are to be appended to https://…"). Folding turns every control
 * character of the original into a space, so only a URL can put this one in the folded text.
 */
export const URL_MARK = '\u0001';

/** The markup spans of a text, in order, none overlapping. */
export function markupSpans(text: string): Span[] {
  const spans: Span[] = [];
  const add = (re: RegExp, make: (m: RegExpExecArray) => Span | Span[] | undefined) => {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const made = make(m);
      if (made) spans.push(...(Array.isArray(made) ? made : [made]));
      if (m[0].length === 0) re.lastIndex++;
    }
  };
  add(/\b(?:https?|ftp):\/\/[^\s<>()"'`\]]+/gi, (m) => ({ start: m.index, end: m.index + m[0].length, with: ` ${URL_MARK} ` }));
  add(/<!--|-->/g, (m) => ({ start: m.index, end: m.index + m[0].length, with: ' ' }));
  add(/<\/?([a-z][a-z0-9-]*)\b[^<>\n]{0,300}?\/?>/gi, (m) => ({ start: m.index, end: m.index + m[0].length, with: INLINE_TAGS.has(m[1]!.toLowerCase()) ? '' : BREAK }));
  // [text](target) and ![alt](target): keep the text, drop the brackets and the target. A title
  // ([text](target "title")) is kept as a sentence of its own: a renderer shows it on hover, the model reads it.
  add(/(!?\[)([^\]\n]{0,300})(?:(\]\(\s*(?:<[^>\n]{0,500}>|[^\s)\n]{0,500})\s+)(["'])([^\n]{0,500}?)\4\s*\)|\]\([^)\n]{0,500}\)|\]\[[^\]\n]{0,100}\])/g, (m) => {
    const open = { start: m.index, end: m.index + m[1]!.length, with: '' };
    const close = m.index + m[1]!.length + m[2]!.length;
    if (m[3] === undefined) return [open, { start: close, end: m.index + m[0].length, with: '' }];
    const titleStart = close + m[3].length + 1;
    const titleEnd = titleStart + m[5]!.length;
    return [open, { start: close, end: titleStart, with: BREAK }, { start: titleEnd, end: m.index + m[0].length, with: BREAK }];
  });
  add(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (m) => {
    const body = m[1]!;
    let ch: string | undefined;
    if (body[0] === '#') {
      const cp = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      ch = cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : undefined;
    } else {
      ch = ownValue(NAMED_ENTITIES, body.toLowerCase());
    }
    return ch === undefined ? undefined : { start: m.index, end: m.index + m[0].length, with: ch, spelled: true };
  });
  add(/\\([\\`*_{}[\]()#+\-.!~|<>])/g, (m) => ({ start: m.index, end: m.index + 1, with: '' }));
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  let reached = 0;
  for (const span of spans) {
    if (span.start < reached) continue;
    out.push(span);
    reached = Math.max(reached, span.end);
  }
  return out;
}
