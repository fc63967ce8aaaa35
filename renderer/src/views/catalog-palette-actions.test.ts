import { isValidElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { skillEntry } from '../../../shared/skill-entry-fixture.unit.js';
import type { DiffState } from '../state/review-session.js';
import { skillPaletteItem } from './catalog-palette-actions.js';

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
