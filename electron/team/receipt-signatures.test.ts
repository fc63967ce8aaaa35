// Anyone who can push to the team's repository can put a receipt there; its
// envelope may carry any number of signatures. Each is checked against every
// key of allowed-signers over the whole payload: 20,000 signatures over a
// 1 MiB payload (one 4 MiB file) took 3 s per key, so a team of twenty and a
// few such files kept a team check busy for many minutes.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RULESET } from '../../shared/ruleset.js';
import { parseAllowedSigners } from './allowed-signers.js';
import { readReceipt, signReceipt } from './receipt.js';
import { checkReceipts, type ServedSkill } from './receipt-check.js';
import { generateSigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';

const alice = generateSigningKey('alice');
const mallory = generateSigningKey('mallory');
const SIGNERS = parseAllowedSigners(`Alice ${publicKeyLine(alice.publicKey)}`, 'allowed-signers');
const ALPHA: ServedSkill = { uri: 'skill://alpha/SKILL.md', name: 'alpha', resources: [{ uri: 'skill://alpha/SKILL.md', digest: `sha256:${'a'.repeat(64)}`, size: 10 }] };

describe('a receipt with a flood of signatures', () => {
  it('is refused as unreadable at once, naming the count, without checking each', () => {
    const envelope = signReceipt(
      {
        server: 'payments',
        skill: ALPHA.uri,
        skillName: 'alpha',
        files: ALPHA.resources === 'dynamic' ? [] : [...ALPHA.resources],
        reviewerName: 'Mallory',
        approvedAt: '2026-05-01T10:00:00.000Z',
        ruleset: { version: RULESET.version },
        findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 },
        acknowledged: [],
        allowedTools: null,
        note: 'x'.repeat(1200 * 1024),
      },
      mallory,
    );
    const flood = { ...envelope, signatures: Array.from({ length: 20_000 }, () => ({ sig: randomBytes(64).toString('base64') })) };
    const text = JSON.stringify(flood);
    expect(text.length).toBeLessThan(4 * 1024 * 1024);
    const read = readReceipt(text);
    const check = checkReceipts('payments', [ALPHA], [{ file: 'approvals/alpha.json', read }], SIGNERS, new Date('2026-06-01T00:00:00Z'));
    expect(check.unreadable).toEqual([{ file: 'approvals/alpha.json', problem: 'it carries 20000 signatures; a receipt is signed by its reviewer, and at most 16 are checked' }]);
    expect(check.skills[0]?.status).toBe('unapproved');
  }, 120_000);
});
