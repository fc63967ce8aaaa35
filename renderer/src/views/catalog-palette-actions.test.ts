import { isValidElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { skillEntry } from '../../../shared/skill-entry-fixture.unit.js';
import { skillKey, useCatalog } from '../state/catalog.js';
import { useReviewSession, type DiffState } from '../state/review-session.js';
import { useServers } from '../state/servers.js';
import { catalogViewActions, skillPaletteItem } from './catalog-palette-actions.js';

// The palette's stores reach the app through the window's bridge, taken at import; nothing here calls it.
vi.hoisted(() => vi.stubGlobal('window', { skillInspector: { call: () => new Promise(() => {}), on: () => () => {} } }));

const changed = skillEntry('setup', { approval: 'changed', status: 'verified', description: 'Sets things up' });
const reviewing: DiffState = { from: 'approved', to: 'current', signature: 'sig', load: { state: 'loading' } };
const badgeVerdict = (item: ReturnType<typeof skillPaletteItem>) => (isValidElement<{ verdict: string }>(item.rightSection) ? item.rightSection.props.verdict : undefined);

describe('a skill in the command palette', () => {
  it('says Reviewing… while the change review of an approved skill that changed runs, as its badge elsewhere does', () => {
    const item = skillPaletteItem(changed, 'k', 'Demo', reviewing);
    expect(item.description).toBe('Demo · Reviewing… · Sets things up');
    expect(badgeVerdict(item)).toBe('reviewing');
  });

  it('says Not reviewed yet when no change review runs', () => {
    const item = skillPaletteItem(changed, 'k', 'Demo', undefined);
    expect(item.description).toBe('Demo · Not reviewed yet · Sets things up');
    expect(badgeVerdict(item)).toBe('not-reviewed');
  });

  it('keeps a verdict reached, with its counts', () => {
    const item = skillPaletteItem({ ...changed, verdict: 'risky', errorCount: 2 }, 'k', undefined, reviewing);
    expect(item.description).toBe('Risky · 2 errors · Sets things up');
    expect(badgeVerdict(item)).toBe('risky');
  });
});

describe('the palette’s verdict filters', () => {
  const onA = { ...changed, serverId: 'a' };
  const key = skillKey('a', onA.uri);
  const listed = (actions: ReturnType<typeof catalogViewActions>) => actions.map((a) => [a.id, a.label]);
  const EVERY_VERDICT = [
    ['sort-verdict', 'Sort skills by verdict'],
    ['filter-verdict-risky', 'Filter: risky skills'],
    ['filter-verdict-needs-look', 'Filter: needs a look skills'],
    ['filter-verdict-clean-as-checked', 'Filter: clean as checked skills'],
    ['filter-verdict-not-reviewed', 'Filter: not reviewed yet skills'],
  ];
  const show = (serverId: string, diffs: ReadonlyMap<string, DiffState>, verdict?: 'reviewing') => {
    useCatalog.setState({ skills: new Map([[key, onA]]), verdict, sort: 'name' });
    useServers.setState({ selectedServerId: serverId });
    useReviewSession.setState({ diffs });
  };

  it('offers Filter: reviewing… skills while a listed skill’s change review runs, as the filter control does, and it chooses Reviewing…', () => {
    show('a', new Map([[key, reviewing]]));
    const actions = catalogViewActions();
    expect(listed(actions)).toEqual([...EVERY_VERDICT, ['filter-verdict-reviewing', 'Filter: reviewing… skills']]);
    actions.at(-1)!.onClick!(undefined as never);
    expect(useCatalog.getState().verdict).toBe('reviewing');
  });

  it('offers it while it is the filter chosen, though no review runs', () => {
    show('a', new Map(), 'reviewing');
    expect(listed(catalogViewActions())).toEqual([...EVERY_VERDICT, ['filter-verdict-reviewing', 'Filter: reviewing… skills']]);
  });

  it('does not offer it when no review runs, nor when the skill reviewed is another server’s than the one shown', () => {
    show('a', new Map());
    expect(listed(catalogViewActions())).toEqual(EVERY_VERDICT);
    show('b', new Map([[key, reviewing]]));
    expect(listed(catalogViewActions())).toEqual(EVERY_VERDICT);
  });
});
