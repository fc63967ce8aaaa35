// The Frontmatter tab draws one table row per field, every marked character
// of a value as an element, with no virtualising: a served SKILL.md with
// 10,000 fields drew 10,000 rows, and a 1 MiB value of U+200B a million
// elements in one cell. It now draws at most MAX_SHOWN_FIELDS rows, those
// that differ (and the selected field) first, and the first
// MAX_VALUE_CHARS characters of a value, each cut said where it is.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { compareFrontmatter } from '../../components/frontmatter-compare.js';
import { shownOnScreen, shownTextOf, staticMarkup } from '../../components/static-markup.js';
import { FrontmatterTable, MAX_SHOWN_FIELDS, MAX_VALUE_CHARS, shownFields } from './FrontmatterTable.js';

const many = (n: number, value: (i: number) => string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value(i)]));
const render = (listing: Record<string, unknown>, served: Record<string, unknown>, field?: string) =>
  staticMarkup(createElement(FrontmatterTable, { rows: compareFrontmatter(listing, served), servedKnown: true, field }));
const rowsIn = (html: string) => html.match(/data-field-state="/g)?.length ?? 0;

describe('the Frontmatter tab of a hostile SKILL.md', () => {
  it('draws 200 of 10,000 fields, those that differ and the selected one among them, and says so', () => {
    const listing = many(10_000, () => 'v');
    const served = { ...listing, k9000: 'changed', k9999: undefined };
    delete served.k9999;
    const rows = compareFrontmatter(listing, served);
    const shown = shownFields(rows, 'k7777');
    expect(shown.length).toBe(MAX_SHOWN_FIELDS);
    expect(shown.map((r) => r.field).slice(0, 3)).toEqual(['k0', 'k1', 'k2']);
    expect(shown.map((r) => r.field).slice(-3)).toEqual(['k7777', 'k9000', 'k9999']);
    const html = render(listing, served, 'k7777');
    expect(rowsIn(html)).toBe(MAX_SHOWN_FIELDS);
    expect(html).toContain('data-field="k9000" data-field-state="different"');
    expect(shownTextOf(html)).toContain('Showing 200 of 10,000 fields: every field that differs and the one selected, then the first in order. The other 9,800 are not drawn here; the served SKILL.md\'s are all in its exact bytes (Bytes).');
  });

  it('draws the first 8,000 characters of a 1 MiB value of U+200B, and says how many more', () => {
    const value = '\u200b'.repeat(1024 * 1024);
    const html = render({ description: value }, { description: value });
    expect(html.match(/data-invisible="/g)?.length).toBe(2 * MAX_VALUE_CHARS);
    expect(shownTextOf(html)).toContain(`… ${(1024 * 1024 - MAX_VALUE_CHARS).toLocaleString('en-US')} more characters not drawn; the exact bytes (Bytes) show them.`);
  });

  it('a small frontmatter is drawn whole, with no note', () => {
    const html = render({ name: 'a', description: 'b' }, { name: 'a', description: 'b' });
    expect(rowsIn(html)).toBe(2);
    expect(shownTextOf(html)).not.toMatch(/not drawn/);
  });
});

describe('a frontmatter field named with a bidi override', () => {
  it('is drawn with the override as a mark', () => {
    const text = shownOnScreen(createElement(FrontmatterTable, { rows: compareFrontmatter({ 'allowed\u202etools': 'x' }, {}), servedKnown: true, field: undefined }));
    expect(text).toContain('allowed⟦RLO⟧tools');
  });
});
