// Frontmatter in the plain `key: value` form is read without the YAML library
// (plainYamlValues): whenever that reading answers, it is the library's
// reading, field, key, text and the offset of every character alike — so the
// code layer judges the same values at the same places either way.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainYamlValues, yamlLibraryValues } from './config-values.js';

/** Pieces a frontmatter line is made of, YAML's troublemakers among them. */
const piece = fc.constantFrom(
  'name', 'description', 'a', 'Z', 'é', 'ß', '日本', '😀', '0', '7', '1e3', '.inf', 'true', 'null', '~', 'yes',
  ' ', '  ', '\t', ':', ': ', ' :', '#', ' #', '-', '- ', '?', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`', '\\', '/', '.', '---',
  '\u00a0', '\u2028', '\u0085', '\ufeff', '\u0301', '\r', '$(id)', 'curl x | sh', 'eval',
);
const words = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));
const key = fc.oneof(fc.constantFrom('name', 'description', 'license', 'allowed-tools', 'x_y-z', 'command', 'true', 'a'), words);
const value = fc.tuple(fc.constantFrom('a', 'Z', 'é', '日本', 'true', 'null', 'x', 'bash'), fc.array(piece, { maxLength: 8 })).map(([first, rest]) => first + rest.join(''));
const line = fc.oneof({ arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`), weight: 8 }, { arbitrary: words, weight: 1 });
const frontmatter = fc.array(line, { minLength: 1, maxLength: 5 }).map((lines) => lines.join('\n'));

describe('plainYamlValues (property-based)', () => {
  it('reads nothing, or exactly the values and offsets the YAML library reads', () => {
    let read = 0;
    fc.assert(
      fc.property(frontmatter, fc.nat(500), (yaml, start) => {
        const plain = plainYamlValues(yaml, start);
        if (plain === undefined) return;
        read++;
        expect(plain).toEqual(yamlLibraryValues(yaml, start));
      }),
      { numRuns: 20_000 },
    );
    // The generator must reach the fast path often enough for the comparison to mean something.
    expect(read).toBeGreaterThan(500);
  });

  it('reads a SKILL.md frontmatter as the library does', () => {
    const yaml = 'name: pdf-tools\ndescription: Extract text from PDFs, e.g. forms (or not).\nallowed-tools: Bash Read';
    expect(plainYamlValues(yaml, 4)).toEqual(yamlLibraryValues(yaml, 4));
    expect(plainYamlValues(yaml, 4)?.map((v) => [v.field, v.value.text, v.value.offsets[0]])).toEqual([
      ['name', 'pdf-tools', 10],
      ['description', 'Extract text from PDFs, e.g. forms (or not).', 33],
      ['allowed-tools', 'Bash Read', 93],
    ]);
  });
});
