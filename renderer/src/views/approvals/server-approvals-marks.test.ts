// A server's approvals page names the server's words outside its tables'
// marked names: the URI drawn beside each enabled skill, and — when the
// approvals store was damaged — the file and why it could not be read (a
// JSON parse error quotes the file's text, and the store holds the servers'
// skill URIs and names) and where the damaged copy was kept. An invisible,
// bidi or control character in them is drawn as a mark.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalRecord, ApprovalStoreStatus } from '../../../../shared/approvals-model.js';
import { shownOnScreen as shown } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { EnabledSkills } = await import('./ServerApprovals.js');
const { StoreProblems } = await import('./StoreHealth.js');

const RLO = '\u202E';

describe('a server’s approvals page', () => {
  it('each enabled skill’s name and the URI beside it', () => {
    const record = { serverId: 's1', skillUri: `skill://pdf${RLO}/SKILL.md`, skillName: `pdf${RLO}x`, decision: 'approved', enabled: true, decidedAt: '2026-01-01T00:00:00.000Z' } as unknown as ApprovalRecord;
    const text = shown(createElement(EnabledSkills, { serverId: 's1', enabled: [record] }));
    expect(text).toContain('pdf⟦RLO⟧x');
    expect(text).toContain('skill://pdf⟦RLO⟧/SKILL.md');
  });

  it('a damaged store: the file, why it could not be read and where the damaged copy was kept', () => {
    const status: ApprovalStoreStatus = {
      problems: [{ store: 'approvals', file: `/home/u/appr${RLO}ovals.json`, message: `Unexpected token '${RLO}', "{"skill://a${RLO}"... is not valid JSON`, keptAs: `/home/u/appr${RLO}ovals.json.damaged`, recoveredFrom: 'backup' }],
      auditUnreadableLines: [],
    };
    const text = shown(createElement(StoreProblems, { status }));
    expect(text).toContain(`/home/u/appr⟦RLO⟧ovals.json: Unexpected token '⟦RLO⟧', "{"skill://a⟦RLO⟧"... is not valid JSON`);
    expect(text).toContain('The damaged file was kept as /home/u/appr⟦RLO⟧ovals.json.damaged.');
  });
});
