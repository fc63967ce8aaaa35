// The Review tab's decision bar of an approved skill that changed, with a
// review report of the version served now that could be approved, while the
// change review of that version (the Changes tab's comparison) still runs
// (the skill says Reviewing…, as ReviewTab tells the bar):
// Approve is disabled and says why, beside the Reviewing… badge, until the
// review ends; then it is enabled. It was enabled while the review ran.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewReport } from '../../../../shared/approvals-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { skillEntry } from '../../../../shared/skill-entry-fixture.unit.js';
import { staticMarkup, shownTextOf } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { DecisionBar } = await import('./DecisionBar.js');

const entry: SkillEntry = skillEntry('setup', { serverId: 's1', approval: 'changed', verdict: 'not-reviewed' });
const report = { serverId: 's1', skillUri: entry.uri, fingerprint: 'sha256:f', dynamic: false, canApprove: true, blockers: [], acknowledgements: [] } as unknown as ReviewReport;
const bar = (changeReviewing: boolean) => staticMarkup(createElement(DecisionBar, { entry, report, stale: false, running: false, changeReviewing, connected: true, onReviewAgain: () => {} }));
const approveButton = (html: string) => html.match(/<button[^>]*data-action="approve"[^>]*>/)?.[0] ?? '';

describe('approving while the change review runs', () => {
  it('waits for the review to end, and says so', () => {
    const html = bar(true);
    expect(html).toContain('data-can-approve="false"');
    expect(html).toContain('data-approve-waiting="change-review"');
    expect(approveButton(html)).toContain('disabled=""');
    expect(approveButton(html)).toContain('title="The change review is running: approving this version waits until it ends."');
    expect(shownTextOf(html)).toContain('Reviewing…The change review is running: approving this version waits until it ends.');
  });

  it('is possible once it has ended', () => {
    const html = bar(false);
    expect(html).toContain('data-can-approve="true"');
    expect(html).not.toContain('data-approve-waiting');
    expect(approveButton(html)).not.toContain('disabled');
    expect(shownTextOf(html)).not.toContain('The change review is running');
  });
});
