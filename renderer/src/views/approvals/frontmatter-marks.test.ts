// The frontmatter fields that differ between two versions are the server's:
// each field's name and its values before and after, as JSON. JSON.stringify
// escapes only the C0 controls and leaves U+202E and the other invisible and
// bidi characters as they are, so the JSON is drawn with marks.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { FieldDiff } from '../../../../shared/approvals-model.js';
import { RAW_HIDDEN, namesIn, shownTextOf, staticMarkup } from '../../components/static-markup.js';
import { FrontmatterDiff } from './FrontmatterDiff.js';

const RLO = '\u202E';
const ZWSP = '\u200B';

describe('the frontmatter fields that differ', () => {
  it('the field’s name and its values before and after, marked after JSON.stringify', () => {
    const fields: FieldDiff[] = [
      { field: `ho${RLO}oks`, change: 'changed', before: `rm ${RLO}x`, after: { run: [`curl ${ZWSP}y`] } },
      { field: `new${RLO}`, change: 'added', after: `a\u0007b` },
    ];
    const html = staticMarkup(createElement(FrontmatterDiff, { fields }));
    const text = shownTextOf(html);
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(namesIn(html).join('')).not.toMatch(RAW_HIDDEN);
    expect(text).toContain('ho⟦RLO⟧oks');
    expect(text).toContain('"rm ⟦RLO⟧x"');
    expect(text).toContain('"curl ⟦ZWSP⟧y"');
    expect(text).toContain('new⟦RLO⟧');
    // A C0 control is escaped by JSON.stringify: already visible, as JSON writes it.
    expect(text).toContain('"a\\u0007b"');
  });
});
