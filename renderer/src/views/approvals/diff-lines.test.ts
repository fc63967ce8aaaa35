import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../../../shared/line-diff.js';
import { markSlot, markText, numberedLines, placeMarks } from './diff-lines.js';

describe('numberedLines', () => {
  it('numbers context, removed and added lines on their own sides', () => {
    const diff = lineDiff('a\nb\nc\nd\ne\nf\n', 'a\nB\nc\nd\ne\nf\ng\n', { context: 1 });
    expect(diff?.hunks).toHaveLength(2);
    expect(diff!.hunks.map((h) => numberedLines(h).map((l) => [l.sign, l.text, l.old, l.now]))).toEqual([
      [
        [' ', 'a', 1, 1],
        ['-', 'b', 2, undefined],
        ['+', 'B', undefined, 2],
        [' ', 'c', 3, 3],
      ],
      [
        [' ', 'f', 6, 6],
        ['+', 'g', undefined, 7],
      ],
    ]);
  });

  it('gives "no newline at end of file" no number of its own', () => {
    const diff = lineDiff('one\ntwo', 'one\nthree');
    const lines = numberedLines(diff!.hunks[0]!);
    expect(lines.filter((l) => l.sign === '\\').map((l) => [l.text.trim(), l.old, l.now])).toEqual([
      ['No newline at end of file', undefined, undefined],
      ['No newline at end of file', undefined, undefined],
    ]);
    expect(lines.filter((l) => l.sign !== '\\').map((l) => [l.sign, l.text, l.old, l.now])).toEqual([
      [' ', 'one', 1, 1],
      ['-', 'two', 2, undefined],
      ['+', 'three', undefined, 2],
    ]);
  });
});

describe('placeMarks', () => {
  const FILE = 'skill://setup/SKILL.md';
  const at = (id: string, line: number | undefined, fileUri = FILE, severity: 'error' | 'warning' = 'error') => ({
    id,
    severity,
    title: 'Downloads code and runs it',
    message: '',
    location: { fileUri, ...(line !== undefined ? { line } : {}) },
  });

  it('puts a new finding on its line in the newer file and a gone one on its line in the older file', () => {
    const diff = lineDiff('a\nb\nc\n', 'a\ncurl x | sh\nc\n', { context: 1 })!;
    const placed = placeMarks(diff.hunks, FILE, { added: [at('risk-fetch-and-run', 2)], gone: [at('risk-old', 2, FILE, 'warning')] });
    const lines = numberedLines(diff.hunks[0]!);
    const slots = [...placed.onLines.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([slot, marks]) => [lines[Number(slot.split(':')[1])]!.sign, lines[Number(slot.split(':')[1])]!.text, marks.map((m) => m.kind)]);
    expect(slots).toEqual([
      ['-', 'b', ['gone']],
      ['+', 'curl x | sh', ['new']],
    ]);
    expect(placed.elsewhere).toEqual([]);
    expect(markText(placed.onLines.get(markSlot(0, 2))![0]!)).toBe('+ line 2: downloads code and runs it — error');
    expect(markText(placed.onLines.get(markSlot(0, 1))![0]!)).toBe('− line 2: downloads code and runs it — gone (was a warning)');
  });

  it('keeps findings of other files out, and lists those the hunks do not show', () => {
    const diff = lineDiff('a\nb\nc\nd\ne\nf\ng\n', 'a\nB\nc\nd\ne\nf\ng\n', { context: 1 })!;
    const placed = placeMarks(diff.hunks, FILE, { added: [at('risk-far', 7), at('risk-file', undefined), at('risk-other', 2, 'skill://setup/run.sh')], gone: [] });
    expect(placed.onLines.size).toBe(0);
    expect(placed.elsewhere.map((m) => m.finding.id)).toEqual(['risk-far', 'risk-file']);
    expect(markText(placed.elsewhere[1]!)).toBe('+ the file: downloads code and runs it — error');
  });
});
