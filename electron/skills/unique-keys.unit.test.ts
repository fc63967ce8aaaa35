// The one-pass duplicate-key check says what the YAML library's own check
// (`uniqueKeys: true`) says, at the same place, on the shapes a frontmatter
// can take.
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { firstDuplicateKey } from './unique-keys.js';

const CASES: ReadonlyArray<readonly [string, string]> = [
  ['no duplicate', 'name: a\ndescription: b\n'],
  ['a key twice', 'name: a\ndescription: b\nname: c\n'],
  ['a plain and a quoted spelling of one key', 'a: 1\n"a": 2\n'],
  ['a number key and a string key', '1: 1\n"1": 2\n'],
  ['twice in a flow map', 'a: {b: 1, b: 2}\n'],
  ['twice in a map in a list', 'a:\n  - x: 1\n    x: 2\n'],
  ['an alias as a value', 'a: &x 1\nb: *x\n'],
  ['the same key in two maps', 'a:\n  x: 1\nb:\n  x: 2\n'],
  ['a merge key twice (YAML 1.2: a plain key)', '<<: {a: 1}\n<<: {b: 2}\n'],
  ['twice deep down', 'a:\n  b:\n    c:\n      d: 1\n      d: 2\n'],
];

describe('firstDuplicateKey', () => {
  it.each(CASES)('%s: as the library finds it', (_name, yaml) => {
    const library = parseDocument(yaml, { prettyErrors: false, uniqueKeys: true }).errors.find((e) => e.code === 'DUPLICATE_KEY');
    expect(firstDuplicateKey(parseDocument(yaml, { prettyErrors: false, uniqueKeys: false }))).toBe(library?.pos[0]);
  });

  it('two missing keys (`? ` with nothing after it): a duplicate, as the library says', () => {
    const yaml = '? \n: 2\n? \n: 3\n';
    expect(parseDocument(yaml, { uniqueKeys: true }).errors.map((e) => e.code)).toEqual(['DUPLICATE_KEY']);
    // The library names the place after the empty key, this the empty key itself: the same line or the one before.
    expect(firstDuplicateKey(parseDocument(yaml, { uniqueKeys: false }))).toBe(yaml.indexOf('? ', 1) + 2);
  });

  it('a map nested 10,000 deep with a duplicate at the bottom: found, without recursion', () => {
    const deep = `${'a:\n'.split('\n')[0]}${' {b:'.repeat(10_000)} {x: 1, x: 2}${'}'.repeat(10_000)}\n`;
    const doc = parseDocument(deep, { prettyErrors: false, uniqueKeys: false });
    if (doc.errors.length === 0) expect(firstDuplicateKey(doc)).toBe(deep.lastIndexOf('x'));
    else expect(doc.errors.length).toBeGreaterThan(0);
  });
});
