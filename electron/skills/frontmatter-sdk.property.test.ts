// The app's reading of SKILL.md frontmatter held to the SDK's own reader (through its public skillEntry) on
// frontmatters pieced together from the constructs where the two can part: keys of every kind, quoted and block
// and flow values, comments, indicators, tabs, nesting. Whatever the SDK refuses the app does not read as fine;
// what both read, they read alike; and the app says "the SDK refuses" only where it does. (The app may refuse
// what the SDK reads, as invalid YAML: a YAML library's hosts refuse it too.)
import { skillEntry } from '@modelcontextprotocol/server/ext/skills';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from './frontmatter.js';

const KEYS = ['a', 'b', '"c"', "'d'", 'e f', 'h-i', 'j.k', '-x', 'k?', 'l:m', '"__p"', 'null', '0', 'T', 'no', '__proto__', '? q', '[a]', '{a: b}'];
const VALUES = [
  ...['', 'word', 'two words', '"q"', "'s'", '"a\\tb"', '"\\x41"', '"\\q"', '|', '|-', '>', '>+', '|2', '>-1'],
  ...['[a, b]', '{k: v}', '[]', '{}', '# c', 'w # c', 'w#c', '0x1F', '1.5', '-1', '0o7', '1e3', '1e400', '.inf', '-.inf', '.nan', 'yes', '~'],
  ...['- x', '? x', '%x', '@x', '`x', ',x', ']x', 'a: b', 'a:b', '"x" y', "'x' # c", '[a, [b, {c: d}]]', '{a: [1, 2]}', '[a, ]', '{a: }', '{a}'],
  ...['[a: b]', '{a, b: c}', '{"k": v}', '"a', "'it''s'", '!x', '&x y', '*x', '"\\u00e9"', '2001-01-01', '12:30'],
];
const INDENTS = ['', '', '', '  ', '  ', '    ', ' ', '- ', '  - ', '\t', ' \t'];

const line = fc.oneof(
  { weight: 7, arbitrary: fc.tuple(fc.constantFrom(...INDENTS), fc.constantFrom(...KEYS), fc.constantFrom(': ', ':'), fc.constantFrom(...VALUES)).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...INDENTS), fc.constantFrom(...VALUES)).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.constant('') },
);

async function sdkReading(text: string): Promise<{ frontmatter: unknown } | { refused: string }> {
  try {
    return { frontmatter: (await skillEntry('pdf-tools', { 'SKILL.md': text })).frontmatter };
  } catch (error) {
    return { refused: ((error as { problems?: Array<{ message: string }> }).problems ?? []).map((p) => p.message).join('; ') };
  }
}

describe('the app and the SDK on pieced-together frontmatter', () => {
  it('never reads as fine what the SDK refuses, reads alike what both read, and blames the SDK only where it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 5 }), async (lines) => {
        const text = `---\nname: pdf-tools\ndescription: d\n${lines.join('\n')}\n---\nbody\n`;
        const sdk = await sdkReading(text);
        // The SDK's other checks (name, description, metadata) are not about reading the frontmatter.
        const refusedReading = 'refused' in sdk && sdk.refused.startsWith('SKILL.md frontmatter: line');
        const parse = parseFrontmatter(text);
        if (refusedReading) expect(parse.ok, sdk.refused).toBe(false);
        if ('frontmatter' in sdk && parse.ok) expect(parse.value).toEqual(sdk.frontmatter);
        if (!parse.ok && parse.problem === 'sdk-refuses') expect(refusedReading, parse.message).toBe(true);
      }),
      { numRuns: 1500, seed: 2640 },
    );
  });
});
