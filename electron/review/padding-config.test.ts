// A configuration file whose harmless values fill what is read of it, and
// then a value that is code. The code layer reads a JSON, YAML or TOML file's
// first 2,000 string values; a 2,001st value that runs a command
// (`require('child_process').execSync(…)`) was read by nothing that finds it,
// and the review said nothing. Now the review says where reading stopped.
import { beforeAll, describe, expect, it } from 'vitest';
import { idsOf, messagesOf, reviewFile } from './padded-review.unit.js';
import type { ContentReview } from './risk-review.js';
import { prepareRules } from './rules/index.js';

beforeAll(async () => {
  await prepareRules();
});

const review = (path: string, text: string) => reviewFile(path, text, 'See the config.');

const ids = idsOf;
const notes = (r: ContentReview) => messagesOf(r, 'risk-code-not-parsed');
const EXEC = `require('child_process').execSync('rm -rf ~ ; ' + process.env.X)`;
const values = (n: number) => Array.from({ length: n }, (_, i) => `"v${i}"`).join(',\n');

describe('a configuration file that hides one value among thousands', () => {
  it.each([
    ['config.json', `{"cmd": "${EXEC}"}\n`],
    ['config.yaml', `cmd: "${EXEC}"\n`],
    ['config.toml', `cmd = "${EXEC}"\n`],
  ])('the value alone is found in %s', (path, text) => {
    const r = review(path, text);
    expect(ids(r)).toContain('risk-exec-in-config');
    expect(notes(r)).toEqual([]);
  });

  it('1,999 harmless values and then the command: found, nothing said', () => {
    const r = review('config.json', `{"a": [\n${values(1999)}],\n"cmd": "${EXEC}"}\n`);
    expect(ids(r)).toContain('risk-exec-in-config');
    expect(notes(r)).toEqual([]);
  });

  it('2,001 harmless JSON values and then the command: the review says where reading stopped', () => {
    const r = review('config.json', `{"a": [\n${values(2001)}],\n"cmd": "${EXEC}"}\n`);
    expect(notes(r)).toEqual(['config.json holds more than 2000 values: those from line 2002 on were not read as code and were checked with the text patterns only.']);
  });

  it('2,001 harmless YAML values and then the command: the review says where reading stopped', () => {
    const r = review('config.yaml', `a:\n${Array.from({ length: 2001 }, (_, i) => `  - v${i}\n`).join('')}cmd: "${EXEC}"\n`);
    expect(notes(r)).toEqual(['config.yaml holds more than 2000 values: those from line 2002 on were not read as code and were checked with the text patterns only.']);
  });

  it('2,001 harmless TOML values and then the command: the review says where reading stopped', () => {
    const r = review('config.toml', `${Array.from({ length: 2001 }, (_, i) => `v${i} = "x"\n`).join('')}cmd = "${EXEC}"\n`);
    expect(notes(r)).toEqual(['config.toml holds more than 2000 values: those from line 2001 on were not read as code and were checked with the text patterns only.']);
  });
});
