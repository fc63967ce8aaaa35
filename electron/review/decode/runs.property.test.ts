// The scan that finds where a base64-looking run starts (nextRunStart) skips
// only places where RUN cannot match: from any offset, the next place it
// answers is the place RUN's own search finds, or none when RUN finds none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextRunStart, RUN } from './runs.js';

/** Run characters, their neighbours and a few non-ASCII ones, so runs of every length around 16 occur. */
const char = fc.constantFrom('a', 'Z', '0', '9', '+', '/', '_', '-', '=', ' ', '\n', '.', ':', '"', 'é', '\u0430', '😀', '\u00ff', '\u0100');
const text = fc.oneof(
  fc.array(char, { maxLength: 200 }).map((c) => c.join('')),
  fc.array(fc.oneof(fc.constantFrom('aGVsbG8', 'Zm9vYmFy', 'x', ' ', '-', '=='), char), { maxLength: 40 }).map((c) => c.join('')),
);

function regexStart(value: string, from: number): number {
  const re = new RegExp(RUN.source, RUN.flags);
  re.lastIndex = from;
  return re.exec(value)?.index ?? -1;
}

describe('nextRunStart (property-based)', () => {
  it('answers where RUN next matches, from any offset', () => {
    fc.assert(
      fc.property(text, fc.nat(220), (value, from) => {
        const start = Math.min(from, value.length);
        expect(nextRunStart(value, start)).toBe(regexStart(value, start));
      }),
      { numRuns: 20_000 },
    );
  });

  it('finds a run of exactly 16, and none of 15', () => {
    expect(nextRunStart('x aaaaaaaaaaaaaaaa y', 0)).toBe(2);
    expect(nextRunStart('x aaaaaaaaaaaaaaa y', 0)).toBe(-1);
    expect(nextRunStart('aaaaaaaaaaaaaaaaaaaa', 3)).toBe(3);
  });
});
