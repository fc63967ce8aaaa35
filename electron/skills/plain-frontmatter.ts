// The commonest frontmatter, read without the YAML library: one `key: value`
// per line, every value a single-line plain scalar that starts with a letter.
// Reading one SKILL.md through the library costs ~50–80 µs, the largest cost
// of Verify all after the transport; this form takes ~1 µs. Anything else
// (quotes, nesting, lists, comments, blank lines, numbers, booleans, a
// duplicate key…) returns undefined and goes to the library, so the
// result is always what the library says: the property test in
// plain-frontmatter.property.test.ts holds the two to the same answer.

/** A key the core schema reads as a string of itself. */
const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,127}$/;
/**
 * A value the core schema reads as exactly its text: a letter first (not a
 * number, `.inf`, an indicator or a quote), then letters, marks, numbers,
 * punctuation, symbols and single spaces; no `: ` or ` #` (a mapping or a
 * comment), no `:` or space at the end.
 */
// One character class and three substring checks, not an alternation with a lookahead: that
// backtracked by recursion and overflowed the stack on a value of a few MiB (a hostile description).
const VALUE = /^\p{L}[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u;
const isPlainValue = (value: string) => VALUE.test(value) && !value.includes('  ') && !value.includes(' #') && !value.endsWith(' ');
/** Plain scalars the core schema reads as booleans or null. */
const NOT_A_STRING = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL']);

export function readPlainFrontmatter(yaml: string): Record<string, string> | undefined {
  if (yaml === '') return undefined;
  const out: Record<string, string> = {};
  let start = 0;
  for (;;) {
    const newline = yaml.indexOf('\n', start);
    const line = newline < 0 ? yaml.slice(start) : yaml.slice(start, newline);
    const colon = line.indexOf(': ');
    if (colon < 1) return undefined;
    const key = line.slice(0, colon);
    const value = line.slice(colon + 2);
    if (!KEY.test(key) || NOT_A_STRING.has(key) || Object.hasOwn(out, key)) return undefined;
    if (!isPlainValue(value) || value.endsWith(':') || value.includes(': ') || NOT_A_STRING.has(value)) return undefined;
    out[key] = value;
    if (newline < 0) return out;
    start = newline + 1;
  }
}
