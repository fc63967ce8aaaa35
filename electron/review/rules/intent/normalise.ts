// Text as the intent matchers read it: a list of words, each with the place
// in the ORIGINAL text it came from, grouped into sentences. What a reader
// would not see or would read past is folded away first, so one spelling of
// a phrase stands for its disguises:
//   - invisible characters dropped (zero-width, bidi controls, tag
//     characters, variation selectors); odd spaces read as spaces;
//   - Unicode NFKD with diacritics dropped, then NFKC-style compatibility
//     forms (full-width, mathematical letters, ligatures) and the lookalike
//     letters of confusables.ts (Cyrillic "о", Greek "ι") read as Latin;
//   - markup a renderer hides: **bold**, `code`, ~~strike~~, <b>tags</b>,
//     link targets ([text](url) keeps "text"), HTML entities (&#105;), URLs;
//   - case folded, whitespace collapsed;
//   - leetspeak inside a word that mixes letters and digits ("1gn0re");
//   - spaced-out letters ("i g n o r e", "i-g-n-o-r-e") joined, and split
//     back into words the matchers know when they ran together.
// Positions stay exact: every folded character remembers the original code
// point (or markup span) it came from.
import { classifyCodePoint } from '../../../../shared/invisible-chars.js';
import { lookalikeLetter } from '../../confusables.js';

export interface Token {
  /** The folded word. */
  readonly word: string;
  /** UTF-16 offset in the original text where the word starts. */
  readonly start: number;
  /** UTF-16 offset in the original text just after the word. */
  readonly end: number;
  /** Index of the sentence the word belongs to. */
  readonly sentence: number;
  /** A colon follows the word ("New instructions:"). */
  readonly colonAfter: boolean;
  /** A comma, colon, dash or bracket follows the word: a noun phrase ends there ("API keys, tokens"). */
  readonly pauseAfter: boolean;
}

interface Folded {
  readonly text: string;
  /** Original start offset of each folded character. */
  readonly from: Int32Array;
  /** Original end offset of each folded character. */
  readonly to: Int32Array;
}

/** A stretch of the original to drop or replace before folding (markup). */
interface Span {
  readonly start: number;
  readonly end: number;
  readonly with: string;
}

// Tags a renderer draws inline: removing them must not split a word ("ig<b>no</b>re").
const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var', 'wbr']);
const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '', zwj: '', zwnj: '', lsquo: "'", rsquo: "'", ldquo: '"', rdquo: '"', ndash: '-', mdash: '-', hellip: '...' };
/** Marks a hard sentence break inside the folded text (block tags, table cells). */
const BREAK = '\u2029';

function markupSpans(text: string): Span[] {
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
  add(/\b(?:https?|ftp):\/\/[^\s<>()"'`\]]+/gi, (m) => ({ start: m.index, end: m.index + m[0].length, with: ' ' }));
  add(/<!--|-->/g, (m) => ({ start: m.index, end: m.index + m[0].length, with: ' ' }));
  add(/<\/?([a-z][a-z0-9-]*)\b[^<>\n]{0,300}?\/?>/gi, (m) => ({ start: m.index, end: m.index + m[0].length, with: INLINE_TAGS.has(m[1]!.toLowerCase()) ? '' : BREAK }));
  // [text](target) and ![alt](target): keep the text, drop the brackets and the target.
  add(/(!?\[)([^\]\n]{0,300})(\]\([^)\n]{0,500}\)|\]\[[^\]\n]{0,100}\])/g, (m) => [
    { start: m.index, end: m.index + m[1]!.length, with: '' },
    { start: m.index + m[1]!.length + m[2]!.length, end: m.index + m[0].length, with: '' },
  ]);
  add(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (m) => {
    const body = m[1]!;
    let ch: string | undefined;
    if (body[0] === '#') {
      const cp = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      ch = cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : undefined;
    } else {
      ch = NAMED_ENTITIES[body.toLowerCase()];
    }
    return ch === undefined ? undefined : { start: m.index, end: m.index + m[0].length, with: ch };
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

const UTF16 = new TextDecoder('utf-16le');
const A = 0x41;
const Z = 0x5a;

function fold(text: string): Folded {
  const spans = markupSpans(text);
  const out = new FoldBuffer(text.length + 16);
  let next = 0;
  for (let i = 0; i < text.length; ) {
    const span = spans[next];
    if (span && span.start === i) {
      out.string(span.with, span.start, span.end);
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

const MIXED = /[013457@$]/;
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** "1gn0re" → "ignore": only in a word that mixes letters with digits (so "3 files" and "2026" stay). */
function unLeet(word: string): string {
  const letters = word.replace(/[^a-z]/g, '').length;
  if (letters < 2 || !/[013457@$]/.test(word)) return word;
  let out = '';
  for (const c of word) out += LEET[c] ?? c;
  return out;
}

const NOT_FORMS: Readonly<Record<string, string>> = {
  dont: 'do', doesnt: 'does', didnt: 'did', cant: 'can', cannot: 'can', wont: 'will', shouldnt: 'should', mustnt: 'must', isnt: 'is', arent: 'are', wasnt: 'was', werent: 'were', wouldnt: 'would', couldnt: 'could', havent: 'have', hasnt: 'has', shant: 'shall', neednt: 'need',
};
const IS_FORMS = new Set(['it', 'that', 'what', 'there', 'here', 'who', 'he', 'she', 'where', 'how']);

/** Contractions read as their words: "don't" → do not, "you're" → you are, "user's" → user. */
function expand(word: string): string[] {
  const apostrophe = word.indexOf("'");
  if (apostrophe < 0) {
    const base = NOT_FORMS[word];
    return base ? [base, 'not'] : [word];
  }
  const head = word.slice(0, apostrophe);
  const tail = word.slice(apostrophe + 1);
  if (tail === 't' && head.endsWith('n')) {
    const stem = head.slice(0, -1);
    return [stem === 'wo' ? 'will' : stem === 'ca' ? 'can' : stem === 'sha' ? 'shall' : stem, 'not'];
  }
  if (tail === 're') return [head, 'are'];
  if (tail === 've') return [head, 'have'];
  if (tail === 'll') return [head, 'will'];
  if (tail === 'm') return [head, 'am'];
  if (tail === 'd') return [head, 'would'];
  if (tail === 's') return head === 'let' ? ['let', 'us'] : IS_FORMS.has(head) ? [head, 'is'] : [head];
  return [head, tail].filter(Boolean);
}

const ABBREVIATIONS = new Set(['e', 'g', 'i', 'eg', 'ie', 'etc', 'vs', 'cf', 'mr', 'mrs', 'ms', 'dr', 'st', 'no', 'approx', 'incl', 'fig', 'al']);
const LOWER = /\p{Ll}/u;
const CAPITAL_FILE = /^[A-Z][A-Z0-9_-]*\.[a-z][a-z0-9]{0,4}\b/;

/** Whether the folded text between two words ends one sentence and starts another. */
function breaksSentence(gap: string, previous: string | undefined, original: string, nextStart: number): boolean {
  // The common short gaps ("; ", ". ", ", ") without a regular expression.
  if (gap.length === 2 && gap.charCodeAt(1) === 0x20) {
    const c = gap.charCodeAt(0);
    if (c === 0x3b || c === 0x21 || c === 0x3f) return true;
    if (c === 0x2e) return previous === undefined || !ABBREVIATIONS.has(previous);
    if (c === 0x2c || c === 0x3a || c === 0x29 || c === 0x22 || c === 0x27) return false;
  }
  if (gap.includes(BREAK)) return true;
  if (/\n[ \t]*\n/.test(gap)) return true;
  // A stop followed by a space ends a sentence ("file.txt" and "e.g" do not).
  const stop = /[.!?;](?=[\s"')\]])/.exec(gap);
  if (stop && !(gap[stop.index] === '.' && previous !== undefined && ABBREVIATIONS.has(previous))) return true;
  if (gap.includes('\n')) {
    // A wrapped line of prose runs on; a list item, a heading or a new capitalised line starts anew.
    // A file name in capitals (AGENTS.md, README.md) wrapped onto the next line runs on too.
    const after = gap.slice(gap.lastIndexOf('\n') + 1);
    return after.trim() !== '' || (!LOWER.test(original[nextStart] ?? '') && !CAPITAL_FILE.test(original.slice(nextStart, nextStart + 40)));
  }
  return false;
}

export interface Tokenised {
  readonly tokens: readonly Token[];
}

/**
 * Splits a run of words that ran together ("ignoreallprevious") into words
 * the matchers know; undefined when it cannot be split that way.
 */
function segment(joined: string, dictionary: ReadonlySet<string>): string[] | undefined {
  if (dictionary.has(joined)) return [joined];
  const best: Array<string[] | undefined> = new Array(joined.length + 1).fill(undefined);
  best[0] = [];
  for (let end = 1; end <= joined.length; end++) {
    for (let start = Math.max(0, end - 16); start < end; start++) {
      const head = best[start];
      const piece = joined.slice(start, end);
      if (!head || !dictionary.has(piece)) continue;
      if (!best[end] || best[end]!.length > head.length + 1) best[end] = [...head, piece];
    }
  }
  return best[joined.length];
}

interface Word {
  word: string;
  start: number;
  end: number;
  gap: string;
  colonAfter: boolean;
  pauseAfter: boolean;
}

type MutableToken = { -readonly [K in keyof Token]: Token[K] };

/** The words of a text with their original positions and sentences (one pass: a word is built once). */
export function tokenise(text: string, dictionary: ReadonlySet<string>): Tokenised {
  const folded = fold(text);
  const f = folded.text;
  const tokens: MutableToken[] = [];
  let sentence = 0;
  let previous: string | undefined;
  // A run of one-letter words, held back until it ends: "i g n o r e" is joined.
  let run: Word[] = [];
  let lastWord: { colonAfter: boolean; pauseAfter: boolean } | undefined;

  const emit = (w: Word, word: string, gap: string) => {
    if (tokens.length > 0 && gap !== ' ' && breaksSentence(gap, previous, text, w.start)) sentence++;
    if (!word.includes("'") && NOT_FORMS[word] === undefined) {
      const t: MutableToken = { word, start: w.start, end: w.end, sentence, colonAfter: w.colonAfter, pauseAfter: w.pauseAfter };
      tokens.push(t);
    } else {
      const parts = expand(word);
      for (let k = 0; k < parts.length; k++) tokens.push({ word: parts[k]!, start: w.start, end: w.end, sentence, colonAfter: k === parts.length - 1 && w.colonAfter, pauseAfter: k === parts.length - 1 && w.pauseAfter });
    }
    previous = word;
  };
  const flush = () => {
    if (run.length >= 4) {
      const first = run[0]!;
      const lastLetter = run[run.length - 1]!;
      const words = segment(run.map((r) => r.word).join(''), dictionary) ?? [run.map((r) => r.word).join('')];
      for (let k = 0; k < words.length; k++) {
        const final = k === words.length - 1;
        emit({ word: words[k]!, start: first.start, end: lastLetter.end, gap: first.gap, colonAfter: final && lastLetter.colonAfter, pauseAfter: final && lastLetter.pauseAfter }, words[k]!, k === 0 ? first.gap : ' ');
      }
    } else {
      for (const r of run) emit(r, r.word, r.gap);
    }
    run = [];
  };

  const pattern = /[a-z0-9@$]+(?:'[a-z0-9]+)*/g;
  let m: RegExpExecArray | null;
  let last = 0;
  while ((m = pattern.exec(f)) !== null) {
    // Most gaps are one space: no string to build, nothing to test.
    const single = m.index - last === 1 && f.charCodeAt(last) === 0x20;
    const gap = single ? ' ' : f.slice(last, m.index);
    if (!single && lastWord) {
      if (gap.includes(':')) lastWord.colonAfter = true;
      if (/[,:;()\u2013\u2014]|\s-\s/.test(gap)) lastWord.pauseAfter = true;
    }
    last = m.index + m[0].length;
    let word = m[0];
    const c0 = word.charCodeAt(0);
    const cn = word.charCodeAt(word.length - 1);
    if (c0 === 0x40 || c0 === 0x24 || cn === 0x40 || cn === 0x24) word = word.replace(/^[@$]+|[@$]+$/g, '');
    if (word === '') continue;
    if (MIXED.test(word)) word = unLeet(word);
    const w: Word = { word, start: folded.from[m.index]!, end: folded.to[m.index + m[0].length - 1]!, gap, colonAfter: false, pauseAfter: false };
    const letter = word.length === 1 && word >= 'a' && word <= 'z';
    if (letter && (run.length === 0 || /^[ .\-/]$/.test(gap))) {
      run.push(w);
    } else {
      flush();
      if (letter) run.push(w);
      else emit(w, word, gap);
    }
    // Flags set on a word after it was emitted must reach its token: point at the token when there is one.
    lastWord = run.length > 0 ? run[run.length - 1]! : tokens[tokens.length - 1];
  }
  if (lastWord && f.slice(last).includes(':')) lastWord.colonAfter = true;
  flush();
  return { tokens };
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
