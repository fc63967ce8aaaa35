// Text that images carry but nobody sees: PNG tEXt/zTXt/iTXt chunks (and
// eXIf), JPEG comments, EXIF and XMP, GIF comment extensions, WebP EXIF/XMP.
// A model that is handed the file can read all of it (threat model T1), so
// the review pulls it out and scans it like any other text. Parsing is
// bounded: malformed input stops the walk, it never throws or loops.
import { inflateSync } from 'node:zlib';
import readExif from 'exif-reader';
import { append } from '../../../shared/append.js';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageText {
  /** Where the text sits, for a reader: `PNG tEXt "Comment"`, `EXIF UserComment`. */
  readonly field: string;
  readonly text: string;
  /** Why the field's text was not read (it inflates past the bounds): said as a finding, never dropped silently. */
  readonly unread?: string;
}

/** Texts kept apart (each its own source, named by its field); the ones after are read as one text. */
const MAX_TEXTS = 200;
const MAX_INFLATED = 1024 * 1024;
/** Compressed text inflated per image, at most: a thousand small chunks that each inflate to a megabyte stay bounded. */
const MAX_INFLATED_TOTAL = 8 * 1024 * 1024;

export function imageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && ascii(bytes, 0, 6) === 'GIF87a') return 'gif';
  if (bytes.length >= 6 && ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return undefined;
}

/** Every piece of human-readable text in the image's metadata. Technical fields (software, dates) are left out. */
export function imageTexts(bytes: Uint8Array): ImageText[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: ImageText[] = [];
  switch (imageFormat(bytes)) {
    case 'png':
      pngTexts(buffer, out);
      break;
    case 'jpeg':
      jpegTexts(buffer, out);
      break;
    case 'gif':
      gifTexts(buffer, out);
      break;
    case 'webp':
      webpTexts(buffer, out);
      break;
    default:
      break;
  }
  const unread = out.filter((t) => t.unread !== undefined);
  const texts = out.filter((t) => t.unread === undefined && t.text.trim() !== '');
  if (texts.length <= MAX_TEXTS) return unread.length ? [...texts, ...unread] : texts;
  // The rest are read as one text, not dropped: 200 harmless comments must not push the words after them out of the
  // review. (The walks below read to the end of the file for the same reason; each step moves on, so they end.)
  const rest = texts.slice(MAX_TEXTS - 1);
  const kept = texts.slice(0, MAX_TEXTS - 1);
  kept.push({ field: `${rest.length} more metadata fields (${rest[0]!.field} and after)`, text: rest.map((t) => t.text).join('\n\n') });
  return [...kept, ...unread];
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

// PNG keywords that only say how or when the file was made.
const PNG_TECHNICAL = new Set(['software', 'creation time', 'date:create', 'date:modify', 'date:timestamp', 'signature', 'raw profile type exif', 'raw profile type iptc', 'raw profile type xmp']);

function pngTexts(buffer: Buffer, out: ImageText[]): void {
  let offset = 8;
  let inflatable = MAX_INFLATED_TOTAL;
  // A chunk refused for its size is said (the field, and why), not dropped: padding must not hide what follows it.
  // The fields past the image's allowance are said once: the first, and how many after it.
  let past: { at: number; count: number } | undefined;
  const spent = `the image's compressed text before it already used the ${MAX_INFLATED_TOTAL / 1024 / 1024} MiB inflated per image`;
  const inflate = (data: Uint8Array, chunk: string, keyword: string): Buffer | undefined => {
    const field = `PNG ${chunk} ${JSON.stringify(keyword)}`;
    const pastAllowance = (): undefined => {
      if (past) past.count++;
      else {
        past = { at: out.length, count: 1 };
        out.push({ field, text: '', unread: spent });
      }
      return undefined;
    };
    if (inflatable <= 0) return pastAllowance();
    const limit = Math.min(MAX_INFLATED, inflatable);
    const inflated = inflateAtMost(data, limit);
    if (inflated === 'too large') {
      // Inflating up to the bound was work done: it counts against the allowance as inflated text does.
      inflatable -= limit;
      if (limit < MAX_INFLATED) return pastAllowance();
      out.push({ field, text: '', unread: `it inflates to more than ${MAX_INFLATED / 1024 / 1024} MiB` });
      return undefined;
    }
    inflatable -= inflated?.length ?? 0;
    return inflated;
  };
  while (offset + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const start = offset + 8;
    const end = start + length;
    if (end + 4 > buffer.length) break;
    const data = buffer.subarray(start, end);
    if (type === 'tEXt') {
      const nul = data.indexOf(0);
      if (nul > 0) pushPng(out, 'tEXt', data.toString('latin1', 0, nul), data.toString('latin1', nul + 1));
    } else if (type === 'zTXt') {
      const nul = data.indexOf(0);
      if (nul > 0) {
        const inflated = inflate(data.subarray(nul + 2), 'zTXt', data.toString('latin1', 0, nul));
        if (inflated) pushPng(out, 'zTXt', data.toString('latin1', 0, nul), inflated.toString('latin1'));
      }
    } else if (type === 'iTXt') {
      const nul = data.indexOf(0);
      if (nul > 0 && nul + 3 <= data.length) {
        const keyword = data.toString('latin1', 0, nul);
        const compressed = data[nul + 1] === 1;
        const langEnd = data.indexOf(0, nul + 3);
        const translatedEnd = langEnd < 0 ? -1 : data.indexOf(0, langEnd + 1);
        if (translatedEnd >= 0) {
          const raw = data.subarray(translatedEnd + 1);
          const text = compressed ? inflate(raw, 'iTXt', keyword) : raw;
          if (text) {
            if (keyword === 'XML:com.adobe.xmp') append(out, xmpTexts(text.toString('utf8'), 'PNG iTXt XMP'));
            else pushPng(out, 'iTXt', keyword, text.toString('utf8'));
          }
        }
      }
    } else if (type === 'eXIf') {
      append(out, exifTexts(data, 'PNG eXIf'));
    } else if (type === 'IEND') {
      break;
    }
    offset = end + 4;
  }
  if (past && past.count > 1) {
    const first = out[past.at]!;
    out[past.at] = { ...first, field: `${first.field} and ${past.count - 1} more compressed fields after it` };
  }
}

function pushPng(out: ImageText[], chunk: string, keyword: string, text: string): void {
  if (PNG_TECHNICAL.has(keyword.toLowerCase())) return;
  if (keyword === 'XML:com.adobe.xmp') {
    append(out, xmpTexts(text, `PNG ${chunk} XMP`));
    return;
  }
  out.push({ field: `PNG ${chunk} ${JSON.stringify(keyword)}`, text });
}

/** The inflated bytes; 'too large' past the bound (zlib refuses it whole); undefined for data that does not inflate. */
function inflateAtMost(data: Uint8Array, maxOutputLength: number): Buffer | 'too large' | undefined {
  try {
    return inflateSync(data, { maxOutputLength });
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too large' : undefined;
  }
}

const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';

function jpegTexts(buffer: Buffer, out: ImageText[]): void {
  let offset = 2;
  while (offset + 4 <= buffer.length) {
    if (buffer[offset] !== 0xff) break;
    const marker = buffer[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    // Start of scan: image data follows, no more metadata segments to read.
    if (marker === 0xda || marker === 0xd9) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = buffer.readUInt16BE(offset + 2);
    if (length < 2) break;
    const start = offset + 4;
    const end = offset + 2 + length;
    if (end > buffer.length) break;
    const data = buffer.subarray(start, end);
    if (marker === 0xfe) {
      out.push({ field: 'JPEG comment', text: decodeText(data) });
    } else if (marker === 0xe1) {
      if (data.toString('latin1', 0, 6) === 'Exif\0\0') append(out, exifTexts(data, 'EXIF'));
      else if (data.toString('latin1', 0, XMP_HEADER.length) === XMP_HEADER) append(out, xmpTexts(data.toString('utf8', XMP_HEADER.length), 'XMP'));
    }
    offset = end;
  }
}

function gifTexts(buffer: Buffer, out: ImageText[]): void {
  if (buffer.length < 13) return;
  let offset = 13;
  const flags = buffer[10]!;
  if (flags & 0x80) offset += 3 * (1 << ((flags & 0x07) + 1));
  const subBlocks = (at: number): { data: Buffer; next: number } | undefined => {
    const parts: Buffer[] = [];
    let p = at;
    while (p < buffer.length) {
      const size = buffer[p]!;
      if (size === 0) return { data: Buffer.concat(parts), next: p + 1 };
      if (p + 1 + size > buffer.length) return undefined;
      parts.push(buffer.subarray(p + 1, p + 1 + size));
      p += 1 + size;
    }
    return undefined;
  };
  while (offset < buffer.length) {
    const block = buffer[offset]!;
    if (block === 0x3b) break;
    if (block === 0x21) {
      const label = buffer[offset + 1];
      const read = subBlocks(offset + 2);
      if (!read) break;
      if (label === 0xfe) out.push({ field: 'GIF comment', text: decodeText(read.data) });
      offset = read.next;
    } else if (block === 0x2c) {
      if (offset + 10 > buffer.length) break;
      const local = buffer[offset + 9]!;
      offset += 10;
      if (local & 0x80) offset += 3 * (1 << ((local & 0x07) + 1));
      const read = subBlocks(offset + 1);
      if (!read) break;
      offset = read.next;
    } else {
      break;
    }
  }
}

function webpTexts(buffer: Buffer, out: ImageText[]): void {
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const fourcc = buffer.toString('latin1', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const start = offset + 8;
    const end = start + size;
    if (end > buffer.length) break;
    const data = buffer.subarray(start, end);
    if (fourcc === 'EXIF') append(out, exifTexts(data, 'WebP EXIF'));
    else if (fourcc === 'XMP ') append(out, xmpTexts(data.toString('utf8'), 'WebP XMP'));
    offset = end + (size % 2);
  }
}

// EXIF tags that hold what a person wrote, not what the camera recorded.
const EXIF_TEXT_TAGS = ['ImageDescription', 'Artist', 'Copyright', 'DocumentName', 'XPTitle', 'XPComment', 'XPAuthor', 'XPKeywords', 'XPSubject', 'UserComment'] as const;

function exifTexts(data: Buffer, label: string): ImageText[] {
  let parsed: ReturnType<typeof readExif>;
  try {
    parsed = readExif(data);
  } catch {
    return [];
  }
  const out: ImageText[] = [];
  for (const group of [parsed.Image, parsed.Photo] as Array<Record<string, unknown> | undefined>) {
    if (!group) continue;
    for (const tag of EXIF_TEXT_TAGS) {
      const text = exifValueText(tag, group[tag], parsed.bigEndian);
      if (text !== undefined) out.push({ field: `${label} ${tag}`, text });
    }
  }
  return out;
}

function exifValueText(tag: string, value: unknown, bigEndian: boolean): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) {
    // XP* tags are UTF-16LE bytes (Windows Explorer's fields).
    return Buffer.from(value as number[]).toString('utf16le').replace(/\0+$/, '');
  }
  if (Buffer.isBuffer(value)) {
    if (tag === 'UserComment' && value.length >= 8) {
      const charset = value.toString('latin1', 0, 8);
      const body = value.subarray(8);
      // UNICODE is UCS-2 in the file's byte order.
      if (charset.startsWith('UNICODE')) return (bigEndian ? Buffer.from(body.subarray(0, body.length - (body.length % 2))).swap16() : body).toString('utf16le').replace(/\0+$/, '');
      return decodeText(body).replace(/\0+$/, '');
    }
    return decodeText(value).replace(/\0+$/, '');
  }
  return undefined;
}

/** UTF-8 when valid, else Latin-1: metadata fields rarely say which. */
function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return Buffer.from(data).toString('latin1');
  }
}

const XMP_TEXT_ATTRIBUTES = /\b([\w-]+:(?:description|title|comment|usercomment|instructions|subject|caption|keywords|headline|label))\s*=\s*"([^"]*)"/gi;

/** Text nodes and descriptive attributes of an XMP packet. */
function xmpTexts(xml: string, label: string): ImageText[] {
  const out: ImageText[] = [];
  const clean = xml.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--([\s\S]*?)-->/g, (_m, comment: string) => {
    if (comment.trim()) out.push({ field: `${label} comment`, text: comment.trim() });
    return '';
  });
  let match: RegExpExecArray | null;
  const attributes = new RegExp(XMP_TEXT_ATTRIBUTES.source, 'gi');
  while ((match = attributes.exec(clean)) !== null) {
    out.push({ field: `${label} ${match[1]}`, text: unescapeXml(match[2] ?? '') });
  }
  const nodes = /<([\w:.-]+)(?:\s[^>]*)?>([^<]+)<\/\1>/g;
  while ((match = nodes.exec(clean)) !== null) {
    const text = unescapeXml(match[2] ?? '').trim();
    if (text && /\p{L}/u.test(text)) out.push({ field: `${label} ${match[1]}`, text });
  }
  return out;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => safeCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => safeCodePoint(parseInt(dec, 10)))
    .replace(/&amp;/g, '&');
}

function safeCodePoint(cp: number): string {
  return Number.isInteger(cp) && cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\uFFFD';
}
