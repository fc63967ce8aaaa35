// A receipt cannot approve before it was made. Judged as of a time earlier
// than its approvedAt (`--as-of` before the review, or a receipt dated ahead
// of the machine's clock), it is no approval, none of its suppressions is
// granted, and the verdict says why, naming the file. Real keys, real signatures.
import { describe, expect, it } from 'vitest';
import { RULESET } from '../../shared/ruleset.js';
import { parseAllowedSigners } from './allowed-signers.js';
import { readReceipt, serializeReceipt, signReceipt, type ApprovalInput } from './receipt.js';
import { CLOCK_LEEWAY_MS, allApproved, checkReceipts, type LoadedReceipt, type ServedSkill } from './receipt-check.js';
import { generateSigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';

const alice = generateSigningKey('alice');
const SIGNERS = parseAllowedSigners(`Alice ${publicKeyLine(alice.publicKey)}`, 'allowed-signers');
const d = (c: string) => `sha256:${c.repeat(64)}`;
const ALPHA: ServedSkill = { uri: 'skill://alpha/SKILL.md', name: 'alpha', resources: [{ uri: 'skill://alpha/SKILL.md', digest: d('a'), size: 10 }] };

function receipt(file: string, approvedAt: string, extra: Partial<ApprovalInput> = {}): LoadedReceipt {
  const input: ApprovalInput = {
    server: 'payments',
    skill: ALPHA.uri,
    skillName: 'alpha',
    files: ALPHA.resources === 'dynamic' ? [] : [...ALPHA.resources],
    reviewerName: 'Alice',
    approvedAt,
    ruleset: { version: RULESET.version },
    findings: { digest: d('0'), errors: 0, warnings: 0, infos: 0 },
    acknowledged: [],
    allowedTools: null,
    ...extra,
  };
  return { file: `approvals/${file}`, read: readReceipt(serializeReceipt(signReceipt(input, alice))) };
}

describe('a receipt judged as of a time before it was made', () => {
  it('does not approve when --as-of is earlier than its approvedAt, and says why, naming the file', () => {
    const result = checkReceipts('payments', [ALPHA], [receipt('alpha.json', '2026-05-01T10:00:00.000Z')], SIGNERS, new Date('2026-04-01T00:00:00Z'));
    expect(result.skills).toEqual([
      {
        uri: ALPHA.uri,
        receipt: 'approvals/alpha.json',
        reviewer: { name: 'Alice', fingerprint: alice.fingerprint },
        approvedAt: '2026-05-01T10:00:00.000Z',
        status: 'invalid',
        message: `invalid receipt: approvals/alpha.json is signed by Alice (${alice.fingerprint}) as approved at 2026-05-01T10:00:00.000Z, after the time it is judged as of (2026-04-01T00:00:00.000Z); a receipt cannot approve before it was made`,
      },
    ]);
    expect(allApproved(result)).toBe(false);
  });

  it('judged as of a time given (--as-of), does not approve a receipt dated later, even by a second; the moment it was made it does', () => {
    const made = '2026-06-01T00:00:01.000Z';
    const early = checkReceipts('payments', [ALPHA], [receipt('alpha.json', made)], SIGNERS, new Date('2026-06-01T00:00:00Z'));
    expect(early.skills[0]!.status).toBe('invalid');
    expect(allApproved(early)).toBe(false);
    const then = checkReceipts('payments', [ALPHA], [receipt('alpha.json', made)], SIGNERS, new Date(made));
    expect(then.skills[0]!.message).toBe(`approved by Alice (${alice.fingerprint}) on 2026-06-01`);
  });

  it('reads a zone offset as the instant it names: 2026-05-01T08:00:00+02:00 is made at 06:00 UTC', () => {
    const r = receipt('alpha.json', '2026-05-01T08:00:00+02:00');
    expect(checkReceipts('payments', [ALPHA], [r], SIGNERS, new Date('2026-05-01T07:00:00Z')).skills[0]!.status).toBe('approved');
    expect(checkReceipts('payments', [ALPHA], [r], SIGNERS, new Date('2026-05-01T05:59:59Z')).skills[0]!.status).toBe('invalid');
  });

  it('lets an earlier receipt speak: a later, future-dated one does not outrank it', () => {
    const past = receipt('alpha-old.json', '2026-05-01T10:00:00.000Z');
    const future = receipt('alpha-new.json', '2026-09-01T10:00:00.000Z');
    const result = checkReceipts('payments', [ALPHA], [future, past], SIGNERS, new Date('2026-06-01T00:00:00Z'));
    expect(result.skills[0]).toMatchObject({ status: 'approved', receipt: 'approvals/alpha-old.json', approvedAt: '2026-05-01T10:00:00.000Z' });
  });

  it('grants none of its suppressions', () => {
    const suppression = { fingerprint: d('9'), id: 'risk-fetch-and-run', title: 'Downloads code and runs it', fileUri: ALPHA.uri, fileDigest: d('a'), reason: 'Reviewed', owner: 'platform', expires: '2026-12-01T00:00:00.000Z' };
    const r = receipt('alpha.json', '2026-09-01T10:00:00.000Z', { suppressions: [suppression] });
    const [skill] = checkReceipts('payments', [ALPHA], [r], SIGNERS, new Date('2026-06-01T00:00:00Z')).skills;
    expect(skill!.suppressions).toBeUndefined();
  });

  it('judged as of this machine\'s clock, approves a receipt dated up to five minutes ahead (the reviewer\'s clock runs ahead), and not beyond', () => {
    expect(CLOCK_LEEWAY_MS).toBe(5 * 60_000);
    const now = new Date('2026-06-01T00:00:00Z');
    const ahead = checkReceipts('payments', [ALPHA], [receipt('alpha.json', '2026-06-01T00:04:59.000Z')], SIGNERS, now, CLOCK_LEEWAY_MS);
    expect(ahead.skills[0]).toMatchObject({ status: 'approved', approvedAt: '2026-06-01T00:04:59.000Z' });
    const farAhead = checkReceipts('payments', [ALPHA], [receipt('alpha.json', '2026-06-01T00:05:01.000Z')], SIGNERS, now, CLOCK_LEEWAY_MS);
    expect(farAhead.skills[0]).toMatchObject({ status: 'invalid' });
    expect(farAhead.skills[0]!.message).toContain('after the time it is judged as of (2026-06-01T00:00:00.000Z)');
  });
});
