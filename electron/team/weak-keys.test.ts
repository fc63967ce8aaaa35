// An Ed25519 public key of small order (the identity point, or one of the
// other seven points of order 2, 4 or 8) has no private key behind it: a
// signature whose R is the identity and whose S is 0 verifies for every
// message with the identity key, and the others are as easily forged. Such a
// line in allowed-signers ("Mallory" with `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAEAAA…`,
// a key that looks like any other in review) lets anyone, not only Mallory,
// sign receipts in her name. The receipt here is forged with no key at all and
// checked by the command (`verify --receipts`, in-process) against a real
// server over stdio and by the app's check.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillFolder, skillMd, tempDir } from '../../test/fixtures/mutable-server/fixture.js';
import { RULESET } from '../../shared/ruleset.js';
import { runCliInProcess as run } from '../cli/run-in-process.unit.js';
import { AllowedSignersError, allowedSignersLine, parseAllowedSigners } from './allowed-signers.js';
import { pae } from './dsse.js';
import { IN_TOTO_PAYLOAD_TYPE, buildStatement, readReceipt, serializeReceipt, type ApprovalInput } from './receipt.js';
import { checkReceipts } from './receipt-check.js';
import { generateSigningKey, verifyBytes } from './signing-key.js';
import { ED25519_KEY_TYPE, ed25519Blob, fingerprintOfPublicKey, parsePublicKey } from './ssh-wire.js';

const LABEL = 'payments';
const SKILL = 'skill://alpha/SKILL.md';
const ALPHA = skillMd('alpha', 'Formats invoices. Use when asked for an invoice.');
const alice = generateSigningKey('alice');

/** The encodings of the points of small order, as libsodium blocks them (the top bit, x's sign, set aside). */
const SMALL_ORDER = [
  '0100000000000000000000000000000000000000000000000000000000000000', // the identity, order 1
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // order 2
  '0000000000000000000000000000000000000000000000000000000000000000', // order 4
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05', // order 8
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', // order 8
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // p, read as 0: order 4
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // p + 1, read as 1: the identity
].flatMap((hex) => {
  const key = Buffer.from(hex, 'hex');
  const signed = Buffer.from(key);
  signed[31] = signed[31]! | 0x80;
  return [key, signed];
});
const IDENTITY = SMALL_ORDER[0]!;
/** R = the identity, S = 0: [S]B = R + [k]A holds for every message when A is the identity. */
const FORGED = Buffer.concat([IDENTITY, Buffer.alloc(32)]);
const malloryLine = `Mallory ${ED25519_KEY_TYPE} ${ed25519Blob(IDENTITY).toString('base64')}`;

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});


/** A receipt for alpha naming the small-order key as its reviewer's, "signed" with no private key. */
function forgedReceipt(files: ApprovalInput['files']): string {
  const input: ApprovalInput = {
    server: LABEL,
    skill: SKILL,
    skillName: 'alpha',
    files,
    reviewerName: 'Mallory',
    approvedAt: '2026-05-01T10:00:00.000Z',
    ruleset: { version: RULESET.version },
    findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 },
    acknowledged: [],
    allowedTools: null,
  };
  const key = { ...alice, publicKey: IDENTITY, fingerprint: fingerprintOfPublicKey(IDENTITY) };
  const body = Buffer.from(JSON.stringify(buildStatement(input, key)), 'utf8');
  expect(verifyBytes(alice.publicKey, pae(IN_TOTO_PAYLOAD_TYPE, body), FORGED)).toBe(false);
  return serializeReceipt({ payloadType: IN_TOTO_PAYLOAD_TYPE, payload: body.toString('base64'), signatures: [{ keyid: key.fingerprint, sig: FORGED.toString('base64') }] });
}

describe('a key of small order', () => {
  it('in allowed-signers is refused, naming the line: verify --receipts does not call a forged receipt approved', { timeout: 60_000 }, async () => {
    const skills = await SkillFolder.create();
    cleanup.push(skills.dir);
    await skills.write('alpha/SKILL.md', ALPHA);
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', [stdio.command, ...(stdio.args ?? [])].map((w) => `'${w}'`).join(' '), '--label', LABEL, '--quiet'];
    const root = await tempDir('weak-keys');
    cleanup.push(root);
    const approvals = path.join(root, '.skills', 'approvals');
    const signers = path.join(root, '.skills', 'allowed-signers');
    await fs.mkdir(approvals, { recursive: true });
    await fs.writeFile(signers, `${allowedSignersLine('Alice', alice.publicKey)}\n${malloryLine}\n`);
    await fs.writeFile(path.join(approvals, 'alpha.json'), forgedReceipt([{ uri: SKILL, digest: `sha256:${createHash('sha256').update(ALPHA).digest('hex')}`, size: Buffer.byteLength(ALPHA) }]));

    const verified = await run(['verify', ...server, '--receipts', approvals]);
    expect(verified.stdout).not.toContain('approved by Mallory');
    expect(verified.code).toBe(2);
    expect(verified.stderr).toContain(
      `The key of "Mallory" (${signers} line 2) is a point of small order, which no private key stands behind: a signature that verifies with it can be made by anyone, for any receipt; use a key made with skill-inspector key new or ssh-keygen -t ed25519.`,
    );
  });

  it('is never a key: every encoding of a point of small order is refused, and no signature verifies with one', () => {
    for (const key of SMALL_ORDER) {
      const what = `The key of "Mallory" (allowed-signers line 1)`;
      expect(() => parsePublicKey(ED25519_KEY_TYPE, ed25519Blob(key).toString('base64'), what)).toThrow(`${what} is a point of small order`);
      expect(() => parseAllowedSigners(`Mallory ${ED25519_KEY_TYPE} ${ed25519Blob(key).toString('base64')}\n`, 'allowed-signers')).toThrow(AllowedSignersError);
      expect(verifyBytes(key, Buffer.from('any receipt'), FORGED)).toBe(false);
    }
    // A real key still signs and verifies.
    expect(() => parsePublicKey(ED25519_KEY_TYPE, ed25519Blob(alice.publicKey).toString('base64'), 'Alice')).not.toThrow();
  });

  it('named by a receipt as its own reviewer key is no signature at all: "invalid signature", not a real one by someone untrusted', () => {
    const files = [{ uri: SKILL, digest: `sha256:${'a'.repeat(64)}`, size: 10 }];
    const read = readReceipt(forgedReceipt(files));
    const signers = parseAllowedSigners(`${allowedSignersLine('Alice', alice.publicKey)}\n`, 'allowed-signers');
    const check = checkReceipts(LABEL, [{ uri: SKILL, name: 'alpha', resources: files }], [{ file: 'alpha.json', read }], signers, new Date('2026-06-01T00:00:00Z'));
    expect(check.skills.map((s) => [s.status, s.message])).toEqual([['invalid', 'invalid signature: alpha.json does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing']]);
  });
});
