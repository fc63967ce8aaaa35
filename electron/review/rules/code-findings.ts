// The bridge between the code layer and the rules: the code findings of one
// kind, the test the text-pattern fallback must pass before it reports
// (the place is prose, not code already read, and no code finding of the
// same kind is on that line: one finding per place), and the text the
// intent families read (code blanked out, its comments and sentences kept).
import type { Finding } from '../../../shared/model.js';
import type { RiskFindingId } from '../../../shared/risk-findings.js';
import { codeOf } from '../code/analyze.js';
import { codeDetections, isCovered, type Detection } from '../code/judge.js';
import { excerptOf, inRanges, lineExcerpt, locate, riskFinding, type RiskContext, type TextSource } from './context.js';

const detections = new WeakMap<RiskContext, Detection[]>();

function detectionsOf(ctx: RiskContext): Detection[] {
  let list = detections.get(ctx);
  if (!list) {
    list = codeDetections(codeOf(ctx));
    detections.set(ctx, list);
  }
  return list;
}

function lineKey(ctx: RiskContext, id: string, source: TextSource, offset: number): string {
  return `${id}\n${source.fileUri}\n${source.field ?? ''}\n${locate(ctx, source, offset).line ?? ''}`;
}

/** The findings the code layer makes of one kind. */
export function codeFindings(ctx: RiskContext, ids: readonly RiskFindingId[]): Finding[] {
  return detectionsOf(ctx)
    .filter((d) => ids.includes(d.id))
    .map((d) => {
      const at = locate(ctx, d.source, d.offset);
      const excerpt = d.source.decodedFrom ? excerptOf(d.source.text, d.offset, d.length) : lineExcerpt(d.source, d.offset, d.length);
      return riskFinding(d.id, d.message, { ...at, ...(d.field !== undefined ? { field: d.field } : {}) }, { excerpt });
    });
}

/** Whether a text pattern may report at this place: prose (not code already read as code), and no code finding of its kind on the line. */
export function fallbackMayReport(ctx: RiskContext, id: RiskFindingId, source: TextSource, offset: number): boolean {
  const analysis = codeOf(ctx);
  if (isCovered(analysis, source, offset)) return false;
  // A comment line of a script the code layer could not read does not run (what it says to an AI is the intent rules' to judge).
  if (source.kind === 'script' && onCommentLine(source.text, offset)) return false;
  const key = lineKey(ctx, id, source, offset);
  return !detectionsOf(ctx).some((d) => d.id === id && d.source === source && lineKey(ctx, d.id, d.source, d.offset) === key);
}

// `#` (not `#!`) comments a line in shell, Python, PowerShell, Ruby and Perl; `//` in JavaScript. Nothing wider:
// a line that starts with `;` or `*` is a command in shell.
const SCRIPT_COMMENT = /^[ \t]*(?:#(?!!)|\/\/)/;

function onCommentLine(text: string, offset: number): boolean {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return SCRIPT_COMMENT.test(text.slice(start, Math.min(text.length, start + 256)));
}

/** Notes on code the code layer could not read as code (a grammar that did not load, a size limit). */
export function codeNotes(ctx: RiskContext): Finding[] {
  return codeOf(ctx).notes.map((n) => {
    const at = locate(ctx, n.source, n.offset);
    return riskFinding('risk-code-not-parsed', n.message, at, { excerpt: n.source.decodedFrom ? excerptOf(n.source.text, n.offset) : lineExcerpt(n.source, n.offset) });
  });
}

// In a script the code layer could not read (a language it has no grammar for, a syntax error), lines that are comments.
const COMMENT_LINE = /^[ \t]*(?:#(?!!)|\/\/|\/\*|\*|<#|--|REM\b|rem\b|;)[^\n]*/gm;

const proseTexts = new WeakMap<RiskContext, Map<TextSource, string>>();

/**
 * A source's text as the intent families read it. Code read as code — a
 * script, a fenced or indented code block — is blanked out: what it does is
 * a code fact, judged by the code rules (`cat ~/.aws/credentials` in a
 * deploy script reads a file; it does not ask the model to disclose one).
 * Its comments and its string literals that read as sentences stay: a model
 * that reads the script reads them as words addressed to it ("# AI agent:
 * ignore your previous instructions"). A script is read that way whole, the
 * parts the code layer could not read included (only their comment lines
 * stay). Inline code spans and configuration values stay prose. Offsets are
 * unchanged: each blanked character becomes a space, line breaks stay.
 */
export function proseText(ctx: RiskContext, source: TextSource): string {
  let cache = proseTexts.get(ctx);
  if (!cache) {
    cache = new Map();
    proseTexts.set(ctx, cache);
  }
  const known = cache.get(source);
  if (known !== undefined) return known;
  const text = masked(ctx, source);
  cache.set(source, text);
  return text;
}

function masked(ctx: RiskContext, source: TextSource): string {
  const analysis = codeOf(ctx);
  const script = source.kind === 'script';
  const blocks = analysis.codeBlocks.get(source) ?? [];
  if (!script && blocks.length === 0) return source.text;
  const text = source.text;
  const blank = new Uint8Array(text.length);
  for (const [s, e] of script ? [[0, text.length] as const] : blocks) blank.fill(1, Math.max(0, s), Math.min(text.length, e));
  for (const [s, e] of analysis.proseInCode.get(source) ?? []) blank.fill(0, Math.max(0, s), Math.min(text.length, e));
  if (script) {
    const covered = analysis.covered.get(source) ?? [];
    COMMENT_LINE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = COMMENT_LINE.exec(text)) !== null) {
      if (m[0].length === 0) COMMENT_LINE.lastIndex++;
      else if (!inRanges(covered, m.index)) blank.fill(0, m.index, m.index + m[0].length);
    }
  }
  let out = '';
  let i = 0;
  while (i < text.length) {
    const state = blank[i]!;
    let j = i + 1;
    while (j < text.length && blank[j] === state) j++;
    const part = text.slice(i, j);
    out += state ? part.replace(/[^\n]/g, ' ') : part;
    i = j;
  }
  return out;
}
