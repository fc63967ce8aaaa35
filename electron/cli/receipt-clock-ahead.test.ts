// `verify --receipts` with a receipt its reviewer signed a moment ago on a
// machine whose clock runs a minute ahead of this one: judged as of this
// machine's clock, the receipt must count (clocks disagree by seconds or
// minutes; a receipt shared at once must not read as "made in the future");
// judged as of a time given with --as-of, it must not. A real server over
// stdio, a real team folder, a receipt signed with a real key.
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
const NOTES = skillMd('notes', 'Formats notes. Use when writing notes.', [], '# Notes\n\nUse short lines.\n');
const alice = generateSigningKey('alice');

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

interface VerifyJson {
  readonly approved: boolean;
  readonly skills: { uri: string; status: string; message: string }[];
}

describe('verify --receipts with a receipt dated a minute ahead of this machine', () => {
  it('counts it as of now, and not as of a time given', { timeout: 60_000 }, async () => {
    const skills = await SkillFolder.create();
    cleanup.push(skills.dir);
    await skills.write('notes/SKILL.md', NOTES);
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', [stdio.command, ...(stdio.args ?? [])].map((w) => `'${w}'`).join(' '), '--label', LABEL, '--quiet'];

    const root = await tempDir('receipt-clock-ahead');
    cleanup.push(root);
    const approvals = path.join(root, '.skills', 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    await fs.writeFile(path.join(root, '.skills', 'allowed-signers'), `${allowedSignersLine('Alice', alice.publicKey)}\n`);
    const approvedAt = new Date(Date.now() + 60_000).toISOString();
    const envelope = signReceipt(
      {
        server: LABEL,
        skill: SKILL,
        skillName: 'notes',
        files: [{ uri: SKILL, digest: `sha256:${createHash('sha256').update(NOTES).digest('hex')}`, size: Buffer.byteLength(NOTES) }],
        reviewerName: 'Alice',
        approvedAt,
        ruleset: { version: RULESET.version },
        findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 },
        acknowledged: [],
        allowedTools: null,
      },
      alice,
    );
    await fs.writeFile(path.join(approvals, 'notes.json'), serializeReceipt(envelope));

    const now = await run(['verify', ...server, '--receipts', approvals, '--json']);
    expect(now.code, now.stderr).toBe(0);
    const judgedNow = JSON.parse(now.stdout) as VerifyJson;
    expect([judgedNow.approved, judgedNow.skills.map((s) => [s.uri, s.status])]).toEqual([true, [[SKILL, 'approved']]]);

    const asOf = new Date(Date.parse(approvedAt) - 30_000).toISOString();
    const given = await run(['verify', ...server, '--receipts', approvals, '--as-of', asOf, '--json']);
    expect(given.code).toBe(1);
    const judgedThen = JSON.parse(given.stdout) as VerifyJson;
    expect(judgedThen.skills.map((s) => [s.uri, s.status])).toEqual([[SKILL, 'invalid']]);
    expect(judgedThen.skills[0]!.message).toContain(`as approved at ${approvedAt}, after the time it is judged as of (${asOf})`);
  });
});
