// Test helper for the tests of files that repeat or pad (many-texts, padding-*):
// skill `a` of a SKILL.md and the given files, reviewed as the worker does, the
// ids and messages of what it found, and a PNG built chunk by chunk.
import { deflateSync } from 'node:zlib';
import { reviewContent, type ContentReview } from './risk-review.js';

/** Skill `a`: a SKILL.md whose body is `body` (unless `files` holds one), then `files`. */
export function reviewFiles(files: ReadonlyArray<{ path: string; bytes: Buffer }>, body = 'See the files.'): ContentReview {
  const skill = { path: 'SKILL.md', bytes: Buffer.from(`---\nname: a\ndescription: d\n---\n${body}\n`) };
  const all = files.some((f) => f.path === 'SKILL.md') ? files : [skill, ...files];
  return reviewContent({ serverId: 's', skillUri: 'skill://a/SKILL.md', files: all.map((f) => ({ uri: `skill://a/${f.path}`, path: f.path, bytes: f.bytes })), listedFileCount: all.length });
}

/** Skill `a` with one more file of this text. */
export const reviewFile = (path: string, text: string, body?: string): ContentReview => reviewFiles([{ path, bytes: Buffer.from(text) }], body);

/** The finding ids, each once, sorted. */
export const idsOf = (review: ContentReview): string[] => [...new Set(review.findings.map((f) => f.id))].sort();

/** The messages of the findings with this id. */
export const messagesOf = (review: ContentReview, id: string): string[] => review.findings.filter((f) => f.id === id).map((f) => f.message);

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1×1 PNG with these text chunks before its image data. */
export function pngImage(texts: Buffer[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), ...texts, pngChunk('IDAT', deflateSync(Buffer.from([0, 0]))), pngChunk('IEND', Buffer.alloc(0))]);
}
