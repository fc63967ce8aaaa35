// Every verdict a served skill can get from the team's receipts, with real
// keys and real signatures: approved, unapproved, stale (naming the file),
// expired, untrusted (unknown key; label not allowed), invalid signature;
// two people's receipts side by side; the furthest-reaching receipt speaks.
import { describe, expect, it } from 'vitest';
import { RULESET } from '../../shared/ruleset.js';
import { parseAllowedSigners } from './allowed-signers.js';
import { readReceipt, serializeReceipt, signReceipt, type ApprovalInput } from './receipt.js';
import { allApproved, checkReceipts, type LoadedReceipt, type ServedSkill } from './receipt-check.js';
import { generateSigningKey, type SigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';

const alice = generateSigningKey('alice');
const bob = generateSigningKey('bob');
const mallory = generateSigningKey('mallory');
const SIGNERS = parseAllowedSigners(`Alice ${publicKeyLine(alice.publicKey)}\nBob ${publicKeyLine(bob.publicKey)} labels="docs"`, 'allowed-signers');
const NOW = new Date('2026-06-01T00:00:00Z');
const d = (c: string) => `sha256:${c.repeat(64)}`;
const ALPHA: ServedSkill = { uri: 'skill://alpha/SKILL.md', name: 'alpha', resources: [{ uri: 'skill://alpha/SKILL.md', digest: d('a'), size: 10 }, { uri: 'skill://alpha/run.sh', digest: d('b'), size: 5 }] };
const BETA: ServedSkill = { uri: 'skill://beta/SKILL.md', name: 'beta', resources: [{ uri: 'skill://beta/SKILL.md', digest: d('c'), size: 3 }] };

function receipt(file: string, skill: ServedSkill, key: SigningKey, reviewerName: string, extra: Partial<ApprovalInput> = {}, label = 'payments'): LoadedReceipt {
  const input: ApprovalInput = {
    server: label,
    skill: skill.uri,
    skillName: skill.name,
    files: skill.resources === 'dynamic' ? [] : [...skill.resources],
    reviewerName,
    approvedAt: '2026-05-01T10:00:00.000Z',
    ruleset: { version: RULESET.version },
    findings: { digest: d('0'), errors: 0, warnings: 0, infos: 0 },
    acknowledged: [],
    allowedTools: null,
    ...extra,
  };
  return { file: `approvals/${file}`, read: readReceipt(serializeReceipt(signReceipt(input, key))) };
}

const check = (served: ServedSkill[], receipts: LoadedReceipt[], label = 'payments') => checkReceipts(label, served, receipts, SIGNERS, NOW);
const lines = (result: ReturnType<typeof check>) => result.skills.map((s) => `${s.uri}: ${s.message}`);

describe('checking receipts against the served skills', () => {
  it('approves the skill whose receipt binds exactly its files, and names the rest unapproved', () => {
    const result = check([ALPHA, BETA], [receipt('alpha.json', ALPHA, alice, 'Alice')]);
    expect(lines(result)).toEqual([`skill://alpha/SKILL.md: approved by Alice (${alice.fingerprint}) on 2026-05-01`, 'skill://beta/SKILL.md: unapproved: no receipt names this skill']);
    expect(allApproved(result)).toBe(false);
    expect(allApproved(check([ALPHA], [receipt('alpha.json', ALPHA, alice, 'Alice')]))).toBe(true);
  });

  it('is stale when a served file changed, naming it', () => {
    const served: ServedSkill = { ...ALPHA, resources: [{ uri: 'skill://alpha/SKILL.md', digest: d('a'), size: 10 }, { uri: 'skill://alpha/run.sh', digest: d('e'), size: 5 }, { uri: 'skill://alpha/new.md', digest: d('f'), size: 1 }] };
    const [skill] = check([served], [receipt('alpha.json', ALPHA, alice, 'Alice')]).skills;
    expect(skill!.status).toBe('stale');
    expect(skill!.message).toBe(`stale: approved by Alice (${alice.fingerprint}) on 2026-05-01 for other files: skill://alpha/run.sh changed; skill://alpha/new.md added (approvals/alpha.json)`);
    expect(skill!.change?.changed).toEqual([{ uri: 'skill://alpha/run.sh', approved: { uri: 'skill://alpha/run.sh', digest: d('b'), size: 5 }, served: { uri: 'skill://alpha/run.sh', digest: d('e'), size: 5 } }]);
  });

  it('is expired past its expiry, and approved until then', () => {
    const r = receipt('alpha.json', ALPHA, alice, 'Alice', { expires: '2026-05-31T00:00:00.000Z' });
    expect(lines(check([ALPHA], [r]))).toEqual([`skill://alpha/SKILL.md: expired: approved by Alice (${alice.fingerprint}) on 2026-05-01, expired on 2026-05-31 (approvals/alpha.json)`]);
    expect(checkReceipts('payments', [ALPHA], [r], SIGNERS, new Date('2026-05-30T00:00:00Z')).skills[0]!.message).toBe(`approved by Alice (${alice.fingerprint}) on 2026-05-01, until 2026-05-31`);
  });

  it('is untrusted when signed by a key not in allowed-signers, or by a signer not allowed for the label', () => {
    expect(lines(check([ALPHA], [receipt('m.json', ALPHA, mallory, 'Alice')]))).toEqual([
      `skill://alpha/SKILL.md: untrusted signer: signed by Alice (${mallory.fingerprint}), whose key is not in allowed-signers (approvals/m.json)`,
    ]);
    expect(lines(check([ALPHA], [receipt('b.json', ALPHA, bob, 'Bob')]))).toEqual([
      `skill://alpha/SKILL.md: untrusted signer: Bob (${bob.fingerprint}) may not approve "payments" (allowed-signers line 2 allows "docs") (approvals/b.json)`,
    ]);
  });

  it('is an invalid signature when one byte of the signed payload changed', () => {
    const r = receipt('alpha.json', ALPHA, alice, 'Alice');
    if (!r.read.ok) throw new Error('not read');
    const body = Buffer.from(r.read.envelope.payload, 'base64');
    const at = body.indexOf(d('b').slice(7));
    body[at] = 'c'.charCodeAt(0);
    const tampered = { file: r.file, read: readReceipt(JSON.stringify({ ...r.read.envelope, payload: body.toString('base64') })) };
    expect(lines(check([ALPHA], [tampered]))).toEqual([
      'skill://alpha/SKILL.md: invalid signature: approvals/alpha.json does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing',
    ]);
  });

  it('holds two people\'s receipts side by side, and lets the one that got furthest speak for a skill', () => {
    const docsBeta = receipt('beta-bob.json', BETA, bob, 'Bob', {}, 'docs');
    const docsAlpha = receipt('alpha-alice.json', ALPHA, alice, 'Alice', {}, 'docs');
    expect(lines(check([ALPHA, BETA], [docsAlpha, docsBeta], 'docs'))).toEqual([
      `skill://alpha/SKILL.md: approved by Alice (${alice.fingerprint}) on 2026-05-01`,
      `skill://beta/SKILL.md: approved by Bob (${bob.fingerprint}) on 2026-05-01`,
    ]);
    // An untrusted and an expired receipt for one skill: the expired one is the nearer miss.
    const expired = receipt('a1.json', ALPHA, alice, 'Alice', { expires: '2026-05-02T00:00:00.000Z' });
    const untrusted = receipt('a2.json', ALPHA, mallory, 'Mallory');
    expect(check([ALPHA], [untrusted, expired]).skills[0]!.status).toBe('expired');
    // Receipts of skills not served are set aside, not counted against the server.
    const result = check([BETA], [receipt('alpha.json', ALPHA, alice, 'Alice'), receipt('beta.json', BETA, alice, 'Alice')]);
    expect(result.unmatched).toEqual([{ file: 'approvals/alpha.json', subject: 'payments skill://alpha/SKILL.md' }]);
    expect(allApproved(result)).toBe(true);
  });

  it('does not approve a dynamic skill, and counts a file that is not a receipt against the folder', () => {
    const dynamic: ServedSkill = { uri: 'skill://live/SKILL.md', name: 'live', resources: 'dynamic' };
    expect(check([dynamic], []).skills[0]).toMatchObject({ status: 'dynamic' });
    const result = check([], [{ file: 'approvals/x.json', read: readReceipt('{') }]);
    expect(result.unreadable).toHaveLength(1);
    expect(allApproved(result)).toBe(false);
  });
});
