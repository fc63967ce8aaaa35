// The Bytes view draws a server's bytes on the window's one thread, one
// element per marked character: a line is drawn in rows of at most
// MAX_ROW_CHARS characters (continuation rows marked ↪ and said so above the
// view), so one line of 4 MiB of U+202E is a few thousand virtualised rows,
// not one row of 1.4 million elements. Binary content is a hex dump.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { FileContent } from '../../../shared/model.js';
import { BytesView } from './BytesView.js';
import { MAX_ROW_CHARS, bytesRows, splitLines } from './invisible.js';
import { shownTextOf, staticMarkup } from './static-markup.js';

const file = (text: string | undefined, base64: string, size: number): FileContent =>
  ({ serverId: 's', skillUri: 'skill://a/SKILL.md', uri: 'skill://a/x', base64, text, isText: text !== undefined, size, digest: 'd', check: { status: 'ok' }, listed: true }) as unknown as FileContent;
const render = (content: FileContent) => staticMarkup(createElement(BytesView, { content }));
const rowsIn = (html: string) => html.match(/class="bytes-line"/g)?.length ?? 0;
const marksIn = (html: string) => html.match(/data-invisible="/g)?.length ?? 0;

describe('the Bytes view of hostile content', () => {
  it('draws one 4 MiB line of U+202E in rows of bounded length, and says so', () => {
    const text = '\u202e'.repeat((4 * 1024 * 1024) / 3);
    const rows = bytesRows(splitLines(text));
    expect(rows.length).toBe(Math.ceil(text.length / MAX_ROW_CHARS));
    expect(rows.every((r) => r.text.length <= MAX_ROW_CHARS && r.line === 1)).toBe(true);
    expect(rows.map((r) => r.text).join('')).toBe(text);
    const html = render(file(text, '', text.length * 3));
    // A screenful of rows and the virtualiser's overscan, each of at most MAX_ROW_CHARS marks.
    expect(rowsIn(html)).toBeGreaterThan(1);
    expect(rowsIn(html)).toBeLessThanOrEqual(100);
    expect(marksIn(html)).toBe(rowsIn(html) * MAX_ROW_CHARS);
    expect(shownTextOf(html)).toContain('Lines longer than 1,000 characters continue on rows marked ↪ (1 line).');
  });

  it('never splits a surrogate pair between rows, and a short file has no note', () => {
    const text = 'a' + '\u{e0041}'.repeat(MAX_ROW_CHARS);
    const rows = bytesRows(splitLines(text));
    expect(rows.map((r) => r.text.length)).toEqual([MAX_ROW_CHARS - 1, MAX_ROW_CHARS, 2]);
    expect(rows.map((r) => r.part)).toEqual([0, 1, 2]);
    expect(shownTextOf(render(file('a\nb\n', '', 4)))).not.toContain('continue on rows');
  });

  it('draws binary content (NUL bytes, invalid UTF-8) as a bounded hex dump, and bad base64 as a note', () => {
    const bytes = new Uint8Array(1024 * 1024).map((_, i) => (i % 3 === 0 ? 0 : 0xff));
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    const html = render(file(undefined, btoa(binary), bytes.length));
    expect(rowsIn(html)).toBeGreaterThan(1);
    expect(rowsIn(html)).toBeLessThanOrEqual(100);
    expect(shownTextOf(html)).toContain('0000000000 ff ff 00 ff ff 00');
    expect(shownTextOf(html)).toContain('1,048,576 bytes · not UTF-8 text, shown as hexadecimal');
    expect(shownTextOf(render(file(undefined, '%%%not base64', 9)))).toContain('The bytes could not be decoded for display');
  });
});
