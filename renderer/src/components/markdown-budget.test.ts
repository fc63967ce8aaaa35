// A skill's markdown is a server's bytes, parsed on the window's one thread:
// what is rendered is bounded before parsing, and the rest is named. Before,
// 2,000 nested `>` threw "Maximum call stack size exceeded" (the skill view
// showed its fault notice instead of the skill), 10,000 `- ` on one line
// took minutes, and 100,000 links about a minute, with the window frozen.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import MarkdownContent from './MarkdownContent.js';
import { MAX_CONTAINER_DEPTH, MAX_ELEMENT_DEPTH, MAX_RENDERED_CHARS, containerDepth, cutNote, markdownPart } from './markdown-budget.js';
import { shownTextOf, staticMarkup } from './static-markup.js';

const skillUri = 'skill://a/SKILL.md';
const render = (source: string) => staticMarkup(createElement(MarkdownContent, { source, skillUri, onOpenFile: () => {}, onExternal: () => {} }));
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('how much of a skill’s markdown is rendered', () => {
  it('renders an ordinary file whole', () => {
    const body = '# Title\n\nSome *words* and [a link](refs/a.md).\n\n> a quote\n\n- a\n  - b\n    - c\n\n```\n        deep code\n```\n';
    expect(markdownPart(body)).toEqual({ rendered: body, bodyChars: body.length });
  });

  it('counts the quotes and list items a line opens or continues', () => {
    expect(containerDepth('> > - 1. x')).toBe(4);
    expect(containerDepth('    - x')).toBe(3);
    expect(containerDepth('-x')).toBe(0);
    expect(containerDepth('>'.repeat(10_000))).toBe(MAX_CONTAINER_DEPTH + 1);
  });

  it('stops before a line nested deeper than the limit', () => {
    const body = `# Deep\n\n${'>'.repeat(10_000)} x\n\nafter`;
    expect(markdownPart(body, 4)).toEqual({ rendered: '# Deep\n\n', bodyChars: body.length, cut: { reason: 'nesting', line: 6 } });
    const lists = Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n');
    const part = markdownPart(lists);
    expect(part.cut).toEqual({ reason: 'nesting', line: MAX_CONTAINER_DEPTH + 1 });
    expect(markdownPart('- '.repeat(10_000)).cut).toEqual({ reason: 'nesting', line: 1 });
  });

  it('stops a 4 MiB line at the size limit, whole characters only', () => {
    const line = 'a '.repeat(2 * 1024 * 1024);
    expect(markdownPart(line)).toEqual({ rendered: line.slice(0, MAX_RENDERED_CHARS), bodyChars: line.length, cut: { reason: 'size', line: 1 } });
    const emoji = 'x' + '😀'.repeat(MAX_RENDERED_CHARS);
    expect(markdownPart(emoji).rendered.length).toBe(MAX_RENDERED_CHARS - 1);
  });

  it('stops where a paragraph’s emphasis and bracket marks would make pairing them too slow', () => {
    const emphasis = '*_'.repeat(10_000) + 'x' + '_*'.repeat(10_000);
    const part = markdownPart(emphasis);
    expect(part.cut).toEqual({ reason: 'markup', line: 1 });
    expect(part.rendered).toBe('*_'.repeat(4_000));
    // Marks spread over paragraphs cost little: 2,000 paragraphs of 8 brackets each render whole.
    const many = '[a](b) [c](d)\n\n'.repeat(2_000);
    expect(markdownPart(many).cut).toBeUndefined();
  });

  it('says what was rendered, where the rest starts and why', () => {
    expect(cutNote(markdownPart(`# Deep\n\n${'>'.repeat(100)} x`, 4))).toBe(
      'Rendered up to line 6 (8 of 110 characters): line 6 nests quotes or lists more than 64 deep. The rest is not rendered here; the exact bytes (Bytes) show every character.',
    );
    expect(cutNote(markdownPart('a'.repeat(100_000)))).toBe(
      'Rendered up to line 1 (65,536 of 100,000 characters): markdown is rendered up to 64 KB, and this file\'s text is 98 KB. The rest is not rendered here; the exact bytes (Bytes) show every character.',
    );
    expect(cutNote(markdownPart('>'.repeat(100)))).toBe(
      'Nothing of this file is rendered: line 1 nests quotes or lists more than 64 deep. The rest is not rendered here; the exact bytes (Bytes) show every character.',
    );
  });
});

describe('the rendered markdown, against hostile content', () => {
  it('10,000 nested quotes: no exception, the lines before are rendered and the cut is named', () => {
    const html = render(`---\nname: a\n---\n# Deep\n\n${'>'.repeat(10_000)} x\n`);
    expect(count(html, /<h1/g)).toBe(1);
    expect(count(html, /<blockquote/g)).toBe(0);
    expect(shownTextOf(html)).toContain('Rendered up to line 6 (8 of 10,011 characters): line 6 nests quotes or lists more than 64 deep.');
  });

  it('100,000 links: only those in the first 64 KB become links, and the note says so', () => {
    const links = Array.from({ length: 100_000 }, (_, i) => `[l${i}](https://x.example/${i})`).join(' ');
    const html = render(links);
    const rendered = count(html, /data-external-link=/g);
    expect(rendered).toBe(markdownPart(links).rendered.match(/\]\(https:\/\/x\.example\/\d+\)/g)!.length);
    expect(rendered).toBeLessThan(2_500);
    expect(shownTextOf(html)).toContain('Rendered up to line 1 (65,536 of 3,377,779 characters): markdown is rendered up to 64 KB');
  });

  it('20,000 nested emphasis marks: rendered as far as the marks allow, the rest named', () => {
    const html = render('*_'.repeat(10_000) + 'x' + '_*'.repeat(10_000));
    expect(shownTextOf(html)).toContain('than are rendered at once. The rest is not rendered here');
  });

  it('emphasis nested 1,000 deep within the marks allowed: drawn at most 256 elements deep, its text kept', () => {
    const html = render('_a '.repeat(500) + '*b '.repeat(500) + 'deep' + ' b*'.repeat(500) + ' a_'.repeat(500));
    let depth = 0;
    let deepest = 0;
    for (const tag of html.matchAll(/<(\/?)[a-z][^>]*?(\/?)>/g)) {
      if (tag[2]) continue;
      depth += tag[1] ? -1 : 1;
      deepest = Math.max(deepest, depth);
    }
    expect(deepest).toBeLessThanOrEqual(MAX_ELEMENT_DEPTH + 2);
    expect(shownTextOf(html)).toContain('deep');
  });

  it('HTML in the text stays text, and data:, javascript: and remote images do not load', () => {
    const html = render('<script>alert(1)</script>\n\n<img src="https://x.example/a.png">\n\n[run](javascript:alert(1)) [d](data:text/html,<b>x</b>)\n\n![i](data:image/png;base64,AAAA) ![r](https://x.example/r.png) ![h](http://x.example/h.png)\n');
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data/);
    expect(count(html, /data-blocked-link=/g)).toBe(2);
    expect(count(html, /data-blocked-image=/g)).toBe(2);
    expect(count(html, /data-remote-image-placeholder=/g)).toBe(1);
  });
});
