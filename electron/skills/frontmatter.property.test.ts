// Properties of SKILL.md frontmatter parsing and of the field-by-field
// comparison with a listing (SPEC §2.5): what YAML writes, the parser reads
// back; BOM and CRLF change nothing; comparison is symmetric and empty exactly
// when the two are equal as JSON (the conformance suite's rule).
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { compareFrontmatter, parseFrontmatter } from './frontmatter.js';

const RUNS = { numRuns: 400 };

/** JSON as a server sends it: what JSON.parse can produce (so no -0, no undefined). */
const jsonValue = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const key = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== '__proto__');

/** A frontmatter: name and description plus any other fields, of any JSON type. */
const frontmatter: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    name: fc.string({ maxLength: 40 }),
    description: fc.string({ maxLength: 200 }),
    extra: fc.dictionary(key, jsonValue, { maxKeys: 5 }),
    metadata: fc.option(fc.dictionary(key, fc.string({ maxLength: 20 }), { maxKeys: 3 }), { nil: undefined }),
  })
  .map(({ name, description, extra, metadata }) => JSON.parse(JSON.stringify({ ...extra, name, description, ...(metadata ? { metadata } : {}) })) as Record<string, unknown>);

const body = fc.string({ maxLength: 200 });

function skillMd(fm: Record<string, unknown>, text: string): string {
  return `---\n${stringify(fm)}---\n${text}`;
}

/** Equal as JSON, key order aside: the oracle for "no difference". */
const jsonEqual = (a: unknown, b: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

describe('frontmatter (property-based)', () => {
  it('parse(stringify(frontmatter)) gives the frontmatter back, and the body after it', () => {
    fc.assert(
      fc.property(frontmatter, body, (fm, text) => {
        const parsed = parseFrontmatter(skillMd(fm, text));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(compareFrontmatter(fm, parsed.value)).toEqual([]);
        expect(parsed.split.body).toBe(text.replace(/\r\n?/g, '\n'));
      }),
      RUNS,
    );
  });

  it('a byte-order mark and CRLF line ends do not change what is read', () => {
    fc.assert(
      fc.property(frontmatter, body, fc.boolean(), fc.boolean(), (fm, text, bom, crlf) => {
        const plain = skillMd(fm, text);
        let variant = crlf ? plain.replace(/\n/g, '\r\n') : plain;
        if (bom) variant = `\uFEFF${variant}`;
        const a = parseFrontmatter(plain);
        const b = parseFrontmatter(variant);
        expect(b.ok).toBe(a.ok);
        if (a.ok && b.ok) expect(compareFrontmatter(a.value, b.value)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('parsing never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string().map((s) => `---\n${s}\n---\n`)), (text) => {
        const parsed = parseFrontmatter(text);
        if (parsed.ok) expect(typeof parsed.value).toBe('object');
        else expect(parsed.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 1_000 },
    );
  });

  it('comparison is symmetric', () => {
    fc.assert(
      fc.property(frontmatter, frontmatter, (a, b) => {
        const ab = compareFrontmatter(a, b);
        const ba = compareFrontmatter(b, a);
        expect(ba).toEqual(ab.map((d) => ({ field: d.field, ...(d.served !== undefined ? { listed: d.served } : {}), ...(d.listed !== undefined ? { served: d.listed } : {}) })));
      }),
      RUNS,
    );
  });

  /** A pair that is equal (the same fields in another order) or differs in one field. */
  const pair = frontmatter.chain((a) =>
    fc.oneof(
      fc.constant([a, Object.fromEntries(Object.entries(a).reverse())] as const),
      fc.tuple(fc.constantFrom(...Object.keys(a)), jsonValue).map(([field, value]) => [a, { ...a, [field]: value }] as const),
      key.map((field) => {
        const { [field]: _dropped, ...rest } = { ...a, [field]: 1 };
        return [a, rest] as const;
      }),
      frontmatter.map((b) => [a, b] as const),
    ),
  );

  it('comparison is empty exactly when the two are equal as JSON, and names every differing field', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const differences = compareFrontmatter(a, b);
        expect(differences.length === 0).toBe(jsonEqual(a, b));
        const differing = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !Object.hasOwn(a, k) || !Object.hasOwn(b, k) || !jsonEqual(a[k], b[k])).sort();
        expect(differences.map((d) => d.field)).toEqual(differing);
      }),
      { numRuns: 1_000 },
    );
  });
});
