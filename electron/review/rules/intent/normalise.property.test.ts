// The tokeniser finds words by reading characters (nextWord, wordEnd), not by
// running /[a-z0-9@$]+(?:'[a-z0-9]+)*/g: on any text, the two find the same
// words at the same places.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextWord, wordEnd } from './normalise.js';

const WORD = /[a-z0-9@$]+(?:'[a-z0-9]+)*/g;

/** Word characters, apostrophes in every position, and what folded text holds besides. */
const piece = fc.constantFrom('a', 'z', '0', '9', '@', '$', "'", "''", "'a", "a'", 'don', "n't", ' ', '\n', '.', '-', ':', 'A', 'é', 'ß', '\u2029', '\u00a0', '😀', '\u0100', '\u0127', '`', '[', '{');
const text = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));

function byScan(f: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  for (let at = nextWord(f, 0); at >= 0; ) {
    const end = wordEnd(f, at);
    out.push([at, f.slice(at, end)]);
    at = nextWord(f, end);
  }
  return out;
}

describe('the tokeniser\'s word scan (property-based)', () => {
  it('finds the words the pattern finds, at the same places', () => {
    fc.assert(
      fc.property(text, (f) => {
        expect(byScan(f)).toEqual([...f.matchAll(WORD)].map((m): [number, string] => [m.index, m[0]]));
      }),
      { numRuns: 30_000 },
    );
  });

  it('keeps contractions and handles together', () => {
    expect(byScan("don't ask @user's $x ''a b'")).toEqual([[0, "don't"], [6, 'ask'], [10, "@user's"], [18, '$x'], [23, 'a'], [25, 'b']]);
  });
});
