// Where bytes stop being UTF-8. The app writes its files as UTF-8 only, so a
// byte that is not is damage; decoding leniently would turn it into U+FFFD
// and load the file as if nothing were wrong.
import { isUtf8 } from 'node:buffer';

/** The offset of the first byte that does not start a well-formed UTF-8 sequence, or -1 when all of them do. */
export function invalidUtf8At(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return -1;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    // The second byte's range is narrower after E0, ED, F0 and F4 (no overlong forms, no surrogates, nothing past U+10FFFF).
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k++) {
      const b = bytes[i + k]!;
      if (b < (k === 1 ? low : 0x80) || b > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return -1;
}

/** "byte 0xe9 at line 3, column 14" for the first bad byte (the column counts bytes), or undefined when the bytes are UTF-8. */
export function whereUtf8Stops(bytes: Uint8Array): string | undefined {
  const at = invalidUtf8At(bytes);
  if (at < 0) return undefined;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return `byte 0x${bytes[at]!.toString(16).padStart(2, '0')} at line ${line}, column ${at - lineStart + 1}`;
}
