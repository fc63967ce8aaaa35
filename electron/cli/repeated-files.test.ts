// Which listed files are one file listed again: the same key the entry rules
// use (entry-rules.ts listingKey): the canonical URI, plus the query and the
// trailing "/" it sets aside, and a backslashed name kept as served. Two
// spellings of one file are one file; g.md and g.md?v=2, g.md and g.md/, or
// x/y.md and x%5Cy.md are two.
import { describe, expect, it } from 'vitest';
import { buildLockedServer, compareServers, isIdentical, repeatedFiles } from './lockfile.js';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;
const SKILL = 'skill://g/SKILL.md';
const files = (...uris: string[]) => uris.map((uri) => ({ uri }));

describe('repeatedFiles', () => {
  it('names a second spelling of one file (upper-case scheme, an encoded letter, a dot segment)', () => {
    expect(repeatedFiles(files(SKILL, 'skill://g/g.md', 'SKILL://g/g.md'))).toEqual(['SKILL://g/g.md']);
    expect(repeatedFiles(files(SKILL, 'skill://g/g.md', 'skill://g/%67.md'))).toEqual(['skill://g/%67.md']);
    expect(repeatedFiles(files(SKILL, 'skill://g/g.md', 'skill://g/x/../g.md'))).toEqual(['skill://g/x/../g.md']);
  });

  it('names none for two files whose canonical forms meet but which name two resources', () => {
    expect(repeatedFiles(files(SKILL, 'skill://g/g.md', 'skill://g/g.md?v=2'))).toEqual([]);
    expect(repeatedFiles(files(SKILL, 'skill://g/g.md', 'skill://g/g.md/'))).toEqual([]);
    expect(repeatedFiles(files(SKILL, 'skill://g/x/y.md', 'skill://g/x%5Cy.md'))).toEqual([]);
    // The same query twice is one resource listed twice.
    expect(repeatedFiles(files(SKILL, 'skill://g/g.md?v=2', 'skill://g/g.md?v=2'))).toEqual(['skill://g/g.md?v=2']);
  });
});

describe('a lock compared with itself', () => {
  it('is identical when two of its files only share a canonical form', () => {
    for (const other of ['skill://g/g.md?v=2', 'skill://g/x%5Cg.md']) {
      const uriB = other.includes('%5C') ? 'skill://g/x/g.md' : 'skill://g/g.md';
      const locked = buildLockedServer([{ uri: SKILL, name: 'g', resources: [{ uri: SKILL, digest: D1, size: 10 }, { uri: uriB, digest: D1, size: 5 }, { uri: other, digest: D2, size: 6 }] }]);
      const result = compareServers(locked, structuredClone(locked));
      expect(result, other).toEqual({ onlyInA: [], onlyInB: [], changed: [] });
      expect(isIdentical(result)).toBe(true);
    }
  });
});
