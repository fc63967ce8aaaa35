import { describe, expect, it } from 'vitest';
import { readPlainFrontmatter } from './plain-frontmatter.js';

describe('readPlainFrontmatter', () => {
  it('reads one plain `key: value` per line', () => {
    expect(readPlainFrontmatter('name: pdf-tools\ndescription: Extract text from PDFs (C#, naïve, 50%) — fast.\nlicense: Apache-2.0')).toEqual({
      name: 'pdf-tools',
      description: 'Extract text from PDFs (C#, naïve, 50%) — fast.',
      license: 'Apache-2.0',
    });
  });

  it.each([
    ['an empty frontmatter', ''],
    ['a blank line', 'name: a\n\ndescription: d'],
    ['a comment', 'name: a # the name'],
    ['a nested map', 'name: a\nmetadata:\n  author: x'],
    ['a quoted value', 'name: "a"'],
    ['a number', 'version: 1.0'],
    ['a boolean', 'enabled: true'],
    ['null', 'license: null'],
    ['a duplicate key', 'name: a\nname: b'],
    ['a colon and space inside the value', 'description: Use when: asked'],
    ['a value ending in a colon', 'description: Note:'],
    ['a trailing space', 'name: a '],
    ['two spaces', 'description: a  b'],
    ['a tab', 'description: a\tb'],
    ['a list item', '- name: a'],
    ['an indented line', ' name: a'],
    ['a value starting with an indicator', 'description: *alias'],
  ])('leaves %s to the YAML library', (_what, yaml) => {
    expect(readPlainFrontmatter(yaml)).toBeUndefined();
  });

  it('reads a value of several MiB without overflowing the stack (a hostile description)', () => {
    const description = `Huge ${'word '.repeat(2 * 1024 * 1024)}end`;
    expect(readPlainFrontmatter(`name: a\ndescription: ${description}`)).toEqual({ name: 'a', description });
    expect(readPlainFrontmatter(`name: a\ndescription: ${'a'.repeat(8 * 1024 * 1024)} #x`)).toBeUndefined();
  });
});
