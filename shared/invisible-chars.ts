// Characters a reader cannot see but a model receives: Unicode tag characters
// (which spell whole hidden sentences, "ASCII smuggling"), zero-width
// characters, bidi controls (Trojan Source), other format characters, odd
// spaces, control characters and variation selectors. Finding them, decoding
// them and drawing them visibly is one pure concern shared by the review rules
// (main process) and the Bytes tab (renderer), so both show the same thing.
import { append } from './append.js';

export type InvisibleKind = 'tag' | 'zero-width' | 'bidi' | 'format' | 'space' | 'control' | 'variation' | 'unusual';

export const INVISIBLE_KIND_LABELS: Readonly<Record<InvisibleKind, { readonly one: string; readonly many: string }>> = {
  tag: { one: 'Unicode tag character', many: 'Unicode tag characters' },
  'zero-width': { one: 'zero-width character', many: 'zero-width characters' },
  bidi: { one: 'bidirectional control', many: 'bidirectional controls' },
  format: { one: 'invisible format character', many: 'invisible format characters' },
  space: { one: 'unusual space', many: 'unusual spaces' },
  control: { one: 'control character', many: 'control characters' },
  variation: { one: 'variation selector', many: 'variation selectors' },
  unusual: { one: 'unusual character', many: 'unusual characters' },
};

const NAMES: Readonly<Record<number, string>> = {
  0x007f: 'DELETE',
  0x00a0: 'NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x1680: 'OGHAM SPACE MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x2000: 'EN QUAD',
  0x2001: 'EM QUAD',
  0x2002: 'EN SPACE',
  0x2003: 'EM SPACE',
  0x2004: 'THREE-PER-EM SPACE',
  0x2005: 'FOUR-PER-EM SPACE',
  0x2006: 'SIX-PER-EM SPACE',
  0x2007: 'FIGURE SPACE',
  0x2008: 'PUNCTUATION SPACE',
  0x2009: 'THIN SPACE',
  0x200a: 'HAIR SPACE',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x202f: 'NARROW NO-BREAK SPACE',
  0x205f: 'MEDIUM MATHEMATICAL SPACE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x2800: 'BRAILLE PATTERN BLANK',
  0x3000: 'IDEOGRAPHIC SPACE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (BOM)',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xfffd: 'REPLACEMENT CHARACTER',
  0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

const SHORT: Readonly<Record<number, string>> = {
  0x00a0: 'NBSP',
  0x00ad: 'SHY',
  0x200b: 'ZWSP',
  0x200c: 'ZWNJ',
  0x200d: 'ZWJ',
  0x200e: 'LRM',
  0x200f: 'RLM',
  0x202a: 'LRE',
  0x202b: 'RLE',
  0x202c: 'PDF',
  0x202d: 'LRO',
  0x202e: 'RLO',
  0x2060: 'WJ',
  0x2066: 'LRI',
  0x2067: 'RLI',
  0x2068: 'FSI',
  0x2069: 'PDI',
  0xfeff: 'BOM',
};

const C0_NAMES = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'TAB', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

const FORMAT = /^\p{Cf}$/u;

/**
 * The kind of a code point a reader would not see, or undefined for an
 * ordinary one. Tab, line feed and carriage return are ordinary: they are how
 * text is laid out, not a way to hide it.
 */
export function classifyCodePoint(cp: number): InvisibleKind | undefined {
  if (cp === 0x09 || cp === 0x0a || cp === 0x0d) return undefined;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return 'control';
  if (cp < 0xa0) return undefined;
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0x2060 || cp === 0xfeff || cp === 0x180e) return 'zero-width';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f || cp === 0x061c) return 'bidi';
  if (cp === 0x00a0 || cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x202f || cp === 0x205f || cp === 0x3000) return 'space';
  // Letters that draw as blank: used to make names and text look empty.
  if (cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0 || cp === 0x2800) return 'space';
  if (cp === 0x2028 || cp === 0x2029) return 'control';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'variation';
  if (cp === 0x034f) return 'format';
  if (cp === 0xfffd || (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0x10ffff)) return 'unusual';
  if (FORMAT.test(String.fromCodePoint(cp))) return 'format';
  return undefined;
}

export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The Unicode name where known, else the code point. */
export function codePointName(cp: number): string {
  if (cp < 0x20) return `${C0_NAMES[cp] ?? ''} (control)`.trim();
  if (cp >= 0xe0020 && cp <= 0xe007e) return `TAG ${JSON.stringify(String.fromCharCode(cp - 0xe0000))}`;
  if (cp >= 0xfe00 && cp <= 0xfe0f) return `VARIATION SELECTOR-${cp - 0xfe00 + 1}`;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return `VARIATION SELECTOR-${cp - 0xe0100 + 17}`;
  return NAMES[cp] ?? codePointLabel(cp);
}

/** A short name to draw in place of the character (ZWSP, RLO, U+2063…). */
export function shortCodePointName(cp: number): string {
  if (cp < 0x20) return C0_NAMES[cp] ?? codePointLabel(cp);
  return SHORT[cp] ?? codePointLabel(cp);
}

/** The ASCII that tag characters U+E0020–U+E007E spell; the language and cancel tags are shown by code. */
export function decodeTagCharacters(codePoints: readonly number[]): string {
  return codePoints
    .map((cp) => {
      const ascii = cp - 0xe0000;
      return ascii >= 0x20 && ascii <= 0x7e ? String.fromCharCode(ascii) : `<${codePointLabel(cp)}>`;
    })
    .join('');
}

const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;

function isPictograph(cp: number | undefined): boolean {
  return cp !== undefined && PICTOGRAPH.test(String.fromCodePoint(cp));
}

/**
 * Whether the character at `index` is an ordinary part of an emoji: a zero
 * width joiner between two pictographs (👩‍💻), or the text/emoji presentation
 * selector after a pictograph (❤️). Those are everywhere in honest text.
 */
export function isEmojiPart(text: string, index: number): boolean {
  const cp = text.codePointAt(index);
  if (cp !== 0x200d && cp !== 0xfe0f && cp !== 0xfe0e) return false;
  const before = previousCodePoint(text, index);
  if (cp !== 0x200d) return isPictograph(before) || (before !== undefined && before >= 0x20 && before < 0x7f && /[#*0-9]/.test(String.fromCodePoint(before)));
  const after = text.codePointAt(index + 1);
  // ZWJ after a pictograph (possibly followed by VS16 or a skin tone) and before one.
  const beforeOk = isPictograph(before) || before === 0xfe0f || (before !== undefined && before >= 0x1f3fb && before <= 0x1f3ff);
  return beforeOk && isPictograph(after);
}

function previousCodePoint(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

/**
 * Subdivision flags (🏴 followed by tag letters and CANCEL TAG, e.g. the flag
 * of England) are the one honest use of tag characters (Unicode emoji tag
 * sequences, UTS #51).
 */
function isFlagTagSequence(text: string, index: number, codePoints: readonly number[]): boolean {
  if (previousCodePoint(text, index) !== 0x1f3f4) return false;
  if (codePoints.length < 3 || codePoints.length > 8 || codePoints[codePoints.length - 1] !== 0xe007f) return false;
  return codePoints.slice(0, -1).every((cp) => (cp >= 0xe0030 && cp <= 0xe0039) || (cp >= 0xe0061 && cp <= 0xe007a));
}

/** One run of consecutive invisible characters of one kind. */
export interface InvisibleRun {
  readonly kind: InvisibleKind;
  /** UTF-16 offset of the first character in the text. */
  readonly index: number;
  /** UTF-16 length of the run. */
  readonly length: number;
  /** 1-based line and column (columns count code points). */
  readonly line: number;
  readonly column: number;
  readonly codePoints: readonly number[];
  /** For tag characters: the ASCII they spell. */
  readonly decoded?: string;
}

/**
 * Every run of invisible characters in the text, in order. Emoji joiners and
 * presentation selectors are skipped (see isEmojiPart); a byte-order mark at
 * the very start is a file-format matter and reported by the format rules.
 */
export function findInvisible(text: string, options: { includeEmojiParts?: boolean; includeLeadingBom?: boolean } = {}): InvisibleRun[] {
  const runs: InvisibleRun[] = [];
  let line = 1;
  let column = 1;
  let index = 0;
  let current: { kind: InvisibleKind; index: number; end: number; line: number; column: number; codePoints: number[] } | undefined;
  const close = (end: number) => {
    if (!current) return;
    if (current.kind === 'tag' && !options.includeEmojiParts && isFlagTagSequence(text, current.index, current.codePoints)) {
      current = undefined;
      return;
    }
    runs.push({
      kind: current.kind,
      index: current.index,
      length: end - current.index,
      line: current.line,
      column: current.column,
      codePoints: current.codePoints,
      ...(current.kind === 'tag' ? { decoded: decodeTagCharacters(current.codePoints) } : {}),
    });
    current = undefined;
  };
  while (index < text.length) {
    const cp = text.codePointAt(index)!;
    const width = cp > 0xffff ? 2 : 1;
    let kind = classifyCodePoint(cp);
    if (kind && !options.includeEmojiParts && isEmojiPart(text, index)) kind = undefined;
    if (kind && index === 0 && cp === 0xfeff && !options.includeLeadingBom) kind = undefined;
    if (kind) {
      if (current && current.kind === kind && current.end === index) {
        current.codePoints.push(cp);
        current.end = index + width;
      } else {
        close(index);
        current = { kind, index, end: index + width, line, column, codePoints: [cp] };
      }
    } else {
      close(index);
    }
    if (cp === 0x0a) {
      line++;
      column = 1;
    } else {
      column++;
    }
    index += width;
  }
  close(index);
  return runs;
}

export type RevealedSegment =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'invisible'; readonly kind: Exclude<InvisibleKind, 'tag'>; readonly codePoints: readonly number[]; readonly text: string; readonly label: string }
  /** A run of tag characters, with the ASCII it spells. */
  | { readonly type: 'tags'; readonly codePoints: readonly number[]; readonly decoded: string; readonly text: string; readonly label: string };

/** Splits text into plain runs and marked runs, for a view that draws each invisible run as a badge. */
export function revealSegments(text: string, options: { includeEmojiParts?: boolean } = {}): RevealedSegment[] {
  const out: RevealedSegment[] = [];
  let plain = 0;
  for (const run of findInvisible(text, { includeLeadingBom: true, ...(options.includeEmojiParts !== undefined ? { includeEmojiParts: options.includeEmojiParts } : {}) })) {
    if (run.index > plain) out.push({ type: 'text', text: text.slice(plain, run.index) });
    const raw = text.slice(run.index, run.index + run.length);
    if (run.kind === 'tag') {
      out.push({ type: 'tags', codePoints: run.codePoints, decoded: run.decoded ?? '', text: raw, label: markerFor(run) });
    } else {
      out.push({ type: 'invisible', kind: run.kind, codePoints: run.codePoints, text: raw, label: markerFor(run) });
    }
    plain = run.index + run.length;
  }
  if (plain < text.length) out.push({ type: 'text', text: text.slice(plain) });
  return out;
}

function markerFor(run: InvisibleRun): string {
  if (run.kind === 'tag') return `⟦hidden tag text: ${JSON.stringify(run.decoded ?? '')}⟧`;
  return run.codePoints.map((cp) => `⟦${shortCodePointName(cp)}⟧`).join('');
}

/**
 * The text with every invisible character drawn as a visible marker:
 * `⟦ZWSP⟧`, `⟦RLO⟧`, `⟦U+2063⟧`, and a run of tag characters as
 * `⟦hidden tag text: "…"⟧`. Used for finding excerpts and plain-text views.
 */
export function revealInvisible(text: string, options: { includeEmojiParts?: boolean } = {}): string {
  return revealSegments(text, options)
    .map((s) => (s.type === 'text' ? s.text : s.label))
    .join('');
}

/** Counts per kind, for a one-line description ("2 zero-width characters, 1 bidirectional control"). */
export function describeInvisible(runs: readonly InvisibleRun[]): string {
  const counts = new Map<InvisibleKind, number>();
  for (const run of runs) counts.set(run.kind, (counts.get(run.kind) ?? 0) + run.codePoints.length);
  const parts: string[] = [];
  for (const kind of Object.keys(INVISIBLE_KIND_LABELS) as InvisibleKind[]) {
    const n = counts.get(kind) ?? 0;
    if (n > 0) parts.push(`${n} ${n === 1 ? INVISIBLE_KIND_LABELS[kind].one : INVISIBLE_KIND_LABELS[kind].many}`);
  }
  return parts.join(', ');
}

/**
 * A URI (or any identifier) as it must be drawn: every invisible character
 * marked as in revealInvisible, and tab, line feed and carriage return too —
 * they lay out text, but in a URI they only hide where it really ends.
 */
export function revealIdentifier(text: string): string {
  // Fast path: nothing to mark (almost every URI).
  if (!/[^\x20-\x7e]/.test(text)) return text;
  return text
    .split(/([\t\n\r])/)
    .map((part) => (part === '\t' ? '⟦TAB⟧' : part === '\n' ? '⟦LF⟧' : part === '\r' ? '⟦CR⟧' : revealInvisible(part)))
    .join('');
}

/** revealIdentifier as segments, for a view that draws each mark as a badge (InvisibleText). */
export function revealIdentifierSegments(text: string): RevealedSegment[] {
  if (!/[^\x20-\x7e]/.test(text)) return text === '' ? [] : [{ type: 'text', text }];
  const out: RevealedSegment[] = [];
  for (const part of text.split(/([\t\n\r])/)) {
    if (part === '') continue;
    if (part === '\t' || part === '\n' || part === '\r') {
      const cp = part.charCodeAt(0);
      out.push({ type: 'invisible', kind: 'control', codePoints: [cp], text: part, label: `⟦${shortCodePointName(cp)}⟧` });
    } else append(out, revealSegments(part));
  }
  return out;
}
