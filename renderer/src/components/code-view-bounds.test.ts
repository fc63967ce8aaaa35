// A file's source view draws a server's bytes on the window's one thread:
// rows and highlighting are bounded, and each limit is said under the code.
// Before, a review's Source view of a file of 1,000,000 short lines drew
// 1,000,000 rows, and up to 300,000 characters were highlighted at once
// (3 s for ordinary code, 10 s for hostile lines) with no word when a file
// was left plain.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeView, MAX_SHOWN_LINES, codeParts } from './CodeView.js';
import { MAX_HIGHLIGHT_CHARS } from './highlighter.js';
import { shownTextOf, staticMarkup } from './static-markup.js';

const render = (text: string, uri: string) => staticMarkup(createElement(CodeView, { text, uri }));
const rows = (html: string) => html.match(/class="code-line"/g)?.length ?? 0;

describe('the source view of a large file', () => {
  it('draws the first 5,000 of 1,000,000 short lines and says so', () => {
    const html = render('x\n'.repeat(1_000_000), 'skill://a/notes.txt');
    expect(rows(html)).toBe(MAX_SHOWN_LINES);
    expect(shownTextOf(html)).toContain('Showing the first 5,000 of 1,000,000 lines. The exact bytes (Bytes) show every line.');
  });

  it('highlights whole lines up to 64 KB, and says the lines after are plain', () => {
    const line = 'def f(a):  # ' + 'x'.repeat(86) + '\n'; // 100 characters
    const parts = codeParts(line.repeat(2_000));
    expect(parts.highlighted).toBe(line.repeat(Math.floor(MAX_HIGHLIGHT_CHARS / 100)));
    expect(parts.highlightedLines).toBe(655);
    expect(parts.totalLines).toBe(2_000);
    expect(shownTextOf(render(line.repeat(2_000), 'skill://a/scripts/run.py'))).toContain('Highlighted up to line 655 (the first 64 KB); the lines after are plain text.');
    // A first line past the limit: nothing is highlighted, and that is said.
    expect(shownTextOf(render('a'.repeat(4 * 1024 * 1024), 'skill://a/big.js'))).toContain('Not highlighted: its first line is longer than 64 KB, the most highlighted.');
  });

  it('a small file is drawn and highlighted whole, with no note', () => {
    expect(codeParts('a\nb\n')).toEqual({ shown: 'a\nb\n', totalLines: 2, highlighted: 'a\nb\n', highlightedLines: 2 });
    const html = render('echo hi\n', 'skill://a/run.sh');
    expect(rows(html)).toBe(1);
    expect(html).not.toMatch(/data-code-(highlight|lines)-cut/);
  });
});
