import { describe, expect, it } from 'vitest';
import { markDifferences } from './name-diff.js';

describe('lookalike names', () => {
  it('marks a confusable letter on each side with its code point', () => {
    const [left, right] = markDifferences('p\u0430yments', 'payments');
    expect(left).toEqual([
      { text: 'p', differs: false },
      { text: '\u0430', differs: true, codes: 'U+0430' },
      { text: 'yments', differs: false },
    ]);
    expect(right).toEqual([
      { text: 'p', differs: false },
      { text: 'a', differs: true, codes: 'U+0061' },
      { text: 'yments', differs: false },
    ]);
  });

  it('marks a hyphen only on the side that has it', () => {
    const [left, right] = markDifferences('pdf-tools', 'pdftools');
    expect(left.filter((p) => p.differs)).toEqual([{ text: '-', differs: true, codes: 'hyphen' }]);
    expect(right.every((p) => !p.differs)).toBe(true);
    expect(right.map((p) => p.text).join('')).toBe('pdftools');
  });

  it('marks a digit standing in for a letter', () => {
    const [left, right] = markDifferences('release-n0tes', 'release-notes');
    expect(left.filter((p) => p.differs).map((p) => p.text)).toEqual(['0']);
    expect(right.filter((p) => p.differs).map((p) => p.text)).toEqual(['o']);
  });
});
