// Line numbers of a unified diff hunk on both sides, for the line diff view,
// and where the finding delta's marks go on those lines.
import type { LineHunk, RiskDelta } from '../../../../shared/approvals-model.js';
import type { Finding } from '../../../../shared/model.js';

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

/** A finding of the delta shown on a line of the diff: `new` on the newer side's line, `gone` on the older side's. */
export interface LineMark {
  readonly kind: 'new' | 'gone';
  readonly finding: Finding;
}

/** The marks of one file: on the lines of its hunks, and those the hunks do not show (no line, or a line outside them). */
export interface PlacedMarks {
  /** By hunk, then by the index of the line in numberedLines(hunk). */
  readonly onLines: ReadonlyMap<string, readonly LineMark[]>;
  readonly elsewhere: readonly LineMark[];
}

export const markSlot = (hunk: number, index: number) => `${hunk}:${index}`;

/**
 * Puts each new finding of a file on the line of the diff that has its line
 * number in the newer file (an added line, or context), and each gone one on
 * its line in the older file (a removed line, or context).
 */
export function placeMarks(hunks: readonly LineHunk[], fileUri: string, risk: Pick<RiskDelta, 'added' | 'gone'> | undefined): PlacedMarks {
  const onLines = new Map<string, LineMark[]>();
  const elsewhere: LineMark[] = [];
  if (!risk) return { onLines, elsewhere };
  const numbered = hunks.map(numberedLines);
  const place = (mark: LineMark, side: 'now' | 'old') => {
    const line = mark.finding.location.line;
    if (line !== undefined) {
      for (const [h, lines] of numbered.entries()) {
        const index = lines.findIndex((l) => l[side] === line && (side === 'now' ? l.sign !== '-' : l.sign !== '+'));
        if (index >= 0) {
          const slot = markSlot(h, index);
          onLines.set(slot, [...(onLines.get(slot) ?? []), mark]);
          return;
        }
      }
    }
    elsewhere.push(mark);
  };
  for (const finding of risk.added) if (finding.location.fileUri === fileUri) place({ kind: 'new', finding }, 'now');
  for (const finding of risk.gone) if (finding.location.fileUri === fileUri) place({ kind: 'gone', finding }, 'old');
  return { onLines, elsewhere };
}

const WAS = { error: 'an error', warning: 'a warning', info: 'info' } as const;

/** The words of a mark: `+ line 4: downloads code and runs it — error`, `− line 7: … — gone (was a warning)`. */
export function markText(mark: LineMark): string {
  const { finding } = mark;
  const title = finding.title.charAt(0).toLowerCase() + finding.title.slice(1);
  const where = finding.location.line !== undefined ? `line ${finding.location.line}` : finding.location.field !== undefined ? `field ${finding.location.field}` : 'the file';
  return mark.kind === 'new' ? `+ ${where}: ${title} — ${finding.severity}` : `− ${where}: ${title} — gone (was ${WAS[finding.severity]})`;
}
