import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyCodePoint, codePointName, decodeTagCharacters, describeInvisible, findInvisible, isEmojiPart, revealIdentifier, revealIdentifierSegments, revealInvisible, revealSegments } from './invisible-chars.js';

const tags = (s: string) => [...s].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');

describe('classifyCodePoint', () => {
  it.each([
    [0xe0041, 'tag'],
    [0xe0001, 'tag'],
    [0xe007f, 'tag'],
    [0x200b, 'zero-width'],
    [0x200d, 'zero-width'],
    [0x2060, 'zero-width'],
    [0xfeff, 'zero-width'],
    [0x202e, 'bidi'],
    [0x2066, 'bidi'],
    [0x200f, 'bidi'],
    [0x061c, 'bidi'],
    [0x00ad, 'format'],
    [0x2063, 'format'],
    [0x034f, 'format'],
    [0x00a0, 'space'],
    [0x3000, 'space'],
    [0x3164, 'space'],
    [0x2800, 'space'],
    [0x0000, 'control'],
    [0x001b, 'control'],
    [0x007f, 'control'],
    [0x0085, 'control'],
    [0x2028, 'control'],
    [0xfe0f, 'variation'],
    [0xe0100, 'variation'],
    [0xe000, 'unusual'],
    [0xfffd, 'unusual'],
  ])('U+%s is %s', (cp, kind) => {
    expect(classifyCodePoint(cp)).toBe(kind);
  });

  it.each([0x09, 0x0a, 0x0d, 0x20, 0x41, 0xe9, 0x05d0, 0x0627, 0x4e2d, 0x1f600])('U+%s is ordinary', (cp) => {
    expect(classifyCodePoint(cp)).toBeUndefined();
  });
});

describe('findInvisible', () => {
  it('finds runs with line and column in code points, tag runs decoded', () => {
    const text = `first line\nsecond 😀 x${tags('hi there')}y\u200b\u200bz`;
    const runs = findInvisible(text);
    expect(runs).toEqual([
      { kind: 'tag', index: text.indexOf('\u{E0068}'), length: 16, line: 2, column: 11, codePoints: [...tags('hi there')].map((c) => c.codePointAt(0)), decoded: 'hi there' },
      { kind: 'zero-width', index: text.indexOf('\u200b'), length: 2, line: 2, column: 20, codePoints: [0x200b, 0x200b] },
    ]);
  });

  it('leaves emoji joiners, presentation selectors, keycaps and subdivision flags alone', () => {
    const text = 'Team 👩‍💻, love ❤️, 1️⃣, 🏴󠁧󠁢󠁥󠁮󠁧󠁿 and 👍🏽‍';
    expect(findInvisible(text).map((r) => r.codePoints)).toEqual([[0x200d]]);
    expect(findInvisible('🏴󠁧󠁢󠁥󠁮󠁧󠁿', { includeEmojiParts: true })).toHaveLength(1);
    // The same tag letters without the black flag are hidden text.
    expect(findInvisible(`x${tags('gbeng')}\u{E007F}`)[0]?.kind).toBe('tag');
  });

  it('skips a byte-order mark at the very start unless asked', () => {
    expect(findInvisible('\ufeffhello')).toEqual([]);
    expect(findInvisible('\ufeffhello', { includeLeadingBom: true })[0]).toMatchObject({ kind: 'zero-width', line: 1, column: 1 });
    expect(findInvisible('he\ufeffllo')[0]).toMatchObject({ kind: 'zero-width', column: 3 });
  });

  it('counts lines after CR LF endings correctly', () => {
    expect(findInvisible('a\r\nb\r\nc\u202e')[0]).toMatchObject({ kind: 'bidi', line: 3, column: 2 });
  });
});

describe('isEmojiPart', () => {
  it('knows a ZWJ between pictographs from one between letters', () => {
    expect(isEmojiPart('👩‍💻', 2)).toBe(true);
    expect(isEmojiPart('a\u200db', 1)).toBe(false);
    expect(isEmojiPart('a\ufe0f', 1)).toBe(false);
  });
});

describe('decoding and revealing', () => {
  it('decodes tag characters to ASCII and shows language and cancel tags by code', () => {
    expect(decodeTagCharacters([0xe0001, ...[...tags('ok')].map((c) => c.codePointAt(0)!), 0xe007f])).toBe('<U+E0001>ok<U+E007F>');
  });

  it('draws every invisible character visibly', () => {
    expect(revealInvisible(`Pay invoice\u202egnp.exe\u202c now${tags('secret')}!`)).toBe('Pay invoice⟦RLO⟧gnp.exe⟦PDF⟧ now⟦hidden tag text: "secret"⟧!');
    expect(revealInvisible('a\u00a0b\u2063c\u001b[0m')).toBe('a⟦NBSP⟧b⟦U+2063⟧c⟦ESC⟧[0m');
    expect(revealInvisible('love ❤️')).toBe('love ❤️');
  });

  it('splits text into plain and marked segments for a view', () => {
    expect(revealSegments(`a\u200bb${tags('x')}`)).toEqual([
      { type: 'text', text: 'a' },
      { type: 'invisible', kind: 'zero-width', codePoints: [0x200b], text: '\u200b', label: '⟦ZWSP⟧' },
      { type: 'text', text: 'b' },
      { type: 'tags', codePoints: [0xe0078], decoded: 'x', text: tags('x'), label: '⟦hidden tag text: "x"⟧' },
    ]);
  });

  it('names characters and describes counts in words', () => {
    expect(codePointName(0x202e)).toBe('RIGHT-TO-LEFT OVERRIDE');
    expect(codePointName(0xe0041)).toBe('TAG "A"');
    expect(codePointName(0xe0101)).toBe('VARIATION SELECTOR-18');
    expect(describeInvisible(findInvisible('a\u200b\u200bb\u202ec'))).toBe('2 zero-width characters, 1 bidirectional control');
  });

  it('segments always put the text back together exactly (property)', () => {
    const chars = fc.constantFrom('a', ' ', '\n', '\u200b', '\u202e', '\u00a0', '\ufe0f', '\u200d', '😀', '\u{E0041}', '\u{E0100}', '\u001b', 'é', '\ufeff');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        expect(revealSegments(text).map((s) => s.text).join('')).toBe(text);
        const shown = revealInvisible(text, { includeEmojiParts: true });
        expect(findInvisible(shown, { includeEmojiParts: true, includeLeadingBom: true })).toEqual([]);
      }),
    );
  });
});

describe('revealIdentifier', () => {
  it('draws line breaks, tabs and every other invisible character in a URI', () => {
    expect(revealIdentifier('skill://a\nb\r\tc/SKILL.md')).toBe('skill://a⟦LF⟧b⟦CR⟧⟦TAB⟧c/SKILL.md');
    expect(revealIdentifier('skill://a\u0000\u0085\u202e\u200b/SKILL.md')).toBe('skill://a⟦NUL⟧⟦U+0085⟧⟦RLO⟧⟦ZWSP⟧/SKILL.md');
  });

  it('returns a plain ASCII URI as it is', () => {
    const uri = 'skill://acme/pdf-tools/SKILL.md';
    expect(revealIdentifier(uri)).toBe(uri);
  });
});

describe('revealIdentifierSegments', () => {
  it('takes an identifier of any length a server sends: 100,000 zero-width spaces between letters are 200,000 segments, not a thrown RangeError', () => {
    // Spread into push(), past about 120,000 segments V8 threw "Maximum call stack size exceeded" while the window drew the URI.
    const segments = revealIdentifierSegments('a\u200b'.repeat(100_000));
    expect(segments).toHaveLength(200_000);
    expect(segments[1]).toMatchObject({ type: 'invisible', label: '⟦ZWSP⟧' });
  });
});
