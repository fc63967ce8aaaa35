// Where a decision stands names a server's words: the reason an approval was
// revoked names each file or field that changed (their names are the
// server's), and a note may come from a team receipt someone else signed.
// Drawn with marks, and written with the marker in the tooltip that holds
// them whole.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApprovalRecord } from '../../../../shared/approvals-model.js';
import { RAW_HIDDEN, namesIn, shownTextOf, staticMarkup } from '../../components/static-markup.js';
import { DecisionState } from './DecisionState.js';

const RLO = '\u202E';

describe('where a decision stands', () => {
  it('the revoked reason and the note, as marks and in their tooltips with the marker', () => {
    const record = {
      serverId: 's1',
      skillUri: 'skill://a/SKILL.md',
      skillName: 'a',
      decision: 'changed',
      enabled: false,
      decidedAt: '2026-01-01T00:00:00.000Z',
      note: `from the team: ${RLO}ko`,
      revoked: { at: '2026-01-02T00:00:00.000Z', reason: `scripts/a${RLO}hs.py changed`, cause: 'file-changed', via: 'read' },
    } as unknown as ApprovalRecord;
    const html = staticMarkup(createElement(DecisionState, { record }));
    const text = shownTextOf(html);
    const names = namesIn(html);
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(names.join('')).not.toMatch(RAW_HIDDEN);
    expect(text).toContain('scripts/a⟦RLO⟧hs.py changed');
    expect(text).toContain('Note: from the team: ⟦RLO⟧ko');
    expect(names).toContain('scripts/a⟦RLO⟧hs.py changed');
    expect(names).toContain('from the team: ⟦RLO⟧ko');
  });
});
