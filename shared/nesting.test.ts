// The depth cap on server data (issue 13, item 12). The examples pin the
// limit exactly (64 levels kept, the 65th replaced); the properties say that
// no value of any depth or shape makes these walks, or the recursive ones
// that run after the cap (stable JSON, canonical JSON, JSON.stringify), throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './entry-diff.js';
import { MAX_DEPTH, TOO_DEEP_MARKER, approximateJsonSize, capDepth, describePath, findTooDeep, previewJson, safeStringify } from './nesting.js';

/** `depth` containers, one in the next: objects `{a: …}`, or arrays when `arrays`. */
function nested(depth: number, arrays = false): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
}

/** The number of containers down the single chain of `nested`, and what ends it. */
function chain(value: unknown): { levels: number; end: unknown } {
  let levels = 0;
  let at = value;
  while (typeof at === 'object' && at !== null) {
    levels++;
    at = Array.isArray(at) ? at[0] : (at as { a: unknown }).a;
  }
  return { levels, end: at };
}

describe('findTooDeep', () => {
  it('finds nothing at exactly the limit, and the path to the first level past it', () => {
    expect(findTooDeep(nested(MAX_DEPTH))).toBeUndefined();
    expect(findTooDeep(nested(MAX_DEPTH + 1))).toEqual(Array.from({ length: MAX_DEPTH }, () => 'a'));
    expect(findTooDeep(nested(3, true), 2)).toEqual(['0', '0']);
  });

  it('walks 1,000,000 levels without a stack (where JSON.stringify already fails)', () => {
    const deep = nested(1_000_000);
    expect(safeStringify(deep).ok).toBe(false);
    expect(findTooDeep(deep)?.length).toBe(MAX_DEPTH);
  });

  it('treats scalars as depth 0', () => {
    for (const v of ['x', 1, null, true, undefined]) expect(findTooDeep(v, 0)).toBeUndefined();
  });
});

describe('capDepth', () => {
  it('returns the same value, uncopied, when nothing is too deep', () => {
    const value = { a: [1, { b: 2 }] };
    const capped = capDepth(value);
    expect(capped.value).toBe(value);
    expect(capped.tooDeep).toBeUndefined();
  });

  it('keeps MAX_DEPTH levels and puts the marker where the next one was', () => {
    const capped = capDepth(nested(5000));
    expect(chain(capped.value)).toEqual({ levels: MAX_DEPTH, end: TOO_DEEP_MARKER });
    expect(capped.tooDeep?.length).toBe(MAX_DEPTH);
    expect(chain(capDepth(nested(5000, true)).value)).toEqual({ levels: MAX_DEPTH, end: TOO_DEEP_MARKER });
  });

  it('leaves the input untouched and copies only what it caps, siblings included', () => {
    const input = { shallow: { x: 1 }, deep: nested(100), list: [nested(70, true), 'y'] };
    const before = JSON.stringify(capDepth(input, 200).value);
    const capped = capDepth(input, 10).value as typeof input;
    expect(JSON.stringify(capDepth(input, 200).value)).toBe(before);
    expect(capped.shallow).toEqual({ x: 1 });
    expect(capped.list[1]).toBe('y');
    expect(chain(capped.deep)).toEqual({ levels: 9, end: TOO_DEEP_MARKER });
    expect(chain(input.deep).levels).toBe(100);
  });

  it('keeps __proto__, constructor and toString as own data keys when it copies', () => {
    const input = JSON.parse(`{"__proto__":{"polluted":true},"constructor":"c","toString":"t","deep":${'['.repeat(80)}${']'.repeat(80)}}`) as Record<string, unknown>;
    const capped = capDepth(input).value;
    expect(Object.getPrototypeOf(capped)).toBe(Object.prototype);
    expect(Object.keys(capped)).toEqual(['__proto__', 'constructor', 'toString', 'deep']);
    expect(Object.getOwnPropertyDescriptor(capped, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('messages', () => {
  it('elides the middle of a long path', () => {
    expect(describePath(['a', 'b'], 'frontmatter')).toBe('frontmatter.a.b');
    expect(describePath(Array.from({ length: 64 }, () => 'a'), 'frontmatter')).toBe('frontmatter.a.a.…(60 more)….a.a');
  });

  it('previews any value without throwing, undefined staying undefined', () => {
    expect(previewJson(undefined)).toBeUndefined();
    expect(previewJson({ a: 1 })).toBe('{"a":1}');
    expect(previewJson(nested(1_000_000), 60)).toBe(`{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":"${TOO_DEEP_MARKER}`.slice(0, 60));
    expect(previewJson(10n)).toMatch(/^\(not shown: .*BigInt/);
  });

  it('estimates a JSON size at any depth, close to the real one', () => {
    const value = { name: 'pdf', list: [1, 2, 'three'], nested: { ok: true, none: null } };
    expect(Math.abs(approximateJsonSize(value) - JSON.stringify(value).length)).toBeLessThanOrEqual(4);
    expect(approximateJsonSize(nested(1_000_000))).toBeGreaterThan(5_000_000);
  });
});

/** JSON values of any depth: a random tree with, sometimes, a long single chain inside. */
const jsonTree = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'x-y'), tie('value'), { maxKeys: 4 }),
  ),
}));
const deepJson = fc.tuple(jsonTree.value, fc.integer({ min: 0, max: 20_000 }), fc.boolean()).map(([tree, depth, arrays]) => {
  let value: unknown = tree;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { k: value };
  return value;
});

describe('properties', () => {
  it('no value of any depth makes the walks, or the recursive ones after the cap, throw', () => {
    fc.assert(
      fc.property(deepJson, (value) => {
        const capped = capDepth(value);
        expect(findTooDeep(capped.value)).toBeUndefined();
        expect(safeStringify(capped.value).ok).toBe(true);
        expect(() => canonicalJson(value)).not.toThrow();
        expect(() => previewJson(value)).not.toThrow();
        expect(approximateJsonSize(value)).toBeGreaterThan(0);
        // Capping changes nothing within the limit: what was shallow enough stays exactly as it was.
        if (!findTooDeep(value)) expect(capped.value).toBe(value);
      }),
      { numRuns: 200 },
    );
  });
});
