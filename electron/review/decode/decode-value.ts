// One value decoded with a named codec, then inflated when it is zlib or gzip,
// and read as text when it is text; and what well-known binary it is when not.
import { decodeQuotedPrintable, decodeUuencode } from './mail-codecs.js';
import { bytesToText, decodeAscii85, decodeBase32, decodeBase64, decodeBase85, decodeEscapes, decodeHex, decodePercent, inflate, isCompressed, isText, reverseText, rot13 } from './codecs.js';

export type Codec = 'base64' | 'base32' | 'base85' | 'ascii85' | 'hex' | 'rot13' | 'reversed' | 'escapes' | 'percent' | 'quoted-printable' | 'uuencode' | 'reversed-words';

// ---------------------------------------------------------------------------
// Decoding a value with a codec (and what may follow: zlib, UTF-16)

export interface Decoded {
  readonly text?: string;
  readonly binary?: Uint8Array;
  readonly label: string;
}

export function fromBytes(bytes: Uint8Array | undefined, label: string, rawDeflate = false): Decoded | undefined {
  if (!bytes || bytes.length === 0) return undefined;
  const text = bytesToText(bytes);
  if (text !== undefined) return { text, label };
  if (isCompressed(bytes) || rawDeflate) {
    const inflated = inflate(bytes, rawDeflate);
    if (inflated) {
      const zipped = bytes[0] === 0x1f ? 'gzip' : 'zlib';
      const inner = bytesToText(inflated);
      return inner !== undefined ? { text: inner, label: `${label} + ${zipped}` } : { binary: inflated, label: `${label} + ${zipped}` };
    }
  }
  return { binary: bytes, label };
}

export function decodeWith(codec: Codec, value: string, rawDeflate = false): Decoded | undefined {
  switch (codec) {
    case 'base64':
      return fromBytes(decodeBase64(value), 'base64', rawDeflate);
    case 'base32':
      return fromBytes(decodeBase32(value), 'base32', rawDeflate);
    case 'base85':
      return fromBytes(decodeBase85(value), 'base85', rawDeflate);
    case 'ascii85':
      return fromBytes(decodeAscii85(value), 'Ascii85', rawDeflate);
    case 'hex':
      return fromBytes(decodeHex(value), 'hex', rawDeflate);
    case 'percent':
      return fromBytes(decodePercent(value), '%-escapes');
    case 'quoted-printable':
      return fromBytes(decodeQuotedPrintable(value), 'quoted-printable', rawDeflate);
    case 'uuencode':
      return fromBytes(decodeUuencode(value), 'uuencode', rawDeflate);
    case 'escapes': {
      const decoded = decodeEscapes(value);
      if (decoded === undefined) return undefined;
      if (typeof decoded === 'string') return isText(decoded) ? { text: decoded, label: '\\u escapes' } : undefined;
      return fromBytes(decoded, value.startsWith('\\x') ? '\\x escapes' : 'octal escapes', rawDeflate);
    }
    case 'rot13':
      return isText(value) ? { text: rot13(value), label: 'ROT13' } : undefined;
    case 'reversed':
      return value.length >= 3 ? { text: reverseText(value), label: 'reversed text' } : undefined;
    case 'reversed-words': {
      // Each line's words in the other order ("prompt. system your reveal"): only ever tried where a sentence says so.
      const lines = value.split('\n').map((line) => line.trim().split(/\s+/).reverse().join(' '));
      return value.trim().includes(' ') ? { text: lines.join('\n'), label: 'words in reverse order' } : undefined;
    }
  }
}

/** What well-known binary a decoded blob is, from its first bytes: programs count, pictures and fonts are data. */
export function binaryKind(bytes: Uint8Array): { readonly label: string; readonly kind: 'program' | 'media' | 'archive' } | undefined {
  const at = (i: number, ...values: number[]) => values.every((v, j) => bytes[i + j] === v);
  if (at(0, 0x7f, 0x45, 0x4c, 0x46)) return { label: 'a Linux program (ELF)', kind: 'program' };
  if (at(0, 0x4d, 0x5a) && bytes.length >= 64) return { label: 'a Windows program (PE)', kind: 'program' };
  if (at(0, 0xcf, 0xfa, 0xed, 0xfe) || at(0, 0xce, 0xfa, 0xed, 0xfe) || at(0, 0xfe, 0xed, 0xfa, 0xcf) || at(0, 0xca, 0xfe, 0xba, 0xbe)) return { label: 'a macOS program (Mach-O)', kind: 'program' };
  if (at(0, 0x00, 0x61, 0x73, 0x6d)) return { label: 'a WebAssembly module', kind: 'program' };
  if (bytes[0] === 0x80 && bytes[1] !== undefined && bytes[1] >= 2 && bytes[1] <= 5) return { label: 'a Python pickle, which runs code when loaded', kind: 'program' };
  if (at(0, 0x50, 0x4b, 0x03, 0x04) || at(0, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) || at(0, 0x52, 0x61, 0x72, 0x21)) return { label: 'an archive', kind: 'archive' };
  if (
    at(0, 0x89, 0x50, 0x4e, 0x47) ||
    at(0, 0xff, 0xd8, 0xff) ||
    at(0, 0x47, 0x49, 0x46, 0x38) ||
    (at(0, 0x52, 0x49, 0x46, 0x46) && (at(8, 0x57, 0x45, 0x42, 0x50) || at(8, 0x57, 0x41, 0x56, 0x45))) ||
    at(0, 0x00, 0x00, 0x01, 0x00) ||
    at(0, 0x42, 0x4d) ||
    at(0, 0x77, 0x4f, 0x46, 0x46) ||
    at(0, 0x77, 0x4f, 0x46, 0x32) ||
    at(0, 0x00, 0x01, 0x00, 0x00, 0x00) ||
    at(0, 0x4f, 0x54, 0x54, 0x4f) ||
    at(0, 0x49, 0x44, 0x33) ||
    at(0, 0x4f, 0x67, 0x67, 0x53) ||
    at(0, 0x1a, 0x45, 0xdf, 0xa3) ||
    at(4, 0x66, 0x74, 0x79, 0x70) ||
    at(0, 0x25, 0x50, 0x44, 0x46)
  ) {
    return { label: 'an image, font or media file', kind: 'media' };
  }
  return undefined;
}

/** Text that is itself base64 or hex of text (a reversed base64 string, say): the next layer decodes it. */
export function decodesFurther(text: string): boolean {
  const value = text.trim();
  if (value.length < 8) return false;
  if (/^[0-9a-fA-F]+$/.test(value)) return decodeWith('hex', value)?.text !== undefined;
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return decodeWith('base64', value)?.text !== undefined;
  return false;
}
