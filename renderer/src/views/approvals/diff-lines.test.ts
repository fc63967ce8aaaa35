import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../../../shared/entry-diff.js';
import { numberedLines } from './diff-lines.js';

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
