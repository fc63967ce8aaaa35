// Why a version cannot be approved yet is written by the app, but it names
// the server's words: the skill's URI ("No skill skill://… is known", "… is
// dynamic"), each file's path ("scripts/a.py has not been reviewed") and why
// a file failed verification. Both lists of it, in the Review tab's decision
// bar and in the Changes tab's Approve this version, draw an invisible, bidi
// or control character in them as a mark.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewReport, SkillDiff } from '../../../../shared/approvals-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { shownOnScreen as shown } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { DecisionBar } = await import('./DecisionBar.js');
const { ReapprovePanel } = await import('./ReapprovePanel.js');

const RLO = '\u202E';
const skillUri = 'skill://a/SKILL.md';
const blockers = [`No skill skill://pdf${RLO}/SKILL.md is known on this server. Refresh the listing or load it by URI.`, `Approval needs every file read and verified: scripts/a${RLO}hs.py has not been reviewed; refs/b\nc.md failed verification (size 3, expected ${RLO}4). Start a review to read them.`];

function expectBlockersMarked(text: string): void {
  expect(text).toContain('No skill skill://pdf⟦RLO⟧/SKILL.md is known on this server.');
  // One sentence: a line break in a path would only hide where the path ends.
  expect(text).toContain('scripts/a⟦RLO⟧hs.py has not been reviewed; refs/b⟦LF⟧c.md failed verification (size 3, expected ⟦RLO⟧4).');
}

describe('why a version cannot be approved yet', () => {
  it('in the Review tab’s decision bar', () => {
    const entry = { serverId: 's1', uri: skillUri } as SkillEntry;
    const report = { serverId: 's1', skillUri, fingerprint: 'sha256:f', dynamic: false, canApprove: false, blockers, acknowledgements: [] } as unknown as ReviewReport;
    const text = shown(createElement(DecisionBar, { entry, report, stale: false, running: false, changeReviewing: false, connected: true, onReviewAgain: () => {} }));
    expect(text).toContain('Not possible to approve yet:');
    expectBlockersMarked(text);
  });

  it('in the Changes tab’s Approve this version', () => {
    const diff = { serverId: 's1', skillUri, from: { ref: 'approved' }, to: { ref: 'current', fingerprint: 'sha256:f' }, files: [], frontmatter: [], identical: false, canApprove: false, blockers, acknowledgements: [] } as unknown as SkillDiff;
    expectBlockersMarked(shown(createElement(ReapprovePanel, { diff, parts: [], shown: new Set<string>() })));
  });
});
