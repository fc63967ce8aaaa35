// The encodings mail and news gateways used, which a skill can use to hide an
// order from a reader: quoted-printable (=49=67=6E…, RFC 2045 §6.7) and
// uuencode (a `begin 644 name` block). Pure and bounded like codecs.ts: no
// decoder throws, none gives more than MAX_DECODED bytes, nothing is run.
import { MAX_DECODED, MAX_ENCODED } from './codecs.js';

const HEX_DIGIT = /^[0-9A-Fa-f]{2}$/;

/** Quoted-printable: `=HH` is a byte, `=` at a line's end joins it to the next, other characters stand for themselves. */
export function decodeQuotedPrintable(input: string): Uint8Array | undefined {
  const s = input.length > MAX_ENCODED ? input.slice(0, MAX_ENCODED) : input;
  const out: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < s.length && out.length < MAX_DECODED; i++) {
    const c = s[i]!;
    if (c !== '=') {
      out.push(...encoder.encode(c));
      continue;
    }
    const pair = s.slice(i + 1, i + 3);
    if (HEX_DIGIT.test(pair)) {
      out.push(parseInt(pair, 16));
      i += 2;
    } else if (s[i + 1] === '\n' || (s[i + 1] === '\r' && s[i + 2] === '\n')) {
      i += s[i + 1] === '\r' ? 2 : 1; // a soft line break
    } else if (i + 3 > s.length) {
      break; // an escape cut off by the input's end (or by the bound)
    } else {
      return undefined;
    }
  }
  return out.length === 0 ? undefined : Uint8Array.from(out).subarray(0, MAX_DECODED);
}

/** The lines of a uuencoded file: `begin <mode> <name>`, data lines, then `end`. */
export const UU_BLOCK = /^begin [0-7]{3,4} [^\n]{1,255}\r?\n((?:[ -`]{1,61}\r?\n){1,3000}?)(?:`\r?\n)?end[ \t]*$/gm;

/** The data lines of a uuencoded block (or the whole block, its begin and end lines included). */
export function decodeUuencode(input: string): Uint8Array | undefined {
  const s = input.length > MAX_ENCODED ? input.slice(0, MAX_ENCODED) : input;
  const lines = s.split(/\r?\n/);
  let from = 0;
  if (/^begin [0-7]{3,4} /.test(lines[0] ?? '')) from = 1;
  const out: number[] = [];
  for (let k = from; k < lines.length && out.length < MAX_DECODED; k++) {
    const line = lines[k]!;
    if (line === 'end' || line.trim() === 'end') break;
    if (line === '') continue;
    const count = (line.charCodeAt(0) - 32) & 63;
    if (count === 0) break;
    // Each character carries six bits; a line holds ceil(count / 3) groups of four.
    if (line.length < 1 + Math.ceil(count / 3) * 4 || /[^ -`]/.test(line)) return undefined;
    const six = (j: number) => (line.charCodeAt(j) - 32) & 63;
    const bytes: number[] = [];
    for (let j = 1; bytes.length < count; j += 4) {
      const a = six(j);
      const b = six(j + 1);
      const c = six(j + 2);
      const d = six(j + 3);
      bytes.push(((a << 2) | (b >> 4)) & 0xff, ((b << 4) | (c >> 2)) & 0xff, ((c << 6) | d) & 0xff);
    }
    out.push(...bytes.slice(0, count));
  }
  return out.length === 0 ? undefined : Uint8Array.from(out).subarray(0, MAX_DECODED);
}
