// Pure decoders for the encodings skills use to hide text: base64 and its
// relatives, hex and escape runs, character codes, ROT13, reversal, XOR and
// zlib/gzip. Everything happens in memory on bounded input and output; no
// decoder throws (a bad input gives undefined), and nothing decoded is ever
// run. Which bytes count as text is decided here too (`bytesToText`).
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/** No decoded layer is larger than this (bytes or UTF-16 units). */
export const MAX_DECODED = 64 * 1024;
/** Encoded input beyond this is cut before decoding (4/3 of the output bound, plus slack). */
export const MAX_ENCODED = Math.ceil((MAX_DECODED * 4) / 3) + 16;

function clip(s: string): string {
  return s.length > MAX_ENCODED ? s.slice(0, MAX_ENCODED) : s;
}

function cap(bytes: Uint8Array): Uint8Array {
  return bytes.length > MAX_DECODED ? bytes.subarray(0, MAX_DECODED) : bytes;
}

/** Standard or URL-safe base64 (whitespace ignored, padding optional). */
export function decodeBase64(input: string): Uint8Array | undefined {
  const s = clip(input).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(s)) return undefined;
  const body = s.replace(/=+$/, '');
  if (body.length % 4 === 1 || body.length < 2) return undefined;
  try {
    return cap(new Uint8Array(Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64')));
  } catch {
    return undefined;
  }
}

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (Python's b32decode). */
export function decodeBase32(input: string): Uint8Array | undefined {
  const s = clip(input).replace(/\s+/g, '').replace(/=+$/, '').toUpperCase();
  if (s.length < 2 || !/^[A-Z2-7]+$/.test(s)) return undefined;
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of s) {
    value = (value << 5) | B32.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    if (out.length >= MAX_DECODED) break;
  }
  return Uint8Array.from(out);
}

const B85 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';

/** Base85 as Python's b85decode and git use it (RFC 1924 alphabet). */
export function decodeBase85(input: string): Uint8Array | undefined {
  const s = clip(input).replace(/\s+/g, '');
  if (s.length < 2) return undefined;
  const out: number[] = [];
  const padding = (5 - (s.length % 5)) % 5;
  const padded = s + '~'.repeat(padding);
  for (let i = 0; i < padded.length; i += 5) {
    let value = 0;
    for (let j = 0; j < 5; j++) {
      const digit = B85.indexOf(padded[i + j]!);
      if (digit < 0) return undefined;
      value = value * 85 + digit;
    }
    if (value > 0xffffffff) return undefined;
    out.push((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
    if (out.length >= MAX_DECODED) break;
  }
  return Uint8Array.from(padding ? out.slice(0, out.length - padding) : out).subarray(0, MAX_DECODED);
}

/** Ascii85 (Adobe's `<~ … ~>`, Python's a85decode): `z` stands for four zero bytes. */
export function decodeAscii85(input: string): Uint8Array | undefined {
  let s = clip(input).replace(/\s+/g, '');
  if (s.startsWith('<~')) s = s.slice(2);
  if (s.endsWith('~>')) s = s.slice(0, -2);
  if (s.length < 2) return undefined;
  const out: number[] = [];
  let group: number[] = [];
  for (const c of s) {
    if (c === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const code = c.charCodeAt(0);
    if (code < 33 || code > 117) return undefined;
    group.push(code - 33);
    if (group.length === 5) {
      const value = group.reduce((v, d) => v * 85 + d, 0);
      if (value > 0xffffffff) return undefined;
      out.push((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
      group = [];
    }
    if (out.length >= MAX_DECODED) return Uint8Array.from(out.slice(0, MAX_DECODED));
  }
  if (group.length === 1) return undefined;
  if (group.length > 1) {
    const n = group.length;
    while (group.length < 5) group.push(84);
    const value = group.reduce((v, d) => v * 85 + d, 0);
    if (value > 0xffffffff) return undefined;
    out.push(...[(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].slice(0, n - 1));
  }
  return Uint8Array.from(out).subarray(0, MAX_DECODED);
}

/** Hex digits (an optional 0x, and spaces, colons or commas between bytes). */
export function decodeHex(input: string): Uint8Array | undefined {
  const s = clip(input)
    .replace(/^0x/i, '')
    .replace(/[\s:,]+/g, '');
  if (s.length < 2 || s.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(s)) return undefined;
  const out = new Uint8Array(Math.min(s.length / 2, MAX_DECODED));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** A run of `\xHH` (bytes), `\uHHHH` / `\u{H…}` (code points) or `\NNN` octal (bytes) escapes, as code writes them. */
export function decodeEscapes(input: string): Uint8Array | string | undefined {
  const s = clip(input);
  if (/^(?:\\x[0-9a-fA-F]{2}|\s)+$/.test(s)) {
    return cap(Uint8Array.from((s.match(/\\x[0-9a-fA-F]{2}/g) ?? []).map((e) => parseInt(e.slice(2), 16))));
  }
  if (/^(?:\\[0-3][0-7]{2}|\s)+$/.test(s)) {
    return cap(Uint8Array.from((s.match(/\\[0-3][0-7]{2}/g) ?? []).map((e) => parseInt(e.slice(1), 8))));
  }
  if (/^(?:\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]{1,6}\}|\s)+$/.test(s)) {
    const units = (s.match(/\\u(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]{1,6}\})/g) ?? []).map((e) => parseInt(e.replace(/[\\u{}]/g, ''), 16));
    return codePointsToText(units);
  }
  return undefined;
}

/** `%HH` escapes (the other characters stand for themselves, as UTF-8). */
export function decodePercent(input: string): Uint8Array | undefined {
  const s = clip(input);
  const out: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < s.length && out.length < MAX_DECODED; i++) {
    if (s[i] === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(...encoder.encode(s[i]!));
    }
  }
  return Uint8Array.from(out).subarray(0, MAX_DECODED);
}

/** Character codes as written in an array or a chain of chr() calls: bytes when all fit, code points otherwise. */
export function decodeCharCodes(codes: readonly number[]): Uint8Array | string | undefined {
  if (codes.length === 0 || codes.some((c) => !Number.isInteger(c) || c < 0 || c > 0x10ffff)) return undefined;
  const bounded = codes.slice(0, MAX_DECODED);
  if (bounded.every((c) => c <= 0xff)) return Uint8Array.from(bounded);
  return codePointsToText(bounded);
}

function codePointsToText(codes: readonly number[]): string | undefined {
  try {
    // UTF-16 units as written (\uD83D\uDE00 pairs) or whole code points: both become a string.
    let out = '';
    for (const c of codes.slice(0, MAX_DECODED)) {
      if (c > 0x10ffff) return undefined;
      out += c <= 0xffff ? String.fromCharCode(c) : String.fromCodePoint(c);
      if (out.length >= MAX_DECODED) break;
    }
    return out.slice(0, MAX_DECODED);
  } catch {
    return undefined;
  }
}

export function rot13(s: string): string {
  return s.slice(0, MAX_DECODED).replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** The text backwards, by code point (a reversed surrogate pair would be two broken halves). */
export function reverseText(s: string): string {
  return Array.from(s.slice(0, MAX_DECODED)).reverse().join('');
}

/** XOR with a repeating key (a single byte is the usual case). */
export function xorBytes(bytes: Uint8Array, key: Uint8Array): Uint8Array {
  if (key.length === 0) return bytes;
  const out = new Uint8Array(Math.min(bytes.length, MAX_DECODED));
  for (let i = 0; i < out.length; i++) out[i] = bytes[i]! ^ key[i % key.length]!;
  return out;
}

/** gzip or zlib data, recognised by its header; raw deflate only when asked. Output bounded: a bomb gives undefined. */
export function inflate(bytes: Uint8Array, raw = false): Uint8Array | undefined {
  const options = { maxOutputLength: MAX_DECODED };
  try {
    if (bytes.length >= 10 && bytes[0] === 0x1f && bytes[1] === 0x8b) return new Uint8Array(gunzipSync(bytes, options));
    if (bytes.length >= 2 && (bytes[0]! & 0x0f) === 8 && (bytes[0]! >> 4) <= 7 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0) return new Uint8Array(inflateSync(bytes, options));
    if (raw && bytes.length >= 2) return new Uint8Array(inflateRawSync(bytes, options));
  } catch {
    return undefined;
  }
  return undefined;
}

export function isCompressed(bytes: Uint8Array): boolean {
  if (bytes.length >= 10 && bytes[0] === 0x1f && bytes[1] === 0x8b) return true;
  return bytes.length >= 2 && (bytes[0]! & 0x0f) === 8 && (bytes[0]! >> 4) <= 7 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0;
}

/**
 * Bytes as text when they are text: UTF-8, or UTF-16 (PowerShell's
 * -EncodedCommand is UTF-16LE base64). Undefined for anything that is not
 * mostly printable: random bytes (digests, keys, images) almost never are.
 */
export function bytesToText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined;
  // Most candidates are random bytes: a count of control bytes rules them out before any decoding.
  let control = 0;
  let zero = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0) zero++;
    else if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) control++;
  }
  if (control > bytes.length * 0.03 + 1) return undefined;
  if (zero > 0 && zero < bytes.length * 0.3) return undefined;
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = undefined;
  }
  // ASCII in UTF-16 is valid UTF-8 too, with a NUL after every letter: read it as UTF-16.
  if ((text === undefined || text.includes('\0')) && bytes.length >= 4 && bytes.length % 2 === 0) {
    text = undefined;
    let zeroOdd = 0;
    let zeroEven = 0;
    for (let i = 0; i < bytes.length; i += 2) {
      if (bytes[i + 1] === 0) zeroOdd++;
      if (bytes[i] === 0) zeroEven++;
    }
    const half = bytes.length / 2;
    const encoding = zeroOdd >= half * 0.6 ? 'utf-16le' : zeroEven >= half * 0.6 ? 'utf-16be' : undefined;
    if (encoding) {
      try {
        text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
      } catch {
        text = undefined;
      }
    }
  }
  return text !== undefined && isText(text) ? text : undefined;
}

const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Han}/u, /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u, /\p{Script=Hangul}/u, /\p{Script=Arabic}/u, /\p{Script=Hebrew}/u, /\p{Script=Devanagari}/u, /\p{Script=Thai}/u];

/**
 * Whether a decoded string reads as text: no control characters besides tab and
 * line breaks, almost everything printable, a run of letters, and either mostly
 * ASCII or letters of a single script (a hidden sentence in Chinese is text;
 * random bytes that happen to be valid UTF-8 mix scripts).
 */
export function isText(text: string): boolean {
  const chars = Array.from(text);
  if (chars.length < 3) return false;
  let printable = 0;
  let ascii = 0;
  let letters = 0;
  const nonAsciiLetters: string[] = [];
  for (const c of chars) {
    const code = c.codePointAt(0)!;
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code < 0xa0) || code === 0xfffd || (code >= 0xd800 && code <= 0xdfff)) return false;
    if (/[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\t\n\r]/u.test(c)) printable++;
    if (code >= 0x20 && code < 0x7f) ascii++;
    if (/\p{L}/u.test(c)) {
      letters++;
      if (code >= 0x80) nonAsciiLetters.push(c);
    }
  }
  if (printable < chars.length * 0.97 || !/\p{L}{2}/u.test(text)) return false;
  if (letters < chars.length * 0.3) return false;
  if (ascii >= chars.length * 0.75) return true;
  // Mostly non-ASCII: the letters must belong to one script.
  return SCRIPTS.some((script) => nonAsciiLetters.every((c) => script.test(c))) && letters >= chars.length * 0.5;
}

/** Shannon entropy in bits per character, of the first 4,096 characters (enough to tell random from not). */
export function entropy(input: string): number {
  const s = input.length > 4096 ? input.slice(0, 4096) : input;
  if (s.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}
