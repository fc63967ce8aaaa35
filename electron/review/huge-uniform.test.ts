// A hostile file can be one character repeated for megabytes: every pattern
// the rules run must survive it (V8's regular expressions keep a backtrack
// entry per repetition of an unbounded loop, and overflow on a long enough
// run). Each input here is a whole 8 MiB SKILL.md body of one repeated unit;
// the review must finish with every check run.
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewContent } from './risk-review.js';
import { prepareRules } from './rules/index.js';

// The units that overflowed before (letters, digits and base64 symbols), and a few that stress other patterns.
const UNITS = ['a', '0', 'A', '-', 'x+', '\\x41', '%41', ' '];
const SIZE = 8 * 1024 * 1024;

beforeAll(async () => {
  await prepareRules();
});

describe('a review of megabytes of one repeated unit', () => {
  it.each(UNITS.map((u) => [JSON.stringify(u), u]))('%s: every check finishes', (_name, unit) => {
    const body = unit.repeat(Math.ceil(SIZE / unit.length));
    for (const [path, text] of [
      ['SKILL.md', `---\nname: a\ndescription: d\n---\n${body}`],
      ['scripts/run.sh', body],
    ] as const) {
      const bytes = Buffer.from(text);
      const review = reviewContent({ serverId: 's', skillUri: 'skill://a/SKILL.md', files: [{ uri: `skill://a/${path}`, path, bytes }], listedFileCount: 1 });
      expect(review.findings.filter((f) => f.id === 'risk-check-incomplete').map((f) => f.message), `${path} of ${JSON.stringify(unit)}`).toEqual([]);
    }
  }, 120_000);
});
