// The plain-frontmatter reader gives the YAML library's answer or none: on
// frontmatter built from YAML's awkward pieces (indicators, comments, quotes,
// booleans, numbers, odd spaces and keys), whenever it reads something, the
// library reads the same mapping, without errors.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { readPlainFrontmatter } from './plain-frontmatter.js';

const library = (yaml: string) => {
  const doc = parseDocument(yaml, { prettyErrors: false, uniqueKeys: true });
  return doc.errors.length > 0 ? { errors: doc.errors.map((e) => e.code) } : { value: doc.toJS({ maxAliasCount: 100 }) as unknown };
};

/** Pieces a frontmatter line is made of, YAML's troublemakers among them. */
const piece = fc.constantFrom(
  'name', 'description', 'a', 'Z', 'é', 'ß', '日本', '😀', '0', '7', '1e3', '0x1F', '.inf', '.nan', 'true', 'True', 'FALSE', 'null', 'Null', '~', 'yes', 'no', 'on',
  ' ', '  ', '\t', ':', ': ', ' :', '#', ' #', '# ', '-', '- ', '?', '? ', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`', '\\', '/', '.', '...', '---',
  '\u00a0', '\u2028', '\u0085', '\ufeff', '\u200d', '\u0301', '\ud800', '<<', '=', '+', '$', '^',
);
const words = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));
/** Mostly keys and values of the shape the reader accepts, with troublemakers mixed in. */
const key = fc.oneof(fc.constantFrom('name', 'description', 'license', 'allowed-tools', 'x_y-z', 'Name', 'true', 'null', 'a'), words);
const value = fc.tuple(fc.constantFrom('a', 'Z', 'é', 'ß', '日本', 'true', 'null', 'Null', 'yes', 'x'), fc.array(piece, { maxLength: 8 })).map(([first, rest]) => first + rest.join(''));
const line = fc.oneof({ arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`), weight: 8 }, { arbitrary: words, weight: 1 });
const frontmatter = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n'));

/** Descriptions as people write them: words, punctuation, the odd non-ASCII letter. */
const prose = fc
  .array(fc.constantFrom('Extract', 'text', 'from', 'PDFs', 'and', 'forms.', 'Use', 'when', 'asked', '(or', 'not)', 'C#', 'a:b', 'naïve', '—', 'x/y', '50%', 'e.g.', "it's", '"quoted"', 'end.'), { minLength: 1, maxLength: 20 })
  .map((w) => `Summarise ${w.join(' ')}`);

describe('readPlainFrontmatter (property-based)', () => {
  it('reads nothing, or exactly what the YAML library reads', () => {
    fc.assert(
      fc.property(frontmatter, (yaml) => {
        const plain = readPlainFrontmatter(yaml);
        if (plain === undefined) return;
        expect(library(yaml)).toEqual({ value: plain });
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads the common form, name and a prose description, and agrees with the library', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9-]{0,40}$/), prose, (name, description) => {
        const yaml = `name: ${name}\ndescription: ${description}`;
        const plain = readPlainFrontmatter(yaml);
        expect(plain).toEqual({ name, description });
        expect(library(yaml)).toEqual({ value: plain });
      }),
      { numRuns: 2_000 },
    );
  });
});
