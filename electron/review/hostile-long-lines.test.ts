// A hostile file can be one long line of an opening that never closes: "[1,"
// with no "]", "<<EOF" with no ">", "!{" with no "}" (or lines of
// "-----BEGIN KEY-----" with no END). Patterns that tried every opening and
// scanned to the end of the line (or the file, or 200,000 characters) from
// each were quadratic in it: 256 KB of "[1," took two minutes, 2 MiB would take
// hours, and the review thread was stopped by its time limit with the skill
// never reviewed. Each case here is a SKILL.md of 2 or 4 MiB; the test's time limit is
// the review pool's own (DEFAULT_REVIEW_TIMEOUT_MS): past it, the app says the
// file was not reviewed. The scanners that replace those patterns find exactly
// what the patterns found (property tests against them).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_TIMEOUT_MS } from './review-pool.js';
import { reviewContent } from './risk-review.js';
import { eachBlock } from './decode/data-spans.js';
import { eachBraceExpansion } from './rules/execution.js';
import { eachOpeningTag } from './rules/hidden-markup.js';
import { prepareRules } from './rules/index.js';

beforeAll(async () => {
  await prepareRules();
});

const SIZE = 2 * 1024 * 1024;

describe('a SKILL.md of one opening repeated for megabytes, never closed', () => {
  // PEM openings are read at most 200,000 characters on, so it takes twice the size and the shortest opening line.
  it.each([['[1,', SIZE], ['python3 - <<EOF\n', SIZE], ['!{', SIZE], ['<a ', SIZE], ['-----BEGIN A-----', 2 * SIZE]])('%j: every check finishes', (unit, size) => {
    const body = unit.repeat(Math.ceil(size / unit.length));
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

  it('blocks from an opening line to a closing one', () => {
    const open = /-----BEGIN [A-Z0-9 ]{1,40}-----/g;
    const close = /-----END [A-Z0-9 ]{1,40}-----/g;
    fc.assert(
      fc.property(text(['-----BEGIN A-----', '-----END A-----', '-----END A', '-', 'B', ' ', '\n', 'x', '------BEGIN B-----', '-----END  -----']), (source) => {
        const found: Array<[number, number]> = [];
        eachBlock(source, open, close, (start, end) => found.push([start, end]));
        expect(found).toEqual(all(/-----BEGIN [A-Z0-9 ]{1,40}-----[\s\S]{0,200000}?-----END [A-Z0-9 ]{1,40}-----/g, source).map(([i, n]) => [i, i + n]));
      }),
      { numRuns: 3000 },
    );
    // The 200,000 characters a block may hold: a closing line further on closes nothing.
    const far = `-----BEGIN A-----${'x'.repeat(200_001)}-----END A-----`;
    const found: Array<[number, number]> = [];
    eachBlock(far, open, close, (start, end) => found.push([start, end]));
    expect(found).toEqual([]);
    const near = `-----BEGIN A-----${'x'.repeat(200_000)}-----END A-----`;
    eachBlock(near, open, close, (start, end) => found.push([start, end]));
    expect(found).toEqual([[0, near.length]]);
  });

  it('blocks whose closing line must start a line (PuTTY keys)', () => {
    fc.assert(
      fc.property(text(['PuTTY-User-Key-File-2:', 'Private-MAC: ab', '\n', 'x', '3', ' ']), (source) => {
        const found: Array<[number, number]> = [];
        eachBlock(source, /^PuTTY-User-Key-File-\d+:/gm, /^Private-MAC:[^\n]*/gm, (start, end) => found.push([start, end]));
        expect(found).toEqual(all(/^PuTTY-User-Key-File-\d+:[\s\S]{0,200000}?^Private-MAC:[^\n]*/gm, source).map(([i, n]) => [i, i + n]));
      }),
      { numRuns: 3000 },
    );
  });
});
