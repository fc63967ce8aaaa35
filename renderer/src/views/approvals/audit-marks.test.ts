// The audit log names a server's words: the skill's URI, the reason (an
// automatic revoke names each file or field that changed), the note (which
// may come from a team receipt) and each acknowledged finding (its title and
// where it is: a file's path, a field). An invisible, bidi or control
// character in them is drawn as a mark.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../../shared/approvals-model.js';
import { RAW_HIDDEN, namesIn, shownTextOf, staticMarkup } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; this view only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { AuditTable } = await import('./AuditLog.js');

const RLO = '\u202E';

describe('the audit log', () => {
  it('the skill’s URI, the reason, the note and each acknowledged finding’s title and place', () => {
    const entries: AuditEntry[] = [
      { at: '2026-01-02T00:00:00.000Z', action: 'revoke', serverId: 's1', skillUri: `skill://pdf${RLO}/SKILL.md`, reason: `scripts/a${RLO}hs.py changed`, automatic: true },
      {
        at: '2026-01-01T00:00:00.000Z',
        action: 'approve',
        serverId: 's1',
        skillUri: 'skill://a/SKILL.md',
        reason: 'approved',
        automatic: false,
        note: `from the team: ${RLO}ko`,
        acknowledged: [{ key: 'k', id: 'risk-run', title: `Runs ${RLO}x`, message: 'm', path: `refs/c${RLO}d.md`, line: 3, field: `na${RLO}me` }],
      },
    ];
    // The table the log draws once loaded (a store's hook renders its initial state on the server).
    const html = staticMarkup(createElement(AuditTable, { entries }));
    const text = shownTextOf(html);
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(namesIn(html).join('')).not.toMatch(RAW_HIDDEN);
    expect(text).toContain('skill://pdf⟦RLO⟧/SKILL.md');
    expect(text).toContain('scripts/a⟦RLO⟧hs.py changed');
    expect(text).toContain('approved — note: from the team: ⟦RLO⟧ko');
    expect(text).toContain('acknowledged: Runs ⟦RLO⟧x — refs/c⟦RLO⟧d.md line 3 field na⟦RLO⟧me (risk-run)');
  });
});
