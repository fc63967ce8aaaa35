// A receipt changed after signing, beside a valid receipt for the same skill:
// the valid one speaks for the skill, but the changed one was dropped without
// a word, though a file that is not a receipt at all fails the run. Someone
// edited a signed approval in the team's repository: verify --receipts now
// names it (invalid signature, its file) in the text, JSON and SARIF, and
// fails. A real server over stdio, a real team folder, real keys.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillFolder, skillMd, tempDir } from '../../test/fixtures/mutable-server/fixture.js';
import { RULESET } from '../../shared/ruleset.js';
import { allowedSignersLine } from '../team/allowed-signers.js';
import { serializeReceipt, signReceipt } from '../team/receipt.js';
import { generateSigningKey } from '../team/signing-key.js';
import { runCliInProcess as run } from './run-in-process.unit.js';

const LABEL = 'payments';
const SKILL = 'skill://notes/SKILL.md';
const NOTES = skillMd('notes', 'Formats notes. Use when writing notes.');
const alice = generateSigningKey('alice');

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('verify --receipts with a receipt changed after signing beside a valid one', () => {
  it('names the changed one and fails; the skill itself is approved by the valid one', { timeout: 60_000 }, async () => {
    const skills = await SkillFolder.create();
    cleanup.push(skills.dir);
    await skills.write('notes/SKILL.md', NOTES);
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', [stdio.command, ...(stdio.args ?? [])].map((w) => `'${w}'`).join(' '), '--label', LABEL, '--quiet'];

    const root = await tempDir('receipt-tampered-beside');
    cleanup.push(root);
    const approvals = path.join(root, '.skills', 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    await fs.writeFile(path.join(root, '.skills', 'allowed-signers'), `${allowedSignersLine('Alice', alice.publicKey)}\n`);
    const envelope = signReceipt(
      {
        server: LABEL,
        skill: SKILL,
        skillName: 'notes',
        files: [{ uri: SKILL, digest: `sha256:${createHash('sha256').update(NOTES).digest('hex')}`, size: Buffer.byteLength(NOTES) }],
        reviewerName: 'Alice',
        approvedAt: '2026-05-01T10:00:00.000Z',
        ruleset: { version: RULESET.version },
        findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 },
        acknowledged: [],
        allowedTools: { requested: ['Bash(git:*)'], granted: false },
      },
      alice,
    );
    await fs.writeFile(path.join(approvals, 'notes.json'), serializeReceipt(envelope));
    // The same receipt with allowed-tools granted in its statement, the signature left as it was.
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as { predicate: { allowedTools: { granted: boolean } } };
    statement.predicate.allowedTools.granted = true;
    const changed = path.join(approvals, 'notes-granted.json');
    await fs.writeFile(changed, serializeReceipt({ ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString('base64') }));

    const text = await run(['verify', ...server, '--receipts', approvals]);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout.trimEnd().split('\n').slice(1)).toEqual([
      `  ${SKILL}: approved by Alice (${alice.fingerprint}) on 2026-05-01`,
      `  ${changed}: invalid signature: ${changed} does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing (a receipt for ${SKILL}, which another receipt approves)`,
    ]);

    const json = await run(['verify', ...server, '--receipts', approvals, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { approved: boolean; skills: { status: string }[]; rejected: unknown };
    expect([report.approved, report.skills.map((s) => s.status), report.rejected]).toEqual([
      false,
      ['approved'],
      [{ file: changed, skillUri: SKILL, status: 'invalid', message: `invalid signature: ${changed} does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing` }],
    ]);

    const sarif = await run(['verify', ...server, '--receipts', approvals, '--sarif']);
    expect(sarif.code).toBe(1);
    const log = JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string; message: { text: string } }[] }[] };
    expect(log.runs[0]!.results.map((r) => [r.ruleId, r.message.text])).toEqual([
      ['receipt-invalid', `${SKILL}: invalid signature: ${changed} does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing`],
    ]);
  });
});
