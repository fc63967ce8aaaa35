// The Bytes tab's view of invisible characters. Finding, naming and decoding
// them is shared/invisible-chars.ts — the same code the review rules run in
// the main process — so a finding's excerpt and this tab always agree. What
// is here is the tab's own arithmetic: per-kind counts, lines, line endings.
import {
  INVISIBLE_KIND_LABELS,
  describeInvisible,
  findInvisible,
  revealSegments,
  type InvisibleKind,
  type RevealedSegment,
} from '../../../shared/invisible-chars.js';

export type { InvisibleKind, RevealedSegment };

/** Plain runs and marked runs of one piece of text (a line, a field value). */
export function segment(text: string): RevealedSegment[] {
  return revealSegments(text);
}

export interface InvisibleSummary {
  readonly counts: Readonly<Record<InvisibleKind, number>>;
  readonly total: number;
  /** "2 zero-width characters, 1 bidirectional control", in the review rules' words. */
  readonly description: string;
  /** Hidden ASCII spelled by tag characters, one string per run. */
  readonly hiddenTexts: readonly string[];
  /** Line numbers (1-based) that hold at least one marked character. */
  readonly lines: readonly number[];
}

function emptyCounts(): Record<InvisibleKind, number> {
  const counts = {} as Record<InvisibleKind, number>;
  for (const kind of Object.keys(INVISIBLE_KIND_LABELS) as InvisibleKind[]) counts[kind] = 0;
  return counts;
}

/** Counts every marked character of a text, per kind, and where they are. A leading byte-order mark counts too: the model receives it. */
export function summarise(text: string): InvisibleSummary {
  const runs = findInvisible(text, { includeLeadingBom: true });
  const counts = emptyCounts();
  const hiddenTexts: string[] = [];
  const lines = new Set<number>();
  let total = 0;
  for (const run of runs) {
    counts[run.kind] += run.codePoints.length;
    total += run.codePoints.length;
    if (run.decoded !== undefined) hiddenTexts.push(run.decoded);
    lines.add(run.line);
  }
  return { counts, total, description: describeInvisible(runs), hiddenTexts, lines: [...lines].sort((a, b) => a - b) };
}

export interface Line {
  readonly text: string;
  /** How the line ended: LF, CR LF, or nothing (the last line). */
  readonly ending: '\n' | '\r\n' | '';
}

/** Lines as a reader numbers them; the ending is kept apart so CR LF files show it without calling it hidden. */
export function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (;;) {
    const lf = text.indexOf('\n', start);
    if (lf < 0) {
      if (start < text.length) out.push({ text: text.slice(start), ending: '' });
      return out;
    }
    const crlf = lf > start && text.charCodeAt(lf - 1) === 0x0d;
    out.push({ text: text.slice(start, crlf ? lf - 1 : lf), ending: crlf ? '\r\n' : '\n' });
    start = lf + 1;
  }
}

/** Characters (UTF-16 units) drawn in one row of the Bytes view: each marked character is an element, so a 4 MiB line of U+202E would be 1.4 million in one row. */
export const MAX_ROW_CHARS = 1_000;

export interface BytesRow {
  /** The line (1-based) this row is part of. */
  readonly line: number;
  /** 0 for the line's first row; a longer line continues on rows 1, 2, … */
  readonly part: number;
  readonly text: string;
  /** The line's ending, on its last row only. */
  readonly ending: Line['ending'];
}

/** The rows the Bytes view draws: every line, cut into rows of at most MAX_ROW_CHARS characters, never between the two halves of a surrogate pair. */
export function bytesRows(lines: readonly Line[]): BytesRow[] {
  const rows: BytesRow[] = [];
  lines.forEach((l, i) => {
    if (l.text.length <= MAX_ROW_CHARS) {
      rows.push({ line: i + 1, part: 0, text: l.text, ending: l.ending });
      return;
    }
    let part = 0;
    for (let start = 0; start < l.text.length; part++) {
      let end = Math.min(start + MAX_ROW_CHARS, l.text.length);
      const high = l.text.charCodeAt(end - 1);
      if (end < l.text.length && high >= 0xd800 && high <= 0xdbff) end--;
      rows.push({ line: i + 1, part, text: l.text.slice(start, end), ending: end === l.text.length ? l.ending : '' });
      start = end;
    }
  });
  return rows;
}
