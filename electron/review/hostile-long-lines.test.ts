// A hostile file can be one long line of an opening that never closes: "[1,"
// with no "]", "<<EOF" with no ">", "!{" with no "}". Patterns that tried
// every opening and scanned to the end of the line (or the file) from each
// were quadratic in it: 256 KB of "[1," took two minutes, 2 MiB would take
// hours, and the review thread was stopped by its time limit with the skill
// never reviewed. Each case here is a 2 MiB SKILL.md; the test's time limit is
// the review pool's own (DEFAULT_REVIEW_TIMEOUT_MS): past it, the app says the
// file was not reviewed. The scanners that replace those patterns find exactly
// what the patterns found (property tests against them).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_TIMEOUT_MS } from './review-pool.js';
import { reviewContent } from './risk-review.js';
import { eachBraceExpansion } from './rules/execution.js';
import { eachOpeningTag } from './rules/hidden-markup.js';
import { prepareRules } from './rules/index.js';

beforeAll(async () => {
  await prepareRules();
});

const SIZE = 2 * 1024 * 1024;

describe('a SKILL.md of one opening repeated for 2 MiB, never closed', () => {
  it.each([['[1,'], ['python3 - <<EOF\n'], ['!{'], ['<a ']])('%j: every check finishes', (unit) => {
    const body = unit.repeat(Math.ceil(SIZE / unit.length));
    const review = reviewContent({ serverId: 's', skillUri: 'skill://a/SKILL.md', files: [{ uri: 'skill://a/SKILL.md', path: 'SKILL.md', bytes: Buffer.from(`---\nname: a\ndescription: d\n---\n${body}`) }], listedFileCount: 1 });
    expect(review.findings.filter((f) => f.id === 'risk-check-incomplete')).toEqual([]);
    expect(review.complete).toBe(true);
  }, DEFAULT_REVIEW_TIMEOUT_MS);
});

/** Text made of the characters these patterns turn on, so openings, closings and line ends meet in every order. */
const text = (alphabet: string[]) => fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }).map((a) => a.join(''));

function all(pattern: RegExp, source: string): Array<[number, number]> {
  return [...source.matchAll(pattern)].map((m) => [m.index, m[0].length]);
}

describe('the one-pass scanners find what the patterns found', () => {
  it('!{command}', () => {
    fc.assert(
      fc.property(text(['!', '{', '}', '\n', 'a', '\\', ' ', '!{', 'x}']), (source) => {
        const found: Array<[number, number]> = [];
        eachBraceExpansion(source, (index, length) => found.push([index, length]));
        expect(found).toEqual(all(/(?<![\w\\])!\{([^}\n]+)\}/g, source));
      }),
      { numRuns: 3000 },
    );
  });

  it('opening tags', () => {
    fc.assert(
      fc.property(text(['<', '>', 'a', 'div', '-', '_', '1', ' ', '\n', '"', '=', '<b ', '>x']), (source) => {
        const found: Array<[number, number, string, string]> = [];
        eachOpeningTag(source, (t) => found.push([t.index, t.length, t.name, t.attributes]));
        expect(found).toEqual([...source.matchAll(/<([a-z][a-z0-9-]*)\b([^>]*)>/gi)].map((m) => [m.index, m[0].length, m[1]!, m[2]!]));
      }),
      { numRuns: 3000 },
    );
  });
});
