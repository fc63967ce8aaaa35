// The Store health panel names the store a problem hit: a damaged version
// history says so and that the approvals are not affected, never "Your
// approvals could not be recovered"; a damaged approvals.json keeps its words.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalStoreStatus, StoreProblemView } from '../../../../shared/approvals-model.js';
import { shownOnScreen as shown } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; this view only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { StoreProblems } = await import('./StoreHealth.js');

const HISTORY = '/home/u/history/srv.json';
const APPROVALS = '/home/u/approvals.json';

function panel(problem: StoreProblemView): string {
  const status: ApprovalStoreStatus = { problems: [problem], auditUnreadableLines: [] };
  return shown(createElement(StoreProblems, { status }));
}

describe('the Store health panel', () => {
  it('a version history that could not be read', () => {
    const text = panel({ store: 'history', file: HISTORY, message: 'The file could not be read because it is a folder, not a regular file, and no usable backup exists.', recoveredFrom: 'default' });
    expect(text).toBe(
      `A server's version history could not be read${HISTORY}: The file could not be read because it is a folder, not a regular file, and no usable backup exists. The versions its skills were seen in before are not listed in their Changes tab. Your approvals are not affected.`,
    );
  });

  it('a version history recovered from its backup', () => {
    const text = panel({ store: 'history', file: HISTORY, message: 'The last good version was restored from its backup.', keptAs: `${HISTORY}.damaged`, recoveredFrom: 'backup' });
    expect(text).toBe(
      `A server's version history was recovered from the backup${HISTORY}: The last good version was restored from its backup. The damaged file was kept as ${HISTORY}.damaged. Versions seen after that backup was written are missing from it. Your approvals are not affected.`,
    );
  });

  it('approvals.json that could not be recovered keeps its own words', () => {
    const text = panel({ store: 'approvals', file: APPROVALS, message: 'No usable backup exists.', recoveredFrom: 'default' });
    expect(text).toBe(`Your approvals could not be recovered${APPROVALS}: No usable backup exists. No backup could be read, so no decisions are loaded. Review the skills you rely on again.`);
  });

  it('approvals.json recovered from its backup keeps its own words', () => {
    const text = panel({ store: 'approvals', file: APPROVALS, message: 'Restored.', recoveredFrom: 'backup' });
    expect(text).toBe(`Your approvals were recovered from the backup${APPROVALS}: Restored. Decisions made after that backup was written are missing: check the skills you approved most recently.`);
  });
});
