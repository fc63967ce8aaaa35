// allowed-signers may be 1 MiB, about 10,000 keys, and a folder holds up to
// 64 MiB of receipts. Each receipt used to be tried against every key of the
// file in turn until one verified: receipts by an unknown key (or by the last
// key listed) cost one Ed25519 verification per key each, so a folder of them
// held the main process or the command for minutes per server label. A
// receipt names its signer (its reviewer's key in the statement, each
// signature's keyid); only those keys are looked up in allowed-signers and
// tried. The verifications are counted here through a spy on verifyBytes.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RULESET } from '../../shared/ruleset.js';
import { parseAllowedSigners } from './allowed-signers.js';
import { readReceipt, serializeReceipt, signReceipt } from './receipt.js';
import { checkReceipts, type LoadedReceipt, type ServedSkill } from './receipt-check.js';
import * as signingKey from './signing-key.js';
import { generateSigningKey, type SigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';

vi.mock('./signing-key.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./signing-key.js')>();
  return { ...original, verifyBytes: vi.fn(original.verifyBytes) };
});
const verifications = vi.mocked(signingKey.verifyBytes);

const KEYS = 100;
const team = Array.from({ length: KEYS }, (_, i) => generateSigningKey(`member${i}`));
const last = team[KEYS - 1]!;
const docsOnly = team[KEYS - 2]!;
const mallory = generateSigningKey('mallory');
const SIGNERS = parseAllowedSigners(team.map((k, i) => `member${i} ${publicKeyLine(k.publicKey)}${k === docsOnly ? ' labels="docs"' : ''}`).join('\n'), 'allowed-signers');
const NOW = new Date('2026-06-01T00:00:00Z');
const digest = `sha256:${'a'.repeat(64)}`;

function skill(i: number): ServedSkill {
  const uri = `skill://s${i}/SKILL.md`;
  return { uri, name: `s${i}`, resources: [{ uri, digest, size: 10 }] };
}

function envelopeFor(s: ServedSkill, key: SigningKey, reviewerName: string) {
  return signReceipt(
    {
      server: 'payments',
      skill: s.uri,
      skillName: s.name,
      files: s.resources === 'dynamic' ? [] : [...s.resources],
      reviewerName,
      approvedAt: '2026-05-01T10:00:00.000Z',
      ruleset: { version: RULESET.version },
      findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 },
      acknowledged: [],
      allowedTools: null,
    },
    key,
  );
}

function loaded(file: string, envelope: ReturnType<typeof envelopeFor>): LoadedReceipt {
  return { file: `approvals/${file}`, read: readReceipt(serializeReceipt(envelope)) };
}

const verdicts = (served: ServedSkill[], receipts: LoadedReceipt[]) => checkReceipts('payments', served, receipts, SIGNERS, NOW).skills.map((s) => s.message);

beforeEach(() => {
  verifications.mockClear();
});

describe('finding who signed a receipt among many allowed signers', () => {
  it('tries the key each receipt names, once, not every key of allowed-signers', () => {
    const N = 10;
    const served = Array.from({ length: 2 * N }, (_, i) => skill(i));
    // Half signed by the last key listed (found last by a walk through the file), half by a key not listed at all.
    const receipts = served.map((s, i) => loaded(`${s.name}.json`, envelopeFor(s, i < N ? last : mallory, i < N ? 'member99' : 'Mallory')));
    expect(verdicts(served, receipts)).toEqual([
      ...Array.from({ length: N }, () => `approved by member99 (${last.fingerprint}) on 2026-05-01`),
      ...served.slice(N).map((s) => `untrusted signer: signed by Mallory (${mallory.fingerprint}), whose key is not in allowed-signers (approvals/${s.name}.json)`),
    ]);
    // One verification a receipt: the trusted key it names, or (named key not trusted) the key it names itself. It was N × 100 + N × 101.
    expect(verifications).toHaveBeenCalledTimes(2 * N);
  });

  it('checks a flood of keyids with their own keys only, and trusts the key that verifies, not the one a keyid names', () => {
    const s = skill(0);
    const signed = envelopeFor(s, mallory, 'Mallory');
    // 16 signatures (as many as are read), each naming a different allowed key by its keyid, none by it.
    const flood = { ...signed, signatures: team.slice(0, 16).map((k) => ({ keyid: k.fingerprint, sig: randomBytes(64).toString('base64') })) };
    expect(verdicts([s], [loaded('flood.json', flood)])).toEqual(['invalid signature: approvals/flood.json does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing']);
    // 16 keyid pairs, then the named reviewer's key (not trusted) against each signature. It was 100 × 16 + 16.
    expect(verifications).toHaveBeenCalledTimes(32);

    // A keyid that names another member changes nothing: the key that verifies speaks, with its own labels.
    const lying = envelopeFor(s, docsOnly, 'member98');
    const relabelled = { ...lying, signatures: lying.signatures.map((g) => ({ ...g, keyid: last.fingerprint })) };
    expect(verdicts([s], [loaded('lying.json', relabelled)])).toEqual([`untrusted signer: member98 (${docsOnly.fingerprint}) may not approve "payments" (allowed-signers line 99 allows "docs") (approvals/lying.json)`]);
    // And a signature without a keyid is found by the reviewer's key the statement names.
    const bare = envelopeFor(s, last, 'member99');
    const unnamed = { ...bare, signatures: bare.signatures.map((g) => ({ sig: g.sig })) };
    expect(verdicts([s], [loaded('bare.json', unnamed)])).toEqual([`approved by member99 (${last.fingerprint}) on 2026-05-01`]);
  });
});
