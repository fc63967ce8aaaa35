// Team approvals name what a server and a team folder chose: a skill's name
// and URI, the server's label, a receipt's message (the reviewer's name it
// quotes, its file), the folder's file names and why each was unreadable. An
// invisible, bidi or control character in any of them is drawn as a mark.
// A receipt file left unread because the folder's byte budget was reached is
// not called "not a receipt": it was never read. A receipt edited after
// signing beside a valid one, or naming a skill no server serves, is listed
// as no approval, naming its file.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TeamCheckResult, TeamSkillVerdict } from '../../../../shared/api-team.js';
import { staticMarkup, shownOnScreen as shown } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; this view only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { AdoptQuestion, AdoptedNotice, SharedNotice, TeamVerdicts } = await import('./TeamSection.js');

const RLO = '\u202E';

const verdict: TeamSkillVerdict = {
  serverId: 's1',
  serverLabel: `lab${RLO}el`,
  skillUri: `skill://pdf${RLO}/SKILL.md`,
  name: `pdf${RLO}x`,
  status: 'approved',
  message: `approved by Ali${RLO}ce (SHA256:x) on 2026-05-01`,
  local: null,
  canAdopt: true,
};

describe('team approvals draw a server’s and a team folder’s words with marks', () => {
  it('each skill’s name, its server’s label and the receipt’s message; the servers not listed; the unreadable files', () => {
    const result: TeamCheckResult = {
      folder: `/t/${RLO}.skills`,
      skills: [verdict, { ...verdict, skillUri: `skill://n${RLO}/SKILL.md`, name: '', status: 'unapproved', message: 'unapproved: no receipt names this skill', canAdopt: false }],
      unreadable: [{ file: `/t/.skills/approvals/a${RLO}b.json`, problem: `it is not JSON (${RLO}x)` }],
      notListed: [`other${RLO}`],
      rejected: [
        { file: `/t/.skills/approvals/e${RLO}.json`, serverId: 's1', serverLabel: `lab${RLO}el`, skillUri: `skill://pdf${RLO}/SKILL.md`, message: `invalid signature: /t/.skills/approvals/e${RLO}.json does not verify` },
        { file: `/t/.skills/approvals/r${RLO}.json`, serverId: 's1', serverLabel: `lab${RLO}el`, skillUri: `skill://gone${RLO}/SKILL.md`, message: `invalid signature: /t/.skills/approvals/r${RLO}.json does not verify`, unserved: true },
      ],
    };
    expect(shown(createElement(TeamVerdicts, { result, onAdopt: () => {} }))).toBe(
      '/t/⟦RLO⟧.skills: 1 of 2 served skill(s) approved by the team. Not listed yet: other⟦RLO⟧.' +
        'approvedpdf⟦RLO⟧x (lab⟦RLO⟧el): approved by Ali⟦RLO⟧ce (SHA256:x) on 2026-05-01Adopt' +
        'unapprovedskill://n⟦RLO⟧/SKILL.md (lab⟦RLO⟧el): unapproved: no receipt names this skill' +
        '/t/.skills/approvals/e⟦RLO⟧.json: not an approval: invalid signature: /t/.skills/approvals/e⟦RLO⟧.json does not verify (a receipt for skill://pdf⟦RLO⟧/SKILL.md on lab⟦RLO⟧el, which another receipt approves)' +
        '/t/.skills/approvals/r⟦RLO⟧.json: not an approval: invalid signature: /t/.skills/approvals/r⟦RLO⟧.json does not verify (a receipt for skill://gone⟦RLO⟧/SKILL.md, which no connected server serves)' +
        '/t/.skills/approvals/a⟦RLO⟧b.json: not a receipt: it is not JSON (⟦RLO⟧x)',
    );
  });

  it('the adopt question, the adopted notice and what Share approvals skipped', () => {
    expect(shown(createElement(AdoptQuestion, { verdict }))).toBe('pdf⟦RLO⟧x on lab⟦RLO⟧el: approved by Ali⟦RLO⟧ce (SHA256:x) on 2026-05-01.');
    expect(shown(createElement(AdoptedNotice, { record: { skillName: `pdf${RLO}x`, skillUri: 'skill://pdf/SKILL.md', note: `from ${RLO}team` } as never }))).toBe('Approved pdf⟦RLO⟧x: from ⟦RLO⟧team');
    expect(shown(createElement(SharedNotice, { shared: { folder: `/t/${RLO}`, written: [], skipped: [{ skillUri: `skill://d${RLO}/SKILL.md`, reason: 'its content is dynamic' }] } }))).toBe(
      'Wrote 0 receipt(s) into /t/⟦RLO⟧/approvals. skill://d⟦RLO⟧/SKILL.md: its content is dynamic.',
    );
  });
});

describe('receipt files left unread by the folder’s byte budget', () => {
  it('are listed as not read, once with why, never as “not a receipt”', () => {
    const problem = 'not read, so this check is partial: the receipts in /t/.skills/approvals pass the 1048576 bytes read from one folder; reading stopped after 3 file(s) (900000 bytes), and 2 file(s) (600000 bytes) were not read';
    const result: TeamCheckResult = {
      folder: '/t/.skills',
      skills: [],
      unreadable: [
        { file: '/t/.skills/approvals/bad.json', problem: 'it is not JSON' },
        { file: '/t/.skills/approvals/gamma.json', problem, notRead: true },
        { file: '/t/.skills/approvals/zeta.json', problem, notRead: true },
      ],
      notListed: [],
      rejected: [],
    };
    const html = staticMarkup(createElement(TeamVerdicts, { result, onAdopt: () => {} }));
    expect([...html.matchAll(/data-team-unreadable="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]])).toEqual([
      ['not-a-receipt', '/t/.skills/approvals/bad.json: not a receipt: it is not JSON'],
      ['not-read', '2 receipt file(s) not read, so this check is partial: the receipts in /t/.skills/approvals pass the 1048576 bytes read from one folder; reading stopped after 3 file(s) (900000 bytes), and 2 file(s) (600000 bytes) were not read'],
      ['not-read', '/t/.skills/approvals/gamma.json: not read (the folder’s receipt budget was reached)'],
      ['not-read', '/t/.skills/approvals/zeta.json: not read (the folder’s receipt budget was reached)'],
    ]);
  });
});
