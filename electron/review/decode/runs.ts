// Runs that decode to text by themselves, found by their look: base64
// (wrapped over lines too), hex, \x and \u escapes, %-escapes,
// quoted-printable escapes, <~ascii85~> and uuencoded blocks. A run that decodes to no text is kept only as a weak candidate
// (payloads.ts reports it next to a runner), or alone when long and random.
import { entropy, MAX_DECODED } from './codecs.js';
import { binaryKind, decodeWith, type Decoded } from './decode-value.js';
import { overlaps, type Collector, type Found } from './found.js';
import type { Shelf } from './data-spans.js';
import type { Chain } from './literals.js';
import { UU_BLOCK } from './mail-codecs.js';
import { dangerousText, meaningful } from './words.js';

// Every repetition here is bounded (131072, past the largest layer decoded): V8 keeps a backtrack entry per
// repetition of an unbounded loop, and megabytes of one letter overflowed it.
export const RUN = /[A-Za-z0-9+/_-]{16,131072}={0,2}/g;
/** 1 for each character RUN's runs are made of. */
const RUN_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-') RUN_CHAR[c.charCodeAt(0)] = 1;

/**
 * Where RUN next matches at or after `from` (-1: nowhere): the first place 16 of its characters stand in a row. RUN
 * matches there and nowhere before it, since at every earlier place fewer than 16 follow. Why: the pattern, tried at
 * every letter of prose, read each word again from each of its letters; this reads each character once.
 */
export function nextRunStart(text: string, from: number): number {
  let count = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && RUN_CHAR[c] === 1) {
      if (++count === 16) return i - 15;
    } else count = 0;
  }
  return -1;
}
// A continuation line is base64 by its look (a digit, + or /, or padding), not a short word on a line of its own.
const WRAPPED_NEXT = /^[ \t]*\r?\n[ \t>]*(?:["'])?((?=[A-Za-z0-9+/]*[0-9+/=])[A-Za-z0-9+/]{16,131072}={0,2}|[A-Za-z0-9+/]{2,131072}={1,2})(?:["'])?[ \t]*(?=\r?\n|$)/;
const HEX_RUN = /(?<![0-9A-Za-z])(?:0x)?(?:[0-9a-fA-F]{2}){8,131072}(?![0-9A-Za-z])|(?<![0-9A-Za-z])(?:[0-9a-fA-F]{2}[ :,]){7,131072}[0-9a-fA-F]{2}(?![0-9A-Za-z])/g;
const ESCAPE_RUN = /(?:\\x[0-9a-fA-F]{2}){4,131072}|(?:\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]{1,6}\}){4,131072}|(?:\\[0-3][0-7]{2}){4,131072}/g;
const PERCENT_RUN = /(?:%[0-9a-fA-F]{2}){6,131072}/g;
const A85_RUN = /<~[!-uz\s]{4,200000}?~>/g;
// Quoted-printable written as escapes only (=49=67=6E…, soft line breaks allowed): mail needs it for bytes past ASCII,
// never for letters, so a run of escaped letters is the trick, as with %-escapes.
const QP_RUN = /(?:=[0-9A-Fa-f]{2}|=\r?\n){6,131072}/g;

function insideUrl(text: string, offset: number): boolean {
  const window = text.slice(Math.max(0, offset - 2000), offset);
  const before = window.slice(window.lastIndexOf('\n') + 1);
  const token = before.slice(Math.max(before.lastIndexOf(' '), before.lastIndexOf('"'), before.lastIndexOf("'"), before.lastIndexOf('('), before.lastIndexOf('\t')) + 1);
  return /[a-z][a-z0-9+.-]*:\/\//i.test(token);
}

function mostlyAscii(s: string): boolean {
  let ascii = 0;
  for (const c of s) if (c.charCodeAt(0) < 0x80) ascii++;
  return ascii >= s.length * 0.75;
}

export function sniffRuns(text: string, { spans, isCovered, add }: Collector, shelf: Shelf, rawDeflate: boolean, chains: readonly Chain[]): void {
  const base = (start: number, end: number, decoded: Decoded): Found => ({
    start,
    end,
    method: 'encoded',
    encoding: decoded.label,
    raw: text.slice(start, Math.min(end, start + 2000)),
    rawLength: end - start,
    ...(decoded.text !== undefined ? { text: decoded.text } : { binary: decoded.binary! }),
  });
  const judge = (start: number, end: number, value: string, decoded: Decoded | undefined, minLong: number): void => {
    if (!decoded || overlaps(spans, start, end) || isCovered(start, end)) return;
    // An address encoded into another address (an image CDN's file name, a redirect parameter) is how those services work.
    if (decoded.text !== undefined && /^\s*(?:https?|ftp):\/\/\S+\s*$/i.test(decoded.text) && insideUrl(text, start)) return;
    // "user:password", the Basic-auth form: a credential example, not hidden text (secrets.ts judges keys).
    if (decoded.text !== undefined && /^[\w.@+-]{1,64}:\S{0,128}$/.test(decoded.text)) return;
    if (decoded.text !== undefined) {
      if (value.length >= minLong || meaningful(decoded.text)) add(base(start, end, decoded));
      return;
    }
    // Binary: kept as a weak candidate (reported only next to a runner), or flagged alone when long and random.
    const bytes = decoded.binary!;
    if (bytes.length < 16) return;
    const kind = binaryKind(bytes);
    if (kind?.kind === 'media') return;
    if (kind) {
      add({ ...base(start, end, decoded), encoding: `${decoded.label} (${kind.label})`, ...(kind.kind === 'program' ? {} : { weak: true }) });
      return;
    }
    const label = decoded.label;
    const mixed = /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value);
    // Long, random-looking base64 that is no text: opaque data in a file meant to be read. Shorter runs are
    // digests (a SHA-512 is 88 characters of base64), tokens and ids: they count only next to a runner.
    if (label.startsWith('base64') && shelf === 'text' && value.length >= 160 && mixed && entropy(value) >= 5.0) {
      add({ ...base(start, end, decoded), encoding: `${label} (high-entropy)` });
      return;
    }
    // Candidates that only a runner nearby makes a payload. Hex digests (up to SHA-512, 128 digits) never are.
    const weak = label.startsWith('base64') ? value.length >= 100 && mixed : label.startsWith('hex') ? value.replace(/[^0-9a-fA-F]/g, '').length > 128 : label.includes('escapes') ? bytes.length >= 48 : bytes.length >= 16;
    if (weak) add({ ...base(start, end, decoded), weak: true });
  };

  // Base64 pieces of one payload glued as adjacent literals (Python's implicit concatenation).
  for (const chain of chains) {
    if (chain.pieces.length < 2 || !chain.pieces.every((p) => /^[A-Za-z0-9+/]*={0,2}$/.test(p.value)) || chain.value.length < 16) continue;
    if (/^[0-9a-fA-F]+$/.test(chain.value)) judge(chain.start, chain.end, chain.value, decodeWith('hex', chain.value, rawDeflate), 40);
    else judge(chain.start, chain.end, chain.value, decodeWith('base64', chain.value, rawDeflate), 40);
  }

  RUN.lastIndex = 0;
  let m: RegExpExecArray | null;
  let n = 0;
  for (;;) {
    const at = nextRunStart(text, RUN.lastIndex);
    if (at < 0) break;
    RUN.lastIndex = at;
    if ((m = RUN.exec(text)) === null || !(n++ < 5000)) break;
    let value = m[0];
    const start = m.index;
    let end = start + value.length;
    if (/^\d+$/.test(value) || /^[0-9a-fA-F]+$/.test(value)) continue; // numbers and hex: the hex pass
    const std = /^[A-Za-z0-9+/]+={0,2}$/.test(value);
    const url = /^[A-Za-z0-9_-]+={0,2}$/.test(value);
    if (!std && !url) continue;
    // Long lines of base64 wrapped at a fixed width, on the following lines.
    if (std && value.length >= 40) {
      let next: RegExpExecArray | null;
      let pieces = 0;
      while ((next = WRAPPED_NEXT.exec(text.slice(end, end + 400))) !== null && pieces < 4000 && value.length < MAX_DECODED * 1.4) {
        value += next[1]!;
        end += next[0].length;
        pieces++;
        if (next[1]!.length < 40) break;
      }
      RUN.lastIndex = end;
    }
    judge(start, end, value, decodeWith('base64', value, rawDeflate), 40);
  }

  const each = (re: RegExp, visit: (m: RegExpExecArray) => void) => {
    re.lastIndex = 0;
    let x: RegExpExecArray | null;
    let count = 0;
    while ((x = re.exec(text)) !== null && count++ < 5000) visit(x);
  };
  each(HEX_RUN, (x) => judge(x.index, x.index + x[0].length, x[0], decodeWith('hex', x[0], rawDeflate), 40));
  each(ESCAPE_RUN, (x) => {
    const decoded = decodeWith('escapes', x[0], rawDeflate);
    if (decoded?.text !== undefined && !mostlyAscii(decoded.text)) return; // escaped accents in JSON, not a trick
    judge(x.index, x.index + x[0].length, x[0], decoded, 16);
  });
  const escapedLetters = (decoded: Decoded | undefined): boolean => decoded?.text !== undefined && (decoded.text.match(/[A-Za-z0-9]/g) ?? []).length >= decoded.text.length * 0.6;
  each(PERCENT_RUN, (x) => {
    const decoded = decodeWith('percent', x[0]);
    // Percent-encoding letters and digits, which never need it, is the trick; encoded UTF-8 is just a URL.
    if (!escapedLetters(decoded)) return;
    judge(x.index, x.index + x[0].length, x[0], decoded, 1e9);
  });
  each(QP_RUN, (x) => {
    const decoded = decodeWith('quoted-printable', x[0]);
    if (!escapedLetters(decoded)) return;
    judge(x.index, x.index + x[0].length, x[0], decoded, 1e9);
  });
  each(A85_RUN, (x) => judge(x.index, x.index + x[0].length, x[0], decodeWith('ascii85', x[0], rawDeflate), 16));
  // A uuencoded file is an attachment, as a data: URI is (a tutorial shows one): it counts by itself when it holds code
  // or orders, and otherwise only next to a runner or to prose that says to decode and follow it.
  if (text.includes('begin ')) {
    each(UU_BLOCK, (x) => {
      const start = x.index;
      const end = start + x[0].length;
      const decoded = decodeWith('uuencode', x[0], rawDeflate);
      if (decoded?.text === undefined || overlaps(spans, start, end) || isCovered(start, end)) return judge(start, end, x[0], decoded, 16);
      add({ ...base(start, end, decoded), ...(dangerousText(decoded.text) ? {} : { weak: true }) });
    });
  }
}
