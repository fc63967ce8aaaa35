// Text as the intent matchers read it: a list of words, each with the place
// in the ORIGINAL text it came from, grouped into sentences. The text is
// folded first (fold.ts: invisible characters, lookalike letters, markup,
// case), so one spelling of a phrase stands for its disguises; then here:
//   - whitespace collapsed, sentences found (stops, blank lines, list items,
//     block tags; "e.g." and "file.txt" do not end one);
//   - contractions read as their words ("don't" -> do not);
//   - leetspeak inside a word that mixes letters and digits ("1gn0re");
//   - spaced-out letters ("i g n o r e", "i-g-n-o-r-e") joined, and split
//     back into words the matchers know when they ran together;
//   - syllables joined by hyphens ("dis-re-gard") read as the word they spell;
//   - a dot file's name as it is said (".env" is "dotenv").
// Positions stay exact: every word remembers the original span it came from.
import { fold } from './fold.js';
import { BREAK, URL_MARK } from './markup.js';
import { ownValue } from '../../../../shared/data-record.js';

// The line-marker patterns' cleaning, kept importable from here where the rules have always found it.
export { cleanText } from './fold.js';

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
  /** A dash or a bracket follows the word: an aside set off by a pair of them may run longer than one between commas. */
  readonly setOffAfter: boolean;
  /** A URL follows the word ("append it to https://…"): where something is sent, when the word says so. */
  readonly urlAfter: boolean;
}

const MIXED = /[013457@$]/;
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** Two-letter words that leetspeak spells with one digit ("0r", "1n", "t0"); units and squares ("1s", "4k", "b3") mostly spell none. */
const SHORT_LEET = new Set(['or', 'in', 'it', 'at', 'to', 'of', 'on', 'an', 'so', 'no', 'do', 'be', 'me', 'my', 'we']);

/** "1gn0re" → "ignore": only in a word that mixes letters with digits (so "3 files" and "2026" stay). */
function unLeet(word: string): string {
  const letters = word.replace(/[^a-z]/g, '').length;
  if (letters < 1 || !/[013457@$]/.test(word)) return word;
  let out = '';
  for (const c of word) out += LEET[c] ?? c;
  // A word of one letter and one digit is leet only when it spells a short word of its own ("0r" → "or").
  if (letters < 2) return word.length === 2 && SHORT_LEET.has(out) ? out : word;
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
    const base = ownValue(NOT_FORMS, word);
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
  // Fewest words up to each letter, and where the last of them starts. One step back per letter, not a copy of the
  // words so far: a hostile file makes the run as long as itself, and copies were quadratic in it (gigabytes).
  const n = joined.length;
  const count = new Int32Array(n + 1).fill(-1);
  const from = new Int32Array(n + 1);
  count[0] = 0;
  for (let end = 1; end <= n; end++) {
    for (let start = Math.max(0, end - 16); start < end; start++) {
      // The earliest start wins a tie, as the longest last word.
      if (count[start]! < 0 || (count[end]! >= 0 && count[end]! <= count[start]! + 1)) continue;
      if (!dictionary.has(joined.slice(start, end))) continue;
      count[end] = count[start]! + 1;
      from[end] = start;
    }
  }
  if (count[n]! < 0) return undefined;
  const words = new Array<string>(count[n]!);
  for (let end = n, k = words.length - 1; end > 0; end = from[end]!, k--) words[k] = joined.slice(from[end]!, end);
  return words;
}

interface Word {
  word: string;
  start: number;
  end: number;
  gap: string;
  colonAfter: boolean;
  pauseAfter: boolean;
  setOffAfter: boolean;
  urlAfter: boolean;
}

type MutableToken = { -readonly [K in keyof Token]: Token[K] };

// A word is /[a-z0-9@$]+(?:'[a-z0-9]+)*/ in the folded text. Found by reading each character once: the pattern, run
// with exec, built a match array for every word of every file (normalise.property.test.ts holds these to it).
/** 1 for [a-z0-9], 2 for @ and $ (a word holds these too, but not right after an apostrophe). */
const WORD_CHAR = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789') WORD_CHAR[c.charCodeAt(0)] = 1;
WORD_CHAR[0x40] = 2;
WORD_CHAR[0x24] = 2;

const wordChar = (code: number): number => (code < 128 ? WORD_CHAR[code]! : 0);

/** Where the next word starts at or after `from`, or -1. */
export function nextWord(f: string, from: number): number {
  for (let i = from; i < f.length; i++) if (wordChar(f.charCodeAt(i)) !== 0) return i;
  return -1;
}

/** Where the word that starts at `start` ends: its letters, digits, @ and $, then each "'" followed by letters or digits. */
export function wordEnd(f: string, start: number): number {
  let end = start + 1;
  while (end < f.length && wordChar(f.charCodeAt(end)) !== 0) end++;
  while (end + 1 < f.length && f.charCodeAt(end) === 0x27 && wordChar(f.charCodeAt(end + 1)) === 1) {
    end += 2;
    while (end < f.length && wordChar(f.charCodeAt(end)) === 1) end++;
  }
  return end;
}

/** The words of a text with their original positions and sentences (one pass: a word is built once). */
export function tokenise(text: string, dictionary: ReadonlySet<string>): Tokenised {
  const folded = fold(text);
  const f = folded.text;
  const tokens: MutableToken[] = [];
  let sentence = 0;
  let previous: string | undefined;
  // A run of one-letter words, held back until it ends: "i g n o r e" is joined.
  let run: Word[] = [];
  let lastWord: { colonAfter: boolean; pauseAfter: boolean; setOffAfter: boolean; urlAfter: boolean } | undefined;

  const emit = (w: Word, word: string, gap: string) => {
    if (tokens.length > 0 && gap !== ' ' && breaksSentence(gap, previous, text, w.start)) sentence++;
    if (!word.includes("'") && ownValue(NOT_FORMS, word) === undefined) {
      const t: MutableToken = { word, start: w.start, end: w.end, sentence, colonAfter: w.colonAfter, pauseAfter: w.pauseAfter, setOffAfter: w.setOffAfter, urlAfter: w.urlAfter };
      tokens.push(t);
    } else {
      const parts = expand(word);
      for (let k = 0; k < parts.length; k++) {
        const final = k === parts.length - 1;
        tokens.push({ word: parts[k]!, start: w.start, end: w.end, sentence, colonAfter: final && w.colonAfter, pauseAfter: final && w.pauseAfter, setOffAfter: final && w.setOffAfter, urlAfter: final && w.urlAfter });
      }
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
        emit({ word: words[k]!, start: first.start, end: lastLetter.end, gap: first.gap, colonAfter: final && lastLetter.colonAfter, pauseAfter: final && lastLetter.pauseAfter, setOffAfter: final && lastLetter.setOffAfter, urlAfter: final && lastLetter.urlAfter }, words[k]!, k === 0 ? first.gap : ' ');
      }
    } else {
      for (const r of run) emit(r, r.word, r.gap);
    }
    run = [];
  };

  let last = 0;
  for (let at = nextWord(f, 0); at >= 0; at = nextWord(f, last)) {
    const end = wordEnd(f, at);
    // Most gaps are one space: no string to build, nothing to test.
    const single = at - last === 1 && f.charCodeAt(last) === 0x20;
    const gap = single ? ' ' : f.slice(last, at);
    if (!single && lastWord) {
      if (gap.includes(':')) lastWord.colonAfter = true;
      if (/[,:;()\u2013\u2014]|\s--?\s/.test(gap)) lastWord.pauseAfter = true;
      if (/[()\u2013\u2014]|\s--?\s/.test(gap)) lastWord.setOffAfter = true;
      if (gap.includes(URL_MARK)) lastWord.urlAfter = true;
    }
    last = end;
    let word = f.slice(at, end);
    const c0 = word.charCodeAt(0);
    const cn = word.charCodeAt(word.length - 1);
    if (c0 === 0x40 || c0 === 0x24 || cn === 0x40 || cn === 0x24) word = word.replace(/^[@$]+|[@$]+$/g, '');
    if (word === '') continue;
    if (MIXED.test(word)) word = unLeet(word);
    const start = folded.from[at]!;
    // A dot file's name reads as it is said: ".env" is "dotenv" (not "process.env", where a word comes before the dot).
    if (start > 0 && text.charCodeAt(start - 1) === 0x2e && !/[\w.]/.test(text[start - 2] ?? '') && dictionary.has(`dot${word}`)) word = `dot${word}`;
    const w: Word = { word, start, end: folded.to[end - 1]!, gap, colonAfter: false, pauseAfter: false, setOffAfter: false, urlAfter: false };
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
  if (lastWord && f.slice(last).includes(URL_MARK)) lastWord.urlAfter = true;
  flush();
  return { tokens: joinSyllables(tokens, text, dictionary) };
}

/** Whether the original text between two words is one hyphen (or a soft or non-breaking one) and nothing else. */
function hyphenBetween(text: string, end: number, start: number): boolean {
  if (start !== end + 1) return false;
  const c = text.charCodeAt(end);
  return c === 0x2d || c === 0x2010 || c === 0x2011 || c === 0xad;
}

/**
 * Syllables joined by hyphens ("dis-re-gard pre-vi-ous in-struc-tions") read as the word they spell, when the
 * matchers know that word and a piece is not one: a compound of words ("set-up", "read-only") stays as it is.
 */
function joinSyllables(tokens: MutableToken[], text: string, dictionary: ReadonlySet<string>): MutableToken[] {
  let out: MutableToken[] | undefined;
  for (let i = 0; i < tokens.length; ) {
    let j = i;
    while (j + 1 < tokens.length && tokens[j + 1]!.sentence === tokens[i]!.sentence && hyphenBetween(text, tokens[j]!.end, tokens[j + 1]!.start)) j++;
    if (j > i) {
      const chain = tokens.slice(i, j + 1);
      const joined = chain.map((t) => t.word).join('');
      if (dictionary.has(joined) && chain.some((t) => !dictionary.has(t.word))) {
        out ??= tokens.slice(0, i);
        const last = chain[chain.length - 1]!;
        out.push({ ...last, word: joined, start: chain[0]!.start });
        i = j + 1;
        continue;
      }
    }
    for (let k = i; k <= j; k++) out?.push(tokens[k]!);
    i = j + 1;
  }
  return out ?? tokens;
}
