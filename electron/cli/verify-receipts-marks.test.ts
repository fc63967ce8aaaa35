// `verify --receipts` prints words others wrote: the skill URIs (the
// server's), each skill's verdict (it names the reviewer a receipt names),
// the receipt files' names and why they were not read (a JSON parse error
// quotes a file's first bytes), the server's inconsistent answers, and the
// label (a host config's name). Control characters and bidi overrides in them
// are shown as marks, never sent to the terminal, so neither a server nor a
// file pushed to the team folder can write "approved" over its own line.
import { describe, expect, it } from 'vitest';
import { unsafeIn } from '../../test/fixtures/cli/terminal-unsafe.js';
import { receiptsText, type ReceiptsReport } from './receipts-report.js';

const FLAGS = { receiptsDir: '.skills/approvals', trust: '.skills/allowed-signers', asOf: new Date('2026-06-01T00:00:00Z') };

const report: ReceiptsReport = {
  set: { label: 'pay\u001b[2Jments', server: { skills: {} }, problems: ['skills/get answered skill://b\u202Eexe.md for skill://a/SKILL.md\u001b[1A'] },
  served: [],
  check: {
    label: 'pay\u001b[2Jments',
    skills: [
      { uri: 'skill://inv\u202Efdp.exe/SKILL.md', status: 'approved', message: 'approved by Al\u001b]0;x\u0007ice (SHA256:abc) on 2026-05-01' },
      { uri: 'skill://b\r\u001b[2K/SKILL.md', status: 'unapproved', message: 'unapproved: no receipt names this skill' },
    ],
    unreadable: [
      { file: '.skills/approvals/a\u001b[8m.json', problem: 'not valid JSON (Unexpected token \'\u001b\', "\u001b[1A\u001b[2K" is not valid JSON)' },
      { file: '.skills/approvals/z\u009b.json', problem: 'not read, so this check is partial', notRead: true },
    ],
    unmatched: [],
    rejected: [],
  },
  ok: false,
};

describe('verify --receipts text, with control and bidi characters in what the server and the team folder wrote', () => {
  it('shows them as marks', () => {
    const text = receiptsText(report, FLAGS);
    expect(unsafeIn(text)).toEqual([]);
    expect(text).toBe(
      [
        'Team approvals of "pay⟦ESC⟧[2Jments" (receipts .skills/approvals, signers .skills/allowed-signers): 1 of 2 skill(s) approved.',
        'The receipts were read in part: 1 file(s) of .skills/approvals were not read (listed below), so this is not a complete verification.',
        '  skill://inv⟦RLO⟧fdp.exe/SKILL.md: approved by Al⟦ESC⟧]0;x⟦BEL⟧ice (SHA256:abc) on 2026-05-01',
        '  skill://b⟦CR⟧⟦ESC⟧[2K/SKILL.md: unapproved: no receipt names this skill',
        '  .skills/approvals/a⟦ESC⟧[8m.json: not a receipt: not valid JSON (Unexpected token \'⟦ESC⟧\', "⟦ESC⟧[1A⟦ESC⟧[2K" is not valid JSON)',
        '  .skills/approvals/z⟦U+009B⟧.json: not read, so this check is partial',
        'The server\'s answers are not consistent:',
        '  - skills/get answered skill://b⟦RLO⟧exe.md for skill://a/SKILL.md⟦ESC⟧[1A',
        '',
      ].join('\n'),
    );
  });
});
