// Characters a reader cannot see but a model receives: zero-width, bidi
// controls, Unicode tag characters (which can spell whole hidden sentences),
// odd spaces, control characters and variation selectors. The Bytes tab and
// the frontmatter table split text into plain runs and marked characters so
// nothing hidden stays hidden. Pure functions: no DOM, no React.

export type InvisibleKind = 'zero-width' | 'bidi' | 'tag' | 'space' | 'control' | 'variation' | 'unusual';

export const KIND_LABELS: Record<InvisibleKind, { readonly one: string; readonly many: string }> = {
  'zero-width': { one: 'zero-width character', many: 'zero-width characters' },
  bidi: { one: 'bidirectional control', many: 'bidirectional controls' },
  tag: { one: 'Unicode tag character', many: 'Unicode tag characters' },
  space: { one: 'unusual space', many: 'unusual spaces' },
  control: { one: 'control character', many: 'control characters' },
  variation: { one: 'variation selector', many: 'variation selectors' },
  unusual: { one: 'unusual character', many: 'unusual characters' },
};

const NAMES: Record<number, string> = {
  0x00a0: 'NBSP',
  0x00ad: 'SHY',
  0x034f: 'CGJ',
  0x061c: 'ALM',
  0x115f: 'HANGUL FILLER',
  0x1160: 'HANGUL FILLER',
  0x1680: 'OGHAM SPACE',
  0x180e: 'MVS',
  0x200b: 'ZWSP',
  0x200c: 'ZWNJ',
  0x200d: 'ZWJ',
  0x200e: 'LRM',
  0x200f: 'RLM',
  0x2028: 'LINE SEP',
  0x2029: 'PARA SEP',
  0x202a: 'LRE',
  0x202b: 'RLE',
  0x202c: 'PDF',
  0x202d: 'LRO',
  0x202e: 'RLO',
  0x202f: 'NNBSP',
  0x205f: 'MMSP',
  0x2060: 'WJ',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LRI',
  0x2067: 'RLI',
  0x2068: 'FSI',
  0x2069: 'PDI',
  0x3000: 'IDEOGRAPHIC SPACE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'BOM/ZWNBSP',
  0xffa0: 'HANGUL FILLER',
  0xfffd: 'REPLACEMENT',
  0x007f: 'DEL',
  0x000d: 'CR',
};

const C0_NAMES = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'TAB', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

/** The kind of a code point a reader would not see, or undefined for an ordinary one. Tab and line feed are ordinary. */
export function classify(cp: number): InvisibleKind | undefined {
  if (cp === 0x09 || cp === 0x0a) return undefined;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return 'control';
  if (cp < 0xa0) return undefined;
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0x2060 || cp === 0xfeff || cp === 0x180e || cp === 0x00ad || cp === 0x034f) return 'zero-width';
  if (cp >= 0x2061 && cp <= 0x2064) return 'zero-width';
  if (cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0) return 'zero-width';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f || cp === 0x061c) return 'bidi';
  if (cp === 0x00a0 || cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x202f || cp === 0x205f || cp === 0x3000) return 'space';
  if (cp === 0x2028 || cp === 0x2029) return 'control';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'variation';
  if (cp === 0xfffd || (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0x10ffff) || (cp >= 0xfff9 && cp <= 0xfffb)) return 'unusual';
  return undefined;
}

export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A short name to draw in place of the character. */
export function shortName(cp: number): string {
  if (cp < 0x20) return C0_NAMES[cp] ?? codePointLabel(cp);
  return NAMES[cp] ?? codePointLabel(cp);
}

export type Segment =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'char'; readonly kind: Exclude<InvisibleKind, 'tag'>; readonly codePoint: number; readonly text: string }
  /** A run of tag characters, with the ASCII they spell. */
  | { readonly type: 'tags'; readonly codePoints: readonly number[]; readonly decoded: string; readonly text: string };

/** Splits text into plain runs and marked characters; a run of tag characters becomes one segment with its hidden ASCII decoded. */
export function segment(text: string): Segment[] {
  const out: Segment[] = [];
  let plainStart = 0;
  let index = 0;
  const flushPlain = (end: number) => {
    if (end > plainStart) out.push({ type: 'text', text: text.slice(plainStart, end) });
  };
  while (index < text.length) {
    const cp = text.codePointAt(index)!;
    const width = cp > 0xffff ? 2 : 1;
    const kind = classify(cp);
    if (!kind) {
      index += width;
      continue;
    }
    flushPlain(index);
    if (kind === 'tag') {
      const start = index;
      const codePoints: number[] = [];
      while (index < text.length) {
        const next = text.codePointAt(index)!;
        if (classify(next) !== 'tag') break;
        codePoints.push(next);
        index += 2;
      }
      out.push({ type: 'tags', codePoints, decoded: decodeTags(codePoints), text: text.slice(start, index) });
    } else {
      out.push({ type: 'char', kind, codePoint: cp, text: text.slice(index, index + width) });
      index += width;
    }
    plainStart = index;
  }
  flushPlain(index);
  return out;
}

/** The ASCII that tag characters U+E0020–U+E007E spell; other tags (language tag, cancel tag) are shown by code. */
export function decodeTags(codePoints: readonly number[]): string {
  return codePoints
    .map((cp) => {
      const ascii = cp - 0xe0000;
      if (ascii >= 0x20 && ascii <= 0x7e) return String.fromCharCode(ascii);
      return `<${codePointLabel(cp)}>`;
    })
    .join('');
}

export interface InvisibleSummary {
  readonly counts: Readonly<Record<InvisibleKind, number>>;
  readonly total: number;
  /** Hidden ASCII spelled by tag characters, one string per run. */
  readonly hiddenTexts: readonly string[];
  /** Line numbers (1-based) that hold at least one marked character. */
  readonly lines: readonly number[];
}

export function emptyCounts(): Record<InvisibleKind, number> {
  return { 'zero-width': 0, bidi: 0, tag: 0, space: 0, control: 0, variation: 0, unusual: 0 };
}

/** Counts every marked character of a text, per kind, and where they are. */
export function summarise(text: string): InvisibleSummary {
  const counts = emptyCounts();
  const hiddenTexts: string[] = [];
  const lines: number[] = [];
  let total = 0;
  splitLines(text).forEach((line, i) => {
    let found = false;
    for (const s of segment(line.text)) {
      if (s.type === 'text') continue;
      found = true;
      if (s.type === 'tags') {
        counts.tag += s.codePoints.length;
        total += s.codePoints.length;
        hiddenTexts.push(s.decoded);
      } else {
        counts[s.kind] += 1;
        total += 1;
      }
    }
    if (found) lines.push(i + 1);
  });
  return { counts, total, hiddenTexts, lines };
}

export interface Line {
  readonly text: string;
  /** How the line ended: LF, CR LF, or nothing (the last line). */
  readonly ending: '\n' | '\r\n' | '';
}

/** Lines as a reader numbers them; the ending is kept apart so CR LF files show it without calling it hidden. */
export function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (;;) {
    const lf = text.indexOf('\n', start);
    if (lf < 0) {
      if (start < text.length) out.push({ text: text.slice(start), ending: '' });
      return out;
    }
    const crlf = lf > start && text.charCodeAt(lf - 1) === 0x0d;
    out.push({ text: text.slice(start, crlf ? lf - 1 : lf), ending: crlf ? '\r\n' : '\n' });
    start = lf + 1;
  }
}

/** A one-line description of the counts, in words: "2 zero-width characters, 1 bidirectional control". */
export function describeCounts(counts: Readonly<Record<InvisibleKind, number>>): string {
  const parts: string[] = [];
  for (const kind of Object.keys(KIND_LABELS) as InvisibleKind[]) {
    const n = counts[kind];
    if (n > 0) parts.push(`${n} ${n === 1 ? KIND_LABELS[kind].one : KIND_LABELS[kind].many}`);
  }
  return parts.join(', ');
}
