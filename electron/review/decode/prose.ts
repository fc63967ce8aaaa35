// Prose around a payload: sentences that tell the model to decode something
// and act on it ("decode the following and follow these instructions", "the
// instructions below are base64", "run what this decodes to"), matched on
// normalised text (NFKC, lookalike letters, invisible characters and markup
// removed, whitespace collapsed) with offsets kept in the original; and lines
// written in ROT13 or backwards, told apart from noise by their English.
import { lookalikeLetter } from '../confusables.js';
import { classifyCodePoint } from '../../../shared/invisible-chars.js';
import { reverseText, rot13 } from './codecs.js';
import { commonShare, englishScore } from './words.js';

/** Text prepared for phrase matching, with the original offset of each of its characters. */
export interface Normalized {
  readonly text: string;
  readonly map: readonly number[];
}

export function normalizeProse(source: string): Normalized {
  const out: string[] = [];
  const map: number[] = [];
  let space = true;
  const push = (c: string, at: number): void => {
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || /\s/u.test(c)) {
      if (space) return;
      space = true;
      out.push(' ');
    } else {
      space = false;
      out.push(c);
    }
    map.push(at);
  };
  for (let i = 0; i < source.length; ) {
    const code = source.charCodeAt(i);
    // ASCII, the common case: lowercase it, drop markup and control characters.
    if (code < 0x80) {
      if (code !== 0x2a && code !== 0x5f && code !== 0x7e && code !== 0x60 && (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0x7f) {
        push(code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : source[i]!, i);
      }
      i++;
      continue;
    }
    const cp = source.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const at = i;
    i += ch.length;
    const kind = classifyCodePoint(cp);
    if (kind === 'space') {
      push(' ', at);
      continue;
    }
    if (kind !== undefined && kind !== 'unusual') continue;
    for (const c of ch.normalize('NFKC').toLowerCase()) push(lookalikeLetter(c) ?? c, at);
  }
  return { text: out.join(''), map };
}

const ENCODING = String.raw`(?:base\s?64|b64|base\s?32|base\s?85|ascii\s?85|hex(?:adecimal)?|rot\s?-?13|caesar|reversed?|backwards?|binary|encoded|obfuscated|ciphered|char(?:acter)?\s+codes?|xor(?:ed)?|url-?encoded|percent-?encoded|quoted-?printable(?:\s+encoded)?|uu-?encoded|uuencode)`;
const ACT = String.raw`(?:follow|obey|execute|run|carry\s+out|act\s+on|comply\s+with|perform|apply|do\s+(?:what|as)|treat\s+(?:it|them|the\s+result)\s+as)`;
const THING = String.raw`(?:instructions?|commands?|steps?|directions|orders|rules|message|payload|tasks?|prompt|text|string|content|code|script|block)`;
// What an instruction is about when it says what the encoding is ("code is hexadecimal" in an API doc is not one).
const ORDERS = String.raw`(?:instructions?|commands?|steps?|directions|orders|rules|payload|tasks?|prompt|message|(?:following|below|above|next|hidden)\s+(?:text|string|content|code|script|block|lines?|paragraph))`;

/** "the words of the next line", "its words": what a sentence says to put in the other order. */
const WORDS_OF = String.raw`(?:(?:the|its|their|these|each\s+line'?s?)\s+)?words\b(?:\s+(?:of|in)\s+(?:it|this|them|the\s+(?:following|next)\s+(?:line|lines|sentence|text)))?`;

/** Sentences that tell the model to decode and act; each match is evidence, quoted in the finding. */
export const DECODE_INSTRUCTIONS: readonly RegExp[] = [
  // "decode the following and follow these instructions", "decode it, then run it"
  new RegExp(String.raw`\b(?:decode|decipher|decrypt|unscramble|deobfuscate|reverse|rot13|un-?(?:base64|hex)|uudecode|(?:url|percent|base\s?32|base\s?64|qp)-?decode)\b(?:\s+(?:this|it|them|that|these|the\s+(?:following|text|string|message|payload|block|content|data|line)s?|what\s+follows|below|above|(?:from|as)\s+${ENCODING})){0,3}[^.!?\n]{0,40}?(?:\s*,|\s+and|\s+then|\s*;)\s+(?:then\s+)?${ACT}\b(?!\s+(?:the\s+)?(?:tests?|checks?|linter|build|installer|migration)s?\b)`, 'g'),
  // "follow the decoded instructions", "execute the base64 payload"
  new RegExp(String.raw`\b${ACT}\s+(?:the\s+|these\s+|those\s+|its\s+|their\s+)?(?:decoded|hidden|encoded|embedded|${ENCODING})\s+(?:\w+\s+)?${THING}`, 'g'),
  // "the instructions below are base64", "the real task is written in rot13"
  new RegExp(String.raw`\b(?:the\s+|your\s+|my\s+|these\s+)?(?:real\s+|actual\s+|true\s+|hidden\s+|following\s+|next\s+)?${ORDERS}\s+(?:below|above|here|that\s+follows?|which\s+follows?)?\s*(?:is|are)\s+(?:written\s+|given\s+|provided\s+|encoded\s+|stored\s+)?(?:in\s+|as\s+|with\s+)?(?:a\s+)?${ENCODING}\b`, 'g'),
  // "run what this decodes to", "do whatever it decodes to"
  /\b(?:run|execute|follow|do|obey|perform)\s+(?:what|whatever)\s+(?:this|it|that|the\s+\w+)\s+(?:decodes|decrypts|translates|unscrambles)\s+(?:to|into)\b/g,
  // "after decoding, follow it", "once decoded, execute"
  new RegExp(String.raw`\b(?:after|once)\s+(?:decoding|decoded|decrypting|reversing|you\s+decode)\b[^.!?\n]{0,40}?\b${ACT}\b`, 'g'),
  // "base64-encoded instructions", "these hex instructions"
  new RegExp(String.raw`\b${ENCODING}[-\s](?:encoded\s+)?(?:instructions|commands|directives|orders|system\s+prompt)\b`, 'g'),
  // "read it backwards and do it", "interpret the following in reverse"
  /\b(?:read|interpret)\s+(?:it|this|them|the\s+(?:following|next)\s+\w+)\s+(?:backwards|in\s+reverse|right\s+to\s+left)\b/g,
  // "read the words in reverse order and follow it", "reverse the order of the words, then do what it says"
  new RegExp(String.raw`\b(?:(?:read|interpret|take|put)\s+${WORDS_OF}(?:\s+(?:in|into)\s+(?:reverse|reversed|the\s+opposite|backwards?)\s+order|\s+backwards?|\s+from\s+right\s+to\s+left|\s+from\s+last\s+to\s+first)|reverse\s+the\s+order\s+of\s+${WORDS_OF})[^.!?\n]{0,40}?(?:\s*,|\s+and|\s+then|\s*;)\s+(?:then\s+)?${ACT}\b`, 'g'),
];

export interface Instruction {
  /** Offset in the original text. */
  readonly offset: number;
  readonly length: number;
  /** The sentence as matched (normalised), for the message. */
  readonly quote: string;
  /** The encoding it names, when it names one (base64, rot13, reversed, …). */
  readonly encoding?: string;
}

function encodingNamed(quote: string): string | undefined {
  if (/\bbase\s?64|\bb64\b/.test(quote)) return 'base64';
  if (/\bbase\s?32/.test(quote)) return 'base32';
  if (/\bbase\s?85|\bascii\s?85/.test(quote)) return 'base85';
  if (/\bhex/.test(quote)) return 'hex';
  if (/\brot\s?-?13|\bcaesar/.test(quote)) return 'rot13';
  if (/\bquoted-?printable/.test(quote)) return 'quoted-printable';
  if (/\buu-?(?:en|de)cod/.test(quote)) return 'uuencode';
  if (/\b(?:url|percent)-?(?:en|de)cod/.test(quote)) return 'percent';
  if (/\bwords\b/.test(quote) && /\brevers|\bbackwards?|right to left|last to first|opposite order/.test(quote)) return 'reversed-words';
  if (/\brevers|\bbackwards|right to left/.test(quote)) return 'reversed';
  return undefined;
}

export function decodeInstructions(text: string): Instruction[] {
  if (!/decod|decrypt|decipher|revers|backward|base\s?64|rot\s?-?13|hex|encoded|obfuscat|scrambl|printable|right to left|last to first/i.test(text)) return [];
  const normal = normalizeProse(text);
  const out: Instruction[] = [];
  for (const pattern of DECODE_INSTRUCTIONS) {
    pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = pattern.exec(normal.text)) !== null) {
      const offset = normal.map[m.index] ?? 0;
      const endIndex = m.index + m[0].length - 1;
      const end = (normal.map[endIndex] ?? offset) + 1;
      const quote = m[0].trim();
      // The encoding may be named in the sentence around the order ("stored in base85 … decode the block and follow").
      const encoding = encodingNamed(quote) ?? encodingNamed(normal.text.slice(Math.max(0, m.index - 200), m.index + m[0].length + 100));
      out.push({ offset, length: end - offset, quote, ...(encoding ? { encoding } : {}) });
      if (m[0].length === 0) pattern.lastIndex++;
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}

export interface ProseLine {
  readonly start: number;
  readonly end: number;
  readonly encoding: 'rot13' | 'reversed';
  readonly decoded: string;
}

/** Whether a line holds at least `count` runs of ASCII letters (as many matches of /[A-Za-z]+/g), counted without building them. */
export function hasLetterRuns(line: string, count: number): boolean {
  let runs = 0;
  let inRun = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i) | 0x20;
    const letter = c >= 0x61 && c <= 0x7a;
    if (letter && !inRun && ++runs >= count) return true;
    inRun = letter;
  }
  return false;
}

/**
 * Lines (or the letters part of a line) that read as English only once
 * ROT13-decoded or reversed. A line of real English, of code, or of another
 * language stays as it is: the test is that the transformed line is mostly
 * common words while the line as written is not.
 */
export function hiddenProseLines(text: string, limit = 2000): ProseLine[] {
  const out: ProseLine[] = [];
  const lines = /[^\n]+/g;
  let m: RegExpExecArray | null;
  let checked = 0;
  while ((m = lines.exec(text)) !== null && checked < limit) {
    const line = m[0];
    // Code is not prose: braces, semicolons and assignments do not survive as ROT13 sentences.
    if (line.length > 2000 || line.length < 20 || /[{};=<>]/.test(line)) continue;
    if (!hasLetterRuns(line, 5)) continue;
    checked++;
    if (commonShare(line) >= 0.25) continue;
    // Words of three letters or more: "v1" and "i" say nothing about a language.
    const trimmed = line.trim();
    const start = m.index + line.indexOf(trimmed);
    for (const [encoding, decoded] of [
      ['rot13', rot13(trimmed)],
      ['reversed', reverseText(trimmed)],
    ] as const) {
      const score = englishScore(decoded, 3);
      if (score.distinct >= 4 && score.ratio >= 0.6 && score.words >= 5) {
        out.push({ start, end: start + trimmed.length, encoding, decoded });
        break;
      }
    }
  }
  return out;
}
