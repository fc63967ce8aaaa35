// Line numbers of a unified diff hunk on both sides, for the line diff view.
import type { LineHunk } from '../../../../shared/approvals-model.js';

export interface NumberedLine {
  readonly sign: ' ' | '+' | '-' | '\\';
  readonly text: string;
  readonly old?: number;
  readonly now?: number;
}

export function numberedLines(hunk: LineHunk): NumberedLine[] {
  let old = hunk.oldStart;
  let now = hunk.newStart;
  return hunk.lines.map((line) => {
    const sign = (line[0] ?? ' ') as NumberedLine['sign'];
    const text = line.slice(1);
    if (sign === '+') return { sign, text, now: now++ };
    if (sign === '-') return { sign, text, old: old++ };
    // "\ No newline at end of file" belongs to the line before it.
    if (sign === '\\') return { sign, text };
    return { sign: ' ', text, old: old++, now: now++ };
  });
}
