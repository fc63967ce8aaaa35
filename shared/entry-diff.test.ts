import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalJson, compareFrontmatter, compareResources, describeChange, entryFingerprintText, sameContent } from './entry-diff.js';
import { lineDiff } from './line-diff.js';

const SKILL = 'skill://pdf/SKILL.md';
const d = (c: string) => `sha256:${c.repeat(64)}`;
const base = {
  resources: [
    { uri: SKILL, digest: d('a'), size: 10 },
    { uri: 'skill://pdf/guide.md', digest: d('b'), size: 20 },
  ],
  frontmatter: { name: 'pdf', description: 'Fill forms.', metadata: { b: '2', a: '1' } },
};

describe('entry diff', () => {
  test('names each added, removed and changed file, with sizes and digests', () => {
    const after = {
      resources: [
        { uri: SKILL, digest: d('c'), size: 10 },
        { uri: 'skill://pdf/new.md', digest: d('e'), size: 5 },
      ],
      frontmatter: base.frontmatter,
    };
    expect(compareResources(base.resources, after.resources)).toEqual([
      { uri: SKILL, change: 'changed', before: { digest: d('a'), size: 10 }, after: { digest: d('c'), size: 10 } },
      { uri: 'skill://pdf/guide.md', change: 'removed', before: { digest: d('b'), size: 20 } },
      { uri: 'skill://pdf/new.md', change: 'added', after: { digest: d('e'), size: 5 } },
    ]);
    expect(describeChange(SKILL, base, after)).toBe('SKILL.md changed (same size, 10 bytes; sha256:aaaaaaaa… → sha256:cccccccc…); guide.md was removed; new.md was added (5 bytes)');
  });

  test('frontmatter fields compare by value, key order aside', () => {
    expect(compareFrontmatter(base.frontmatter, { ...base.frontmatter, metadata: { a: '1', b: '2' } })).toEqual([]);
    expect(compareFrontmatter(base.frontmatter, { name: 'pdf', description: 'Other.', hooks: { x: 'y' } })).toEqual([
      { field: 'description', change: 'changed', before: 'Fill forms.', after: 'Other.' },
      { field: 'hooks', change: 'added', after: { x: 'y' } },
      { field: 'metadata', change: 'removed', before: { b: '2', a: '1' } },
    ]);
  });

  test('dynamic and invalid entries differ from a file set', () => {
    expect(describeChange(SKILL, base, { resources: 'dynamic', frontmatter: base.frontmatter })).toContain('the server now serves it as dynamic (no digests)');
    expect(describeChange(SKILL, base, { resources: null, frontmatter: base.frontmatter })).toContain('no longer lists its files');
  });

  test('the fingerprint text ignores file order and key order, and nothing else', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ uri: fc.webUrl(), digest: fc.stringMatching(/^[0-9a-f]{1,8}$/), size: fc.nat() }), { maxLength: 6, selector: (r) => r.uri }), (resources) => {
        const reversed = [...resources].reverse();
        expect(entryFingerprintText({ resources, frontmatter: { b: 1, a: 2 } })).toBe(entryFingerprintText({ resources: reversed, frontmatter: { a: 2, b: 1 } }));
        if (resources.length > 0) {
          const bumped = resources.map((r, i) => (i === 0 ? { ...r, size: r.size + 1 } : r));
          expect(sameContent({ resources, frontmatter: {} }, { resources: bumped, frontmatter: {} })).toBe(false);
        }
      }),
    );
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[{"c":2,"d":1}]}');
  });

  test('line diff gives unified hunks and counts', () => {
    expect(lineDiff('one\ntwo\nthree\n', 'one\n2\nthree\n')).toEqual({
      hunks: [{ oldStart: 1, oldLines: 3, newStart: 1, newLines: 3, lines: [' one', '-two', '+2', ' three'] }],
      added: 1,
      removed: 1,
    });
    expect(lineDiff('same\n', 'same\n')).toEqual({ hunks: [], added: 0, removed: 0 });
  });
});

describe('entry diff on hostile frontmatter (issue 13, items 12 and 16)', () => {
  const proto = (value: string) => ({ resources: base.resources, frontmatter: JSON.parse(`{"name":"pdf","__proto__":${JSON.stringify(value)},"constructor":"c"}`) as Record<string, unknown> });

  test('a __proto__ field is part of the fingerprint: changing it is a change', () => {
    expect(entryFingerprintText(proto('a'))).toContain('"__proto__":"a"');
    expect(sameContent(proto('a'), proto('b'))).toBe(false);
    expect(compareFrontmatter(proto('a').frontmatter, proto('b').frontmatter)).toEqual([{ field: '__proto__', change: 'changed', before: 'a', after: 'b' }]);
    expect(describeChange(SKILL, proto('a'), proto('b'))).toBe('frontmatter "__proto__" changed');
  });

  test('a value nested 100,000 deep is fingerprinted without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const entry = { resources: base.resources, frontmatter: { name: 'pdf', deep } };
    expect(() => entryFingerprintText(entry)).not.toThrow();
    expect(canonicalJson(deep)).toContain('[nested deeper than 64 levels: not read]');
    expect(sameContent(entry, entry)).toBe(true);
  });
});
