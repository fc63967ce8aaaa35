import { describe, expect, it } from 'vitest';
import { RULESET } from '../../shared/ruleset.js';
import { fileSetDigest } from './file-set-digest.js';
import { APPROVAL_PREDICATE_TYPE, IN_TOTO_PAYLOAD_TYPE, STATEMENT_TYPE, readReceipt, serializeReceipt, signReceipt, verifiedStatement, type ApprovalInput } from './receipt.js';
import { generateSigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';

const alice = generateSigningKey('alice');
const mallory = generateSigningKey('mallory');
const files = [{ uri: 'skill://alpha/SKILL.md', digest: `sha256:${'a'.repeat(64)}`, size: 12 }];
const INPUT: ApprovalInput = {
  server: 'payments',
  skill: 'skill://alpha/SKILL.md',
  skillName: 'alpha',
  files,
  reviewerName: 'Alice',
  approvedAt: '2026-05-01T10:00:00.000Z',
  expires: '2026-08-01T00:00:00.000Z',
  ruleset: { version: RULESET.version },
  findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 1, infos: 0 },
  acknowledged: [],
  allowedTools: { requested: ['Bash(git:*)'], granted: true },
  note: 'Read every line.',
};

describe('approval receipts', () => {
  it('are an in-toto Statement v1 in a DSSE envelope, signed by the reviewer\'s key', () => {
    const envelope = signReceipt(INPUT, alice);
    expect(envelope.payloadType).toBe(IN_TOTO_PAYLOAD_TYPE);
    expect(envelope.signatures).toEqual([{ keyid: alice.fingerprint, sig: expect.any(String) as string }]);
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as Record<string, unknown>;
    expect(statement).toEqual({
      _type: STATEMENT_TYPE,
      subject: [{ name: 'payments skill://alpha/SKILL.md', digest: { sha256: fileSetDigest(files) } }],
      predicateType: APPROVAL_PREDICATE_TYPE,
      predicate: {
        server: 'payments',
        skill: 'skill://alpha/SKILL.md',
        skillName: 'alpha',
        files,
        reviewer: { name: 'Alice', keyFingerprint: alice.fingerprint, publicKey: publicKeyLine(alice.publicKey) },
        approvedAt: INPUT.approvedAt,
        expires: INPUT.expires,
        ruleset: { version: RULESET.version },
        findings: INPUT.findings,
        acknowledged: [],
        allowedTools: { requested: ['Bash(git:*)'], granted: true },
        note: 'Read every line.',
      },
    });
  });

  it('round-trip through their file: read, then verified with the signer\'s key', () => {
    const read = readReceipt(serializeReceipt(signReceipt(INPUT, alice)));
    if (!read.ok) throw new Error(read.problem);
    expect(verifiedStatement(read.envelope, alice.publicKey)).toEqual(read.statement);
  });

  it('do not verify with another key, nor after one byte of the payload changed', () => {
    const envelope = signReceipt(INPUT, alice);
    expect(verifiedStatement(envelope, mallory.publicKey)).toBeUndefined();
    const body = Buffer.from(envelope.payload, 'base64');
    const at = body.indexOf('"approvedAt":"2026') + '"approvedAt":"202'.length;
    body[at] = '7'.charCodeAt(0);
    const tampered = { ...envelope, payload: body.toString('base64') };
    // Still a well-formed receipt, claiming a year later; the signature no longer holds.
    const read = readReceipt(JSON.stringify(tampered));
    expect(read.ok && read.statement.predicate.approvedAt).toBe('2027-05-01T10:00:00.000Z');
    expect(verifiedStatement(tampered, alice.publicKey)).toBeUndefined();
  });

  it('say why a file is not a receipt', () => {
    expect(readReceipt('{')).toMatchObject({ ok: false, problem: expect.stringMatching(/^not valid JSON/) as string });
    expect(readReceipt('{"a":1}')).toEqual({ ok: false, problem: 'not a DSSE envelope ({payloadType, payload, signatures})' });
    // A file pushed to the team folder can be anything (a token file named .json): its place is named, none of its text quoted.
    expect(readReceipt('GITHUB_TOKEN=ghp_supersecretvalue\n')).toEqual({ ok: false, problem: 'not valid JSON (InvalidSymbol at line 1, column 1)' });
    expect(readReceipt('{\n  "payloadType": ghp_supersecretvalue\n}')).toEqual({ ok: false, problem: 'not valid JSON (InvalidSymbol at line 2, column 18)' });
    expect(readReceipt('['.repeat(20_000))).toEqual({ ok: false, problem: 'not valid JSON (nested more than 512 levels deep at line 1, column 513)' });
    const other = { payloadType: 'text/plain', payload: '', signatures: [] };
    expect(readReceipt(JSON.stringify(other))).toMatchObject({ ok: false, problem: 'its payloadType is "text/plain", not application/vnd.in-toto+json' });
    const notOurs = { payloadType: IN_TOTO_PAYLOAD_TYPE, payload: Buffer.from(JSON.stringify({ _type: STATEMENT_TYPE, subject: [], predicateType: 'https://slsa.dev/provenance/v1', predicate: {} })).toString('base64'), signatures: [] };
    expect(readReceipt(JSON.stringify(notOurs))).toMatchObject({ ok: false, problem: expect.stringMatching(/^its payload is not a skill approval statement/) as string });
  });
});
