// What every content-risk rule receives: the skill's exact files, decoded once
// into text sources (files, and text pulled out of image metadata), with
// helpers to turn an offset into a line, column and a visible excerpt.
import { finding } from '../../../shared/findings.js';
import { revealInvisible } from '../../../shared/invisible-chars.js';
import type { Finding, FindingLocation, Severity } from '../../../shared/model.js';
import type { HiddenText, HiddenTextKind } from '../../../shared/review-model.js';
import type { RiskFindingId } from '../../../shared/risk-findings.js';

export interface ReviewFileInput {
  readonly uri: string;
  /** Path inside the skill folder, `/`-separated (`SKILL.md`, `scripts/run.sh`). */
  readonly path: string;
  readonly bytes: Uint8Array;
  readonly mimeType?: string;
  /** Local files only: the executable bit is set. */
  readonly executable?: boolean;
}

export interface ReviewInput {
  readonly serverId: string;
  readonly skillUri: string;
  /** The files that were read, SKILL.md first. */
  readonly files: readonly ReviewFileInput[];
  /** How many files the skill lists (read or not). */
  readonly listedFileCount: number;
  /** The frontmatter as listed, used when SKILL.md could not be read or parsed. */
  readonly listedFrontmatter?: Readonly<Record<string, unknown>>;
}

export type SourceKind = 'skill-md' | 'markdown' | 'html' | 'script' | 'text' | 'metadata' | 'decoded';

/** Where a decoded text came from: the encoded blob's place in the file a host serves. */
export interface DecodedOrigin {
  /** 1-based line and column of the blob in the original file (or metadata text). */
  readonly line: number;
  readonly column: number;
  /** The original source's field (image metadata), when it has one. */
  readonly field?: string;
  /** The encoding, outermost first (`base64`, `base64, then hex`). */
  readonly encoding: string;
  /** What the original source is. */
  readonly parentKind: SourceKind;
  /** 1 for text decoded from a file, 2 for text decoded from that, … */
  readonly depth: number;
}

/** One piece of text a model could receive: a text file, or text found inside a binary. */
export interface TextSource {
  readonly fileUri: string;
  readonly path: string;
  readonly text: string;
  readonly kind: SourceKind;
  /** For text found inside a binary: which part (`PNG tEXt "Comment"`); for decoded text, how it was decoded (`decoded from base64`). */
  readonly field?: string;
  /** Image metadata only: why this field's text was not read (image-metadata.ts); image-text.ts says so. */
  readonly unread?: string;
  /**
   * Decoded text (kind `decoded`): every rule scans it like a file, and every
   * finding in it points at the blob it was decoded from (locate() does that).
   */
  readonly decodedFrom?: DecodedOrigin;
}

export interface RuleResult {
  readonly findings: Finding[];
  readonly hidden: HiddenText[];
}

export function emptyResult(): RuleResult {
  return { findings: [], hidden: [] };
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Line starts of a text, for offset → line/column. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0x0a) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  // Rules ask for positions in increasing order along a line: counting code points on from
  // the last answer keeps a very long line (thousands of matches) linear instead of quadratic.
  private last = { line: 0, offset: 0, column: 1 };

  /** 1-based line and column (columns count code points) of a UTF-16 offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    const start = this.starts[lo]!;
    const from = this.last.line === lo + 1 && this.last.offset <= offset ? this.last : { line: lo + 1, offset: start, column: 1 };
    let column = from.column;
    for (let i = from.offset; i < offset; i++) {
      const code = this.text.charCodeAt(i);
      // A low surrogate finishes a code point its high surrogate already counted.
      if (code < 0xdc00 || code > 0xdfff || i === start || !isHigh(this.text.charCodeAt(i - 1))) column++;
    }
    this.last = { line: lo + 1, offset, column };
    return { line: lo + 1, column };
  }

  /** UTF-16 offset where a 1-based line starts. */
  lineStart(line: number): number {
    return this.starts[line - 1] ?? 0;
  }

  /** The text of a 1-based line, without its line ending. */
  lineText(line: number): string {
    const start = this.starts[line - 1] ?? 0;
    const next = this.starts[line];
    return this.text.slice(start, next === undefined ? undefined : next - 1).replace(/\r$/, '');
  }
}

const indexes = new WeakMap<TextSource, LineIndex>();

export function lineIndexOf(source: TextSource): LineIndex {
  let index = indexes.get(source);
  if (!index) {
    index = new LineIndex(source.text);
    indexes.set(source, index);
  }
  return index;
}

const EXCERPT_MAX = 240;

/** A short, visible excerpt: invisible characters drawn, long text cut around the point of interest. */
export function excerptOf(text: string, focus = 0, length = text.length): string {
  let start = 0;
  let end = text.length;
  if (text.length > EXCERPT_MAX) {
    start = Math.max(0, focus - 60);
    end = Math.min(text.length, Math.max(focus + length, start) + 120, start + EXCERPT_MAX);
  }
  const body = revealInvisible(text.slice(start, end)).trim();
  return `${start > 0 ? '… ' : ''}${body}${end < text.length ? ' …' : ''}`;
}

/** The excerpt of the line holding `offset` in a source. */
export function lineExcerpt(source: TextSource, offset: number, length = 0): string {
  const index = lineIndexOf(source);
  const { line } = index.position(offset);
  return excerptOf(index.lineText(line), Math.max(0, offset - index.lineStart(line)), length);
}

export interface RiskContext {
  readonly input: ReviewInput;
  readonly sources: readonly TextSource[];
}

/** The location of an offset in a source, for a finding. */
export function locate(ctx: RiskContext, source: TextSource, offset: number): FindingLocation {
  // Decoded text has no lines of its own in the file: its findings sit on the blob.
  const origin = source.decodedFrom;
  if (origin) {
    return { serverId: ctx.input.serverId, skillUri: ctx.input.skillUri, fileUri: source.fileUri, ...(origin.field !== undefined ? { field: origin.field } : {}), line: origin.line, column: origin.column };
  }
  const { line, column } = lineIndexOf(source).position(offset);
  return {
    serverId: ctx.input.serverId,
    skillUri: ctx.input.skillUri,
    fileUri: source.fileUri,
    ...(source.field !== undefined ? { field: source.field } : {}),
    line,
    column,
  };
}

export function fileLocation(ctx: RiskContext, fileUri: string, extra: Partial<FindingLocation> = {}): FindingLocation {
  return { serverId: ctx.input.serverId, skillUri: ctx.input.skillUri, fileUri, ...extra };
}

export function riskFinding(id: RiskFindingId, message: string, location: FindingLocation, extra: { excerpt?: string; severity?: Severity; expected?: string; actual?: string } = {}): Finding {
  return finding(id, message, location, extra);
}

export function hiddenText(kind: HiddenTextKind, location: FindingLocation, text: string, findingId: RiskFindingId): HiddenText {
  return {
    kind,
    fileUri: location.fileUri ?? '',
    ...(location.line !== undefined ? { line: location.line } : {}),
    ...(location.column !== undefined ? { column: location.column } : {}),
    ...(location.field !== undefined ? { field: location.field } : {}),
    text: revealInvisible(text),
    findingId,
  };
}

/** Runs a global regex over a text and calls back with each match. */
export function eachMatch(text: string, pattern: RegExp, visit: (match: RegExpExecArray) => void): void {
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let match: RegExpExecArray | null;
  while ((match = re.exec(text)) !== null) {
    visit(match);
    if (match[0].length === 0) re.lastIndex++;
  }
}

/** Markdown-like sources: rules about what renders and what does not apply to these. */
export function isRendered(source: TextSource): boolean {
  return source.kind === 'skill-md' || source.kind === 'markdown' || source.kind === 'html';
}

/** Offsets covered by fenced code blocks and inline code spans: shown to a reader as written. Sorted, not overlapping. */
export function codeRanges(text: string): Array<readonly [number, number]> {
  const fences: Array<readonly [number, number]> = [];
  const fence = /^( {0,3})(`{3,}|~{3,})[^\n]*$/gm;
  let open: { marker: string; start: number } | undefined;
  let match: RegExpExecArray | null;
  while ((match = fence.exec(text)) !== null) {
    const marker = match[2]!;
    if (!open) {
      open = { marker, start: match.index };
    } else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && match[0].trim() === marker) {
      fences.push([open.start, match.index + match[0].length]);
      open = undefined;
    }
  }
  if (open) fences.push([open.start, text.length]);
  const ranges: Array<readonly [number, number]> = [...fences];
  // Single-line spans, bounded: a stray backtick must not make the search quadratic.
  // Whole backtick runs only ((?<!`) … (?!`)): a long run must not be retried at every length.
  const inline = /(?<!`)(`+)(?!`)([^\n]{0,2000}?[^`\n])\1(?!`)/g;
  while ((match = inline.exec(text)) !== null) {
    if (!inRanges(fences, match.index)) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** Whether an offset falls in one of the sorted, non-overlapping ranges (binary search). */
export function inRanges(ranges: ReadonlyArray<readonly [number, number]>, offset: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = ranges[mid]!;
    if (offset < start) hi = mid - 1;
    else if (offset >= end) lo = mid + 1;
    else return true;
  }
  return false;
}
