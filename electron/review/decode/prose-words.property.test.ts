// The counts hiddenProseLines asks of every prose line, made without building
// word lists, give the answers of the forms they replace: commonShare is
// englishScore's ratio, hasLetterRuns is "/[A-Za-z]+/g matches at least n times".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLetterRuns } from './prose.js';
import { commonShare, englishScore } from './words.js';

/** Common words, their ROT13 and reversed forms, letters, apostrophes and characters that lower-case to ASCII letters. */
const piece = fc.constantFrom('the', 'you', 'Ignore', 'gur', 'lbh', 'erongi', "don't", "it's", 'a', 'Z', '@', '[', '`', '{', ' ', '  ', '\t', '.', ',', "'", '-', '0', '7', 'é', 'K', 'İ', 'ſ', 'Ⅸ', '😀', '\u0100', '\u0141');
const line = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));

describe('prose line counts (property-based)', () => {
  it('commonShare is englishScore(text).ratio', () => {
    fc.assert(
      fc.property(line, (text) => {
        expect(commonShare(text)).toBe(englishScore(text).ratio);
      }),
      { numRuns: 20_000 },
    );
  });

  it('hasLetterRuns(line, n) is whether /[A-Za-z]+/g matches at least n times', () => {
    fc.assert(
      fc.property(line, fc.integer({ min: 1, max: 8 }), (text, n) => {
        expect(hasLetterRuns(text, n)).toBe((text.match(/[A-Za-z]+/g)?.length ?? 0) >= n);
      }),
      { numRuns: 20_000 },
    );
  });
});
