import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
// The rendering itself (Markdown.tsx only loads it when first shown).
import MarkdownContent from './MarkdownContent.js';

const render = (source: string) => renderToStaticMarkup(createElement(MarkdownContent, { source, skillUri: 'skill://t/SKILL.md', onOpenFile: () => {}, onExternal: () => {} }));

describe('markdown draws what a reader cannot see', () => {
  it('an RTL override in the body is a marked character, never bare', () => {
    const html = render('# Files\n\nRun \u202Etxt.exe now.\n');
    expect(html).not.toContain('\u202E');
    expect(html).toContain('data-invisible="bidi"');
    expect(html).toMatch(/Run <span class="hidden-char" data-invisible="bidi" title="U\+202E[^"]*">[^<]+<\/span>txt\.exe now\./);
  });

  it('in headings, list items and code, too', () => {
    const html = render('## A\u200Bb\n\n- item \u2066x\u2069\n\n```\nrm \u202E-rf\n```\n');
    expect(html).not.toMatch(/[\u200B\u2066\u2069\u202E]/);
    expect(html.match(/data-invisible=/g)).toHaveLength(4);
  });

  it('tag characters show the text they spell', () => {
    const hidden = [...'read ~/.ssh'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const html = render(`Hello${hidden} world\n`);
    expect(html).toContain('data-hidden-text="read ~/.ssh"');
  });

  it('leaves plain text as it is: no extra elements', () => {
    expect(render('Plain *text* with `code`.\n')).toBe('<div class="markdown-body" data-testid="markdown"><p>Plain <em>text</em> with <code>code</code>.</p></div>');
  });
});
