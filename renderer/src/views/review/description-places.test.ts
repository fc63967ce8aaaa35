// A description the server wrote, where the review quotes it before its summary is written and on each side of a
// name clash: drawn with its invisible characters marked, and cut to a bounded length with the cut said (a 1 MiB
// description was drawn whole, and the review's quote drew U+202E raw, reversing what followed).
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { shownOnScreen, staticMarkup } from '../../components/static-markup.js';
import { MAX_ROW_DESCRIPTION, MAX_SHOWN_DESCRIPTION } from '../../components/SkillDescription.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined, mode: 'browser' }, errorMessage: String }));

const { ListingDescription } = await import('./ReviewReportView.js');
const { SideDescription } = await import('../collisions/SkillSide.js');

const RLO = '\u202E';
const huge = `Summarises invoices ${RLO}exe.fdp ${'x'.repeat(1024 * 1024)}`;

describe('a description quoted before the summary and on a side of a name clash', () => {
  it('the review quotes the listing with its marks', () => {
    expect(shownOnScreen(createElement(ListingDescription, { description: `Fills forms${RLO}fdp.exe` }))).toBe('The listing describes it as: Fills forms⟦RLO⟧fdp.exe');
  });

  it('the review draws a bounded part of a huge description and says how much is left', () => {
    const text = shownOnScreen(createElement(ListingDescription, { description: huge }));
    expect(text.length).toBeLessThan(MAX_SHOWN_DESCRIPTION + 200);
    expect(text).toContain('Summarises invoices ⟦RLO⟧exe.fdp');
    expect(text).toMatch(/… [\d,]+ more characters of the description are not drawn here\.$/);
  });

  it('a side of a name clash draws a bounded, marked part', () => {
    const html = staticMarkup(createElement(SideDescription, { description: huge }));
    expect(html.length).toBeLessThan(MAX_ROW_DESCRIPTION * 20);
    const text = shownOnScreen(createElement(SideDescription, { description: huge }));
    expect(text.startsWith('Summarises invoices ⟦RLO⟧exe.fdp')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });
});
