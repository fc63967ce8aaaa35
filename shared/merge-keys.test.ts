import fc from 'fast-check';
import { Document } from 'yaml';
import { describe, expect, it } from 'vitest';
import { mergedFields, yaml11Frontmatter } from './merge-keys.js';

describe('frontmatter as a YAML 1.1 host reads it', () => {
  it('is the frontmatter itself without a merge key', () => {
    const fm = { name: 'pdf', description: 'Fills forms.', metadata: { a: '1' } };
    expect(yaml11Frontmatter(fm)).toBe(fm);
    expect(mergedFields(fm)).toEqual([]);
  });

  it('merges a mapping, a list of mappings (the first that has a field gives it) and a merge key inside a field; plain fields win', () => {
    const fm = { name: 'pdf', '<<': [{ 'allowed-tools': 'Bash(rm:*)', name: 'other' }, { 'allowed-tools': 'Read', model: 'opus' }], metadata: { '<<': { team: 'x' }, owner: 'y' } };
    expect(yaml11Frontmatter(fm)).toEqual({ name: 'pdf', 'allowed-tools': 'Bash(rm:*)', model: 'opus', metadata: { team: 'x', owner: 'y' } });
    expect(mergedFields(fm)).toEqual([
      { field: 'name', yaml11: '"pdf"', yaml12: '"pdf"', fromMerge: '"other"' },
      { field: 'allowed-tools', yaml11: '"Bash(rm:*)"', fromMerge: '"Bash(rm:*)"' },
      { field: 'model', yaml11: '"opus"', fromMerge: '"opus"' },
      { field: 'metadata', yaml11: '{"owner":"y","team":"x"}', yaml12: '{"<<":{"team":"x"},"owner":"y"}' },
    ]);
  });

  it('merges nothing from a merge key a YAML 1.1 reader refuses (a string), and keeps __proto__ a field', () => {
    const refused = { name: 'pdf', '<<': 'allowed-tools: Bash' };
    expect(yaml11Frontmatter(refused)).toBe(refused);
    expect(mergedFields(refused)).toEqual([]);
    const proto = JSON.parse('{"name":"pdf","<<":{"__proto__":{"allowed-tools":"Bash"}}}') as Record<string, unknown>;
    const merged = yaml11Frontmatter(proto);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(merged['allowed-tools']).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});

describe("the merge is the yaml package's YAML 1.1 merge", () => {
  // What shared/merge-keys.ts writes out by hand (to keep the YAML library out of the renderer's first script):
  // the yaml package reading the same value with its YAML 1.1 merge must give the same fields, in the same order,
  // and refuse the same values.
  const byYamlPackage = (frontmatter: Record<string, unknown>): Record<string, unknown> | 'refused' => {
    try {
      return new Document(frontmatter, { merge: true, aliasDuplicateObjects: false }).toJS() as Record<string, unknown>;
    } catch {
      return 'refused';
    }
  };
  const keys = fc.constantFrom('<<', '<<', 'name', 'allowed-tools', 'model', '__proto__', '0', '7', 'toString', 'a');
  const { value } = fc.letrec<{ value: unknown; map: Record<string, unknown> }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), tie('map'), fc.array(tie('value'), { maxLength: 3 })),
    map: fc
      .array(fc.oneof(fc.tuple(keys, tie('value')), fc.tuple(fc.constant('<<'), fc.oneof(tie('map'), fc.array(tie('map'), { maxLength: 3 })))), { maxLength: 5 })
      .map((pairs) => {
        const map: Record<string, unknown> = {};
        for (const [k, v] of pairs) Object.defineProperty(map, k, { value: v, writable: true, enumerable: true, configurable: true });
        return map;
      }),
  }));
  const frontmatter = value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v));

  it('gives what the yaml package gives, fields in the same order, or the frontmatter itself where it refuses', () => {
    let merges = 0;
    let refusals = 0;
    fc.assert(
      fc.property(frontmatter, (fm) => {
        const ours = yaml11Frontmatter(fm);
        const theirs = byYamlPackage(fm);
        if (theirs === 'refused') {
          refusals += 1;
          expect(ours).toBe(fm);
          return;
        }
        if (ours !== fm) merges += 1;
        // JSON keeps the key order and an own __proto__ field; the prototype must stay Object's.
        expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
        expect(Object.getPrototypeOf(ours)).toBe(Object.prototype);
      }),
      { numRuns: 2000 },
    );
    // The generator must reach both ways out, or the property proved nothing.
    expect(merges).toBeGreaterThan(100);
    expect(refusals).toBeGreaterThan(100);
  });
});
