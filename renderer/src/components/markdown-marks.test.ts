// A skill's markdown is a server's words, and so are the links and images in
// it: the path, URL or reference a link's tooltip names, an image's alt text
// and where it would load from. The text runs were drawn with marks already;
// these reached tooltips, titles, alt text and the image buttons raw.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import MarkdownContent, { linkTooltip } from './MarkdownContent.js';
import { RAW_HIDDEN, namesIn, shownTextOf, staticMarkup } from './static-markup.js';

const RLO = '\u202E';
const skillUri = 'skill://a/SKILL.md';

describe('links and images in a skill’s markdown', () => {
  it('each link’s tooltip names the path, URL, fragment or reference with the marker', () => {
    expect(linkTooltip({ kind: 'skill-file', uri: 'skill://a/refs/a%E2%80%AEb.md', relativePath: `refs/a${RLO}b.md` })).toBe('Opens refs/a⟦RLO⟧b.md of this skill');
    expect(linkTooltip({ kind: 'external', url: `https://a.example/${RLO}x` })).toBe('Outside link: https://a.example/⟦RLO⟧x (asks before opening)');
    expect(linkTooltip({ kind: 'anchor', fragment: `se${RLO}c` })).toBe('Link within this page (#se⟦RLO⟧c)');
    expect(linkTooltip({ kind: 'escapes', reference: `../x${RLO}` })).toBe('"../x⟦RLO⟧" climbs out of the skill root; it is not followed.');
    expect(linkTooltip({ kind: 'other-uri', uri: `ftp://x${RLO}` })).toBe('ftp://x⟦RLO⟧ is not a file of this skill; it is not followed.');
  });

  it('an image’s alt text and its file are drawn as marks; where it would load from and a link’s destination arrive percent-encoded', () => {
    const source = [`![a${RLO}b](https://img.example/x.png)`, `![c${RLO}d](pic${RLO}.png)`, `![e](ftp://x${RLO})`, `![f](https://ex${RLO}ample.com/p.png)`, `[here](#se${RLO}c)`].join('\n\n');
    const html = staticMarkup(createElement(MarkdownContent, { source, skillUri, onOpenFile: () => {}, onExternal: () => {} }));
    const text = shownTextOf(html);
    const names = namesIn(html);
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(names.join('')).not.toMatch(RAW_HIDDEN);
    expect(text).toContain('Load image from img.example — “a⟦RLO⟧b”');
    expect(text).toContain('Image pic⟦RLO⟧.png — “c⟦RLO⟧d” (open file)');
    // The markdown parser percent-encodes a destination's non-ASCII characters, so these reach the window visible.
    expect(text).toContain('[image not loaded: ftp://x%E2%80%AE]');
    expect(text).toContain('Load image from https://ex%E2%80%AEample.com/p.png — “f”');
    expect(names).toContain('Link within this page (#se%E2%80%AEc)');
  });
});
