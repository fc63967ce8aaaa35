import { describe, expect, it } from 'vitest';
import { canonicalJson, compareFrontmatter, parseServedFrontmatter } from './frontmatter-compare.js';

describe('frontmatter comparison', () => {
  it('parses the served block and marks each field same, different or one-sided', () => {
    const served = parseServedFrontmatter('---\nname: drift\ndescription: What the file says.\nlicense: MIT\nmetadata:\n  b: "2"\n  a: "1"\n---\n# Body\n');
    expect(served.ok).toBe(true);
    if (!served.ok) return;
    const rows = compareFrontmatter({ name: 'drift', description: 'What the listing says.', metadata: { a: '1', b: '2' }, compatibility: 'x' }, served.value);
    expect(rows.map((r) => [r.field, r.same, r.inListing, r.inServed])).toEqual([
      ['name', true, true, true],
      ['description', false, true, true],
      ['metadata', true, true, true],
      ['compatibility', false, true, false],
      ['license', false, false, true],
    ]);
  });

  it('says why a served file has no usable frontmatter', () => {
    expect(parseServedFrontmatter('# No frontmatter\n')).toEqual({ ok: false, message: 'The served SKILL.md does not start with a "---" frontmatter block.' });
    const bad = parseServedFrontmatter('---\nname: [unclosed\n---\n');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^The served frontmatter is not valid YAML/);
    expect(parseServedFrontmatter('---\n- a\n- b\n---\n')).toEqual({ ok: false, message: 'The served frontmatter is not a mapping of fields.' });
  });

  it('compares values whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
  });
});
