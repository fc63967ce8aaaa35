// A server's label comes from a config the user imported (a host's mcp.json,
// which anyone may have written), a local folder's from its path, a skill's
// name from the server: an invisible, bidi or control character in any of
// them is drawn as a mark in the server list, the headers and the palette,
// and written as its marker (⟦RLO⟧) in tooltips and accessible names.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ServerView, SkillEntry } from '../../../shared/model.js';
import type { LocalOrigin } from '../../../shared/review-model.js';
import { RAW_HIDDEN, namesIn, shownTextOf, staticMarkup } from '../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { ServerRow } = await import('./ServerSidebar.js');
const { CatalogHeader } = await import('./CatalogHeader.js');
const { LocalOriginRow } = await import('./local/LocalOriginRow.js');
const { approvalServerActions, approvalSkillActions } = await import('./approvals/palette-actions.js');
const { localOriginActions, reviewSkillActions } = await import('./local/palette-actions.js');
const { reviewAllServerActions } = await import('./review/palette-actions.js');

const RLO = '\u202E';
const label = `github${RLO}bup`;

const server: ServerView = {
  config: { id: 's1', label, transport: { kind: 'stdio', command: 'node', args: [], env: {} }, createdAt: '2026-01-01T00:00:00.000Z' } as ServerView['config'],
  connection: { serverId: 's1', status: 'connected' },
  skillCount: 2,
};

function rendered(element: Parameters<typeof staticMarkup>[0]): { text: string; names: string[] } {
  const html = staticMarkup(element);
  return { text: shownTextOf(html), names: namesIn(html) };
}

describe('a server label with a right-to-left override', () => {
  it('the server list: the label as marks, its tooltip and the menu button’s accessible name with the marker', () => {
    const { text, names } = rendered(createElement(ServerRow, { server, worst: undefined, tally: undefined, index: 0, selected: true, onChoose: () => {} }));
    expect(text).toContain('github⟦RLO⟧bup');
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(names).toContain('Actions for github⟦RLO⟧bup');
    expect(names).toContain('github⟦RLO⟧bup');
    expect(names.join('')).not.toMatch(RAW_HIDDEN);
  });

  it('the catalog header', () => {
    const { text, names } = rendered(createElement(CatalogHeader, { server }));
    expect(text).toContain('github⟦RLO⟧bup');
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(names).toContain('github⟦RLO⟧bup');
    expect(names.join('')).not.toMatch(RAW_HIDDEN);
  });

  it('the palette’s server entries', () => {
    const labels = [...approvalServerActions('s1', label), ...reviewAllServerActions('s1', label, true)].map((a) => a.label);
    expect(labels).toEqual(['github⟦RLO⟧bup: approvals and enabled skills', 'github⟦RLO⟧bup: export enabled skills (JSON)', 'github⟦RLO⟧bup: export a lockfile of approved skills', 'github⟦RLO⟧bup: review all skills']);
  });
});

describe('a local folder’s label and a skill’s name', () => {
  const origin: LocalOrigin = { id: 'local:/p', label: `~/sk${RLO}ills`, description: `Custom \u2066folder\u2069`, path: `/home/u/sk${RLO}ills`, kind: 'custom', scope: 'custom', addedByUser: true, exists: true, hosts: [], skillCount: 1, skipped: [], truncated: false } as unknown as LocalOrigin;

  it('the folder row and its menu button', () => {
    const { text, names } = rendered(createElement(LocalOriginRow, { origin, index: 0, selected: true, onChoose: () => {} }));
    expect(text).toContain('~/sk⟦RLO⟧ills');
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(names).toContain('Actions for ~/sk⟦RLO⟧ills');
    expect(names.join('')).not.toMatch(RAW_HIDDEN);
  });

  it('the palette’s folder and skill entries', () => {
    expect(localOriginActions([origin]).map((a) => [a.label, a.description])).toEqual([
      ['Go to ~/sk⟦RLO⟧ills', '1 skills · Custom ⟦LRI⟧folder⟦PDI⟧'],
      ['~/sk⟦RLO⟧ills: read again', undefined],
      ['~/sk⟦RLO⟧ills: remove from the list…', undefined],
    ]);
    const entry = { serverId: 's1', uri: 'skill://x/SKILL.md', name: `pdf${RLO}fdp`, approval: 'approved', enabled: true, resources: [] } as unknown as SkillEntry;
    expect([...approvalSkillActions(entry), ...reviewSkillActions(entry)].map((a) => a.label)).toEqual(['Start a review of pdf⟦RLO⟧fdp', 'Disable pdf⟦RLO⟧fdp', 'Review the content of pdf⟦RLO⟧fdp']);
  });
});
