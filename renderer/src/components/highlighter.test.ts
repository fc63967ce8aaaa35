// The Files tab's syntax highlighting: which grammar a file gets, the exact
// tokens and theme colours shiki produces for the grammars skills carry, the
// plain-text fallback, and that markup in a file stays text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ThemedToken } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeView } from './CodeView.js';
import { languageFor, tokenize } from './highlighter.js';

// github-light's colours, as the tokens carry them (--shiki-light; --shiki-dark beside it).
const COMMENT = '#6A737D';
const CONSTANT = '#005CC5';
const STRING = '#032F62';
const PLAIN = '#24292E';
const TAG = '#22863A';
const ATTRIBUTE = '#6F42C1';

/** Each line as [text, light colour] pairs. */
function light(lines: ThemedToken[][]): Array<Array<[string, string | undefined]>> {
  return lines.map((line) => line.map((t) => [t.content, (t.htmlStyle as Record<string, string> | undefined)?.['--shiki-light']]));
}

describe('languageFor', () => {
  it('picks the grammar by extension, then by MIME type', () => {
    expect(languageFor('skill://repo-audit/scripts/audit.sh')).toBe('shellscript');
    expect(languageFor('skill://x/run.BASH')).toBe('shellscript');
    expect(languageFor('skill://x/config.json')).toBe('json');
    expect(languageFor('skill://x/SKILL.md')).toBe('markdown');
    expect(languageFor('skill://x/a.yml')).toBe('yaml');
    expect(languageFor('skill://x/tool.py?v=2#top')).toBe('python');
    expect(languageFor('skill://x/page.htm')).toBe('html');
    // No extension it knows: the MIME type decides, else plain text.
    expect(languageFor('skill://x/README', 'text/markdown')).toBe('markdown');
    expect(languageFor('skill://x/data', 'application/json')).toBe('json');
    expect(languageFor('skill://x/data', 'application/yaml')).toBe('yaml');
    expect(languageFor('skill://x/tool.rb')).toBeUndefined();
    expect(languageFor('skill://x/notes.txt', 'text/plain')).toBeUndefined();
    expect(languageFor('skill://x/Makefile')).toBeUndefined();
    // The extension wins over a MIME type that says otherwise.
    expect(languageFor('skill://x/run.sh', 'application/json')).toBe('shellscript');
  });
});

describe('tokenize', () => {
  // shiki gives up on a line after 500 ms (tokenizeTimeLimit) and leaves the rest of it in the
  // scope it had reached; the first line a grammar sees also pays for compiling its rules, which
  // on a loaded machine can take that long. Warm each grammar so the colours below are the
  // grammar's, not the clock's. An attribute such as onerror= brings in the embedded JavaScript
  // grammar, whose own first line pays the same again: warm that too.
  beforeAll(async () => {
    for (const lang of ['shellscript', 'json', 'html', 'markdown']) await tokenize('<a href="x" onclick=f(2)>echo "$A" {"k": 1}</a>\n', lang);
  });

  it('colours a shell script: shebang and comments, builtins and flags, strings and variables', async () => {
    const tokens = await tokenize('#!/bin/sh\nset -e\necho "hello $USER" # greet\n', 'shellscript');
    expect(light(tokens)).toEqual([
      [['#!/bin/sh', COMMENT]],
      [
        ['set', CONSTANT],
        [' ', PLAIN],
        ['-e', CONSTANT],
      ],
      [
        ['echo', CONSTANT],
        [' ', PLAIN],
        ['"hello ', STRING],
        ['$USER', PLAIN],
        ['"', STRING],
        [' ', PLAIN],
        ['# greet', COMMENT],
      ],
      [],
    ]);
    expect(tokens[2]![2]!.htmlStyle).toEqual({ '--shiki-light': STRING, '--shiki-dark': '#9ECBFF' });
    expect(tokens[2]!.map((t) => t.offset)).toEqual([17, 21, 22, 29, 34, 35, 36]);
  });

  it('colours JSON: keys and literals apart from punctuation', async () => {
    const tokens = await tokenize('{\n  "name": "x",\n  "n": 42,\n  "ok": true\n}\n', 'json');
    expect(light(tokens)).toEqual([
      [['{', PLAIN]],
      [
        ['  ', PLAIN],
        ['"name"', CONSTANT],
        [': ', PLAIN],
        ['"x"', STRING],
        [',', PLAIN],
      ],
      [
        ['  ', PLAIN],
        ['"n"', CONSTANT],
        [': ', PLAIN],
        ['42', CONSTANT],
        [',', PLAIN],
      ],
      [
        ['  ', PLAIN],
        ['"ok"', CONSTANT],
        [': ', PLAIN],
        ['true', CONSTANT],
      ],
      [['}', PLAIN]],
      [],
    ]);
  });

  it('turns markup into coloured text, never into elements', async () => {
    const source = '<img src=x onerror=alert(1)>\n';
    const tokens = await tokenize(source, 'html');
    expect(light(tokens)[0]).toEqual([
      ['<', PLAIN],
      ['img', TAG],
      [' ', PLAIN],
      ['src', ATTRIBUTE],
      ['=', PLAIN],
      ['x', STRING],
      [' ', PLAIN],
      ['onerror', ATTRIBUTE],
      ['=', PLAIN],
      ['alert', ATTRIBUTE],
      ['(', STRING],
      ['1', CONSTANT],
      [')', STRING],
      ['>', PLAIN],
    ]);
    // The tokens are the file's own characters, split: joined they give back exactly the source.
    expect(tokens.map((line) => line.map((t) => t.content).join('')).join('\n')).toBe(source);
    // In a Markdown file the same line is one plain token.
    expect(light(await tokenize(source, 'markdown'))).toEqual([[['<img src=x onerror=alert(1)>', PLAIN]], []]);
  });

  it('refuses a grammar it does not carry (the view then stays plain)', async () => {
    await expect(tokenize('puts 1', 'ruby')).rejects.toThrow(/ruby/i);
  });
});

describe('CodeView before (or without) highlighting', () => {
  it('shows plain text with line numbers, markup escaped', () => {
    const html = renderToStaticMarkup(createElement(CodeView, { text: '<img src=x onerror=alert(1)>\necho hi\n', uri: 'skill://x/notes.txt' }));
    expect(html).toBe(
      '<pre class="code-view" data-code-view="skill://x/notes.txt" data-highlighted="false">' +
        '<div class="code-line"><span class="line-number" aria-hidden="true">1</span><span class="code-text"><span>&lt;img src=x onerror=alert(1)&gt;</span></span></div>' +
        '<div class="code-line"><span class="line-number" aria-hidden="true">2</span><span class="code-text"><span>echo hi</span></span></div>' +
        '</pre>',
    );
  });
});
