// What the finder reports for one encoded or obfuscated thing, and the
// plumbing its passes share (spans already taken, the collector they add to).
import type { SourceKind } from '../rules/context.js';

export type Method = 'encoded' | 'split' | 'prose';

/** One encoded or obfuscated thing in a text, decoded. */
export interface Found {
  readonly start: number;
  readonly end: number;
  readonly method: Method;
  /** How it is encoded, in words: `base64`, `hex + zlib`, `character codes + XOR 0x5a`, `split strings`. */
  readonly encoding: string;
  /** The text as written (its first 2,000 characters). */
  readonly raw: string;
  readonly rawLength: number;
  /** What it decodes to, when that is text. */
  readonly text?: string;
  /** What it decodes to, when that is not text. */
  readonly binary?: Uint8Array;
  /** The decoder written next to it (`base64.b64decode`, `| base64 -d`, `[::-1]`). */
  readonly decoder?: string;
  /** Split strings: the word the pieces spell. */
  readonly word?: string;
  /** The name the literal is assigned to, when it is. */
  readonly variable?: string;
  /** Only a finding when something next to it runs it (binary runs found by their look alone). */
  readonly weak?: boolean;
}

export interface FileClass {
  readonly path: string;
  readonly kind: SourceKind;
}

export type Span = readonly [number, number];

export function overlaps(spans: readonly Span[], start: number, end: number): boolean {
  // Spans are few (keys, URIs); a linear scan stays cheap.
  for (const [s, e] of spans) if (start < e && end > s) return true;
  return false;
}

/** What each pass of the finder is given: the spans left alone, and where to put what it finds. */
export interface Collector {
  /** Spans that carry data on purpose (keys, images, hashes): nothing in them is a payload. */
  readonly spans: readonly Span[];
  add(found: Found): void;
  /** Whether a span overlaps something already found. */
  isCovered(start: number, end: number): boolean;
}
