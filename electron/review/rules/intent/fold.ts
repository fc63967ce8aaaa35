// Text folded the way a reader sees it, every folded character keeping the
// place in the ORIGINAL text it came from:
//   - invisible characters dropped (zero-width, bidi controls, tag
//     characters, variation selectors); odd spaces read as spaces;
//   - Unicode NFKD with diacritics dropped, then NFKC-style compatibility
//     forms (full-width, mathematical letters, ligatures) and the lookalike
//     letters of confusables.ts (Cyrillic "о", Greek "ι") read as Latin;
//   - markup a renderer hides (markup.ts) dropped or replaced;
//   - case folded.
// Also the lighter cleaning the line-marker patterns read (cleanText).
// Apart from tokenising: this works on characters, that on words.
import { classifyCodePoint } from '../../../../shared/invisible-chars.js';
import { lookalikeLetter } from '../../confusables.js';
import { BREAK, markupSpans } from './markup.js';

export interface Folded {
  readonly text: string;
  /** Original start offset of each folded character. */
  readonly from: Int32Array;
  /** Original end offset of each folded character. */
  readonly to: Int32Array;
}

const MARK = /\p{M}/u;
const APOSTROPHES = new Set(['\u2019', '\u2018', '\u02bc', '\u2032', '\u00b4']);

/** How one original code point reads once folded ('' when it is dropped). */
function foldCodePoint(ch: string, cp: number): string {
  if (cp === 0x0a) return '\n';
  if (cp === 0x0d) return '';
  if (cp === 0x09) return ' ';
  if (cp < 0x80) {
    if (ch === '*' || ch === '`' || ch === '~') return '';
    if (ch === '_' || ch === '\\') return ' ';
    if (ch === '|') return BREAK;
    return ch >= 'A' && ch <= 'Z' ? ch.toLowerCase() : ch;
  }
  const kind = classifyCodePoint(cp);
  if (kind === 'space') return ' ';
  if (kind === 'control') return cp === 0x2028 || cp === 0x2029 ? '\n' : ' ';
  if (kind !== undefined) return '';
  if (APOSTROPHES.has(ch)) return "'";
  let out = '';
  for (const part of ch.normalize('NFKD').toLowerCase().normalize('NFKD')) {
    if (MARK.test(part)) continue;
    out += lookalikeLetter(part) ?? part;
  }
  return out;
}

/** Folded text being built, with the original span of every UTF-16 unit (grows as needed). */
class FoldBuffer {
  private units = new Uint16Array(1024);
  private fromAt = new Int32Array(1024);
  private toAt = new Int32Array(1024);
  length = 0;

  constructor(capacity: number) {
    this.grow(capacity);
  }

  private grow(capacity: number): void {
    if (capacity <= this.units.length) return;
    const size = Math.max(capacity, this.units.length * 2);
    const units = new Uint16Array(size);
    units.set(this.units.subarray(0, this.length));
    const from = new Int32Array(size);
    from.set(this.fromAt.subarray(0, this.length));
    const to = new Int32Array(size);
    to.set(this.toAt.subarray(0, this.length));
    this.units = units;
    this.fromAt = from;
    this.toAt = to;
  }

  unit(code: number, start: number, end: number): void {
    if (this.length === this.units.length) this.grow(this.length + 1);
    this.units[this.length] = code;
    this.fromAt[this.length] = start;
    this.toAt[this.length] = end;
    this.length++;
  }

  string(s: string, start: number, end: number): void {
    for (let k = 0; k < s.length; k++) this.unit(s.charCodeAt(k), start, end);
  }

  done(): Folded {
    // UTF-16 units in, the same units out (a lone surrogate becomes U+FFFD, one unit for one).
    const text = UTF16.decode(this.units.subarray(0, this.length));
    return { text, from: this.fromAt.subarray(0, this.length), to: this.toAt.subarray(0, this.length) };
  }
}

/** Text an entity stands for, folded character by character as the text around it is. */
function foldSpelled(text: string): string {
  let out = '';
  for (const ch of text) out += foldCodePoint(ch, ch.codePointAt(0)!);
  return out;
}

const UTF16 = new TextDecoder('utf-16le');
const A = 0x41;
const Z = 0x5a;

export function fold(text: string): Folded {
  const spans = markupSpans(text);
  const out = new FoldBuffer(text.length + 16);
  let next = 0;
  for (let i = 0; i < text.length; ) {
    const span = spans[next];
    if (span && span.start === i) {
      // An entity stands for a letter the writer spelled: "&#x49;gnore" folds as "Ignore" does (case, lookalikes).
      out.string(span.spelled ? foldSpelled(span.with) : span.with, span.start, span.end);
      i = span.end;
      next++;
      continue;
    }
    const code = text.charCodeAt(i);
    // The common case, plain ASCII, without building strings.
    if (code < 0x80) {
      if (code === 0x2a || code === 0x60 || code === 0x7e || code === 0x0d) {
        // * ` ~ and CR: markup and line endings a reader does not read as part of a word.
      } else if (code === 0x5f || code === 0x5c || code === 0x09) out.unit(0x20, i, i + 1);
      else if (code === 0x7c) out.unit(0x2029, i, i + 1);
      else out.unit(code >= A && code <= Z ? code + 32 : code, i, i + 1);
      i++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    out.string(foldCodePoint(text.slice(i, i + width), cp), i, i + width);
    i += width;
  }
  return out.done();
}

/** The text with invisible characters dropped and lookalike letters folded, case and punctuation kept, for the line-marker patterns. */
export function cleanText(text: string): { readonly text: string; readonly toSource: (offset: number) => number } {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(text)) return { text, toSource: (offset) => offset };
  let out = '';
  const from: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const ch = text.slice(i, i + width);
    const kind = cp < 0x80 ? undefined : classifyCodePoint(cp);
    let folded: string;
    if (kind === 'space') folded = ' ';
    else if (kind === 'control' || kind === 'tag' || kind === 'zero-width' || kind === 'bidi' || kind === 'variation' || kind === 'format') folded = '';
    else if (cp < 0x80) folded = ch;
    else {
      folded = '';
      for (const part of ch.normalize('NFKC')) {
        const lower = part.toLowerCase();
        const look = lookalikeLetter(lower);
        folded += look === undefined ? part : part === lower ? look : look.toUpperCase();
      }
    }
    for (const c of folded) {
      out += c;
      for (let k = 0; k < c.length; k++) from.push(i);
    }
    i += width;
  }
  return { text: out, toSource: (offset) => from[offset] ?? text.length };
}
