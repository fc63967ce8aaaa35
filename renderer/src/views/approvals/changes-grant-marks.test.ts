// Two more places of a decision name a server's words: the notice above the
// Changes tab says why the approval was revoked (the reason names each file
// or field that changed), and the switch that grants a skill's tools names
// each tool its frontmatter asks for (allowed-tools, the server's). An
// invisible, bidi or control character in them is drawn as a mark.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalRecord } from '../../../../shared/approvals-model.js';
import { shownOnScreen as shown } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { ChangedSinceApproval } = await import('./ChangesTab.js');
const { GrantControls } = await import('./GrantControls.js');

const RLO = '\u202E';

const base = { serverId: 's1', skillUri: 'skill://a/SKILL.md', skillName: 'a', decidedAt: '2026-01-01T00:00:00.000Z' };

describe('a decision’s notices and switches', () => {
  it('why the approval was revoked, above the Changes tab', () => {
    const record = { ...base, decision: 'changed', enabled: false, revoked: { at: '2026-01-02T00:00:00.000Z', reason: `scripts/a${RLO}hs.py changed.`, cause: 'file-changed', via: 'read' } } as unknown as ApprovalRecord;
    expect(shown(createElement(ChangedSinceApproval, { record }))).toContain('scripts/a⟦RLO⟧hs.py changed. The approval was revoked');
  });

  it('each tool the skill asks to use without asking, beside its grant switch', () => {
    const record = { ...base, decision: 'approved', enabled: true, allowedTools: { requested: [`Bash(rm ${RLO}x)`, 'Read\u200B'], granted: false } } as unknown as ApprovalRecord;
    const text = shown(createElement(GrantControls, { record, busy: false }));
    expect(text).toContain('Grant the tools it asks to use without asking:Bash(rm ⟦RLO⟧x)Read⟦ZWSP⟧');
  });
});
