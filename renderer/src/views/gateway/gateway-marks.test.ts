// The gateway view names what hosts and servers chose: a withdrawn skill's
// name and its server's label, what a connecting host says it is (clientInfo
// name and version, anyone can send them), each skill served and file read,
// and each approved skill held back with the reason (which quotes its name). An invisible, bidi or control character in any of them is drawn as a
// mark, never bare.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GatewayHost } from '../../../../shared/gateway-model.js';
import { shownOnScreen as shown } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; this view only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { ServedHost, WithheldSkills, Withdrawals } = await import('./GatewayDialog.js');

const RLO = '\u202E';

describe('the gateway view draws hosts’ and servers’ words with marks', () => {
  it('a withdrawn skill: its name and its server’s label', () => {
    const text = shown(createElement(Withdrawals, { withdrawals: [{ name: `pdf${RLO}tools`, label: `work\u200Bserver`, uri: 'skill://pdf/SKILL.md', at: '2026-01-01T00:00:00.000Z' }] }));
    expect(text).toBe('Withdrawn because they changed upstreampdf⟦RLO⟧tools (work⟦ZWSP⟧server) — approve it again to serve it.');
  });

  it('a connected host: its name and version, each skill served (name, label) and each file read', () => {
    const host: GatewayHost = {
      id: 'h1',
      name: `claude${RLO}edoc`,
      version: `1.0\n2`,
      firstSeen: '2026-01-01T00:00:00.000Z',
      lastSeen: '2026-01-01T00:00:00.000Z',
      listings: 2,
      skills: [{ uri: `skill://pdf${RLO}/SKILL.md`, name: `pdf${RLO}x`, label: `lab${RLO}el`, reads: [{ uri: `skill://pdf${RLO}/scripts/a${RLO}b.py`, count: 3, lastAt: '2026-01-01T00:00:00.000Z' }] }],
    };
    const text = shown(createElement(ServedHost, { host }));
    expect(text).toMatch(/^claude⟦RLO⟧edoc 1\.0⟦LF⟧2 listed 2×/);
    expect(text).toContain('pdf⟦RLO⟧x (lab⟦RLO⟧el)');
    expect(text).toContain('scripts/a⟦RLO⟧b.py ×3');
  });

  it('an approved skill held back: its URI, its server’s label and the reason, with how many more there are', () => {
    const text = shown(
      createElement(WithheldSkills, {
        withheld: {
          count: 3,
          first: [
            { label: `work${RLO}server`, uri: `skill://pdf${RLO}/SKILL.md`, why: `hosts would drop it from skills/list: its name "Pdf${RLO}x" is not 1-64 lowercase letters, digits and single hyphens.` },
            { label: 'Notes', uri: 'skill://notes\n/SKILL.md', why: 'its approved SKILL.md is not in the snapshot store.' },
          ],
        },
      }),
    );
    expect(text).toBe(
      'Approved but not served (3)' +
        'skill://pdf⟦RLO⟧/SKILL.md (work⟦RLO⟧server): hosts would drop it from skills/list: its name "Pdf⟦RLO⟧x" is not 1-64 lowercase letters, digits and single hyphens.' +
        'skill://notes⟦LF⟧/SKILL.md (Notes): its approved SKILL.md is not in the snapshot store.' +
        '…and 1 more, not shown here.',
    );
  });
});
