// A skill's description is the server's text, drawn with one element per
// marked character: a 1 MiB description was laid out whole in every catalog
// row that showed it (CSS cut it to one line only after laying it out) and
// on the Overview, twice there with an invisible character (the description,
// then the listing fact quoting it). Now the row draws its first 300
// characters and an ellipsis, the Overview its first 4,000 and says how many
// more there are.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { skillEntry } from '../../../shared/skill-entry-fixture.unit.js';
import { shownTextOf, staticMarkup } from '../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { SkillRow } = await import('./SkillRow.js');
const { ListingFactList } = await import('../components/ListingFacts.js');
const { SkillDescription, MAX_ROW_DESCRIPTION, MAX_SHOWN_DESCRIPTION } = await import('../components/SkillDescription.js');

const description = 'Formats reports. ' + '\u200b'.repeat(1024 * 1024);
const entry = skillEntry('report', { uri: 'skill://acme/report/SKILL.md', description, frontmatter: { name: 'report', description }, enabled: true });
const marksIn = (html: string) => html.match(/data-invisible="/g)?.length ?? 0;

describe('a 1 MiB description', () => {
  it('the catalog row draws its first 300 characters and an ellipsis', () => {
    const html = staticMarkup(
      createElement(SkillRow, { id: 'r', entry, selected: false, active: false, serverLabel: undefined, nameLines: 1, onOpen: () => {}, top: 0, height: 73 }),
    );
    const shown = shownTextOf(html.match(/<span[^>]*data-skill-row-description[^>]*>([\s\S]*?)<\/span><span[^>]*data-listing-facts-row/)![1]!);
    expect(marksIn(html)).toBe(MAX_ROW_DESCRIPTION - 'Formats reports. '.length);
    expect(shown.startsWith('Formats reports. ⟦ZWSP⟧')).toBe(true);
    expect(shown.endsWith('⟦ZWSP⟧…')).toBe(true);
  });

  it('the Overview draws its first 4,000 characters and says how many more', () => {
    const html = staticMarkup(createElement(SkillDescription, { description }));
    expect(marksIn(html)).toBe(MAX_SHOWN_DESCRIPTION - 'Formats reports. '.length);
    expect(shownTextOf(html)).toContain('… 1,044,593 more characters of the description are not drawn here.');
    const facts = staticMarkup(createElement(ListingFactList, { entry }));
    expect(marksIn(facts)).toBe(MAX_SHOWN_DESCRIPTION - 'Formats reports. '.length);
    expect(shownTextOf(facts)).toContain('… 1,044,593 more characters of the description are not drawn here.');
  });

  it('a short description is drawn whole, with no marker', () => {
    expect(shownTextOf(staticMarkup(createElement(SkillDescription, { description: 'Formats reports.' })))).toBe('Formats reports.');
  });
});
