// `approve --out` writing several receipts when one of them cannot be written:
// the place of the second receipt holds a folder (another tool's, a bad merge).
// The first receipt is written and stays; the error must say which receipts
// were written and which were not. A real server over stdio, a real key made
// by `key new`, a real receipts folder; the command in-process.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillFolder, skillMd, tempDir } from '../../test/fixtures/mutable-server/fixture.js';
import { receiptFileName } from '../team/team-folder.js';
import { runCliInProcess as run } from './run-in-process.unit.js';

const LABEL = 'payments';

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});


describe('approve --out when a receipt cannot be written', () => {
  it('names the receipts written and the ones not written', { timeout: 60_000 }, async () => {
    const skills = await SkillFolder.create();
    cleanup.push(skills.dir);
    await skills.write('alpha/SKILL.md', skillMd('alpha', 'Formats invoices. Use when asked for an invoice.'));
    await skills.write('beta/SKILL.md', skillMd('beta', 'Formats receipts. Use when asked for a receipt.'));
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', [stdio.command, ...(stdio.args ?? [])].map((w) => `'${w}'`).join(' '), '--label', LABEL, '--quiet'];

    const root = await tempDir('approve-partial');
    cleanup.push(root);
    const key = path.join(root, 'alice.key');
    const made = await run(['key', 'new', '--name', 'Alice', '--out', key]);
    expect(made.code, made.stderr).toBe(0);
    const fingerprint = /fingerprint (SHA256:[A-Za-z0-9+/]+)\./.exec(made.stderr)![1]!;
    const approvals = path.join(root, '.skills', 'approvals');
    const alpha = path.join(approvals, receiptFileName(LABEL, 'skill://alpha/SKILL.md', 'alpha', fingerprint));
    const beta = path.join(approvals, receiptFileName(LABEL, 'skill://beta/SKILL.md', 'beta', fingerprint));
    await fs.mkdir(path.join(beta, 'in-the-way'), { recursive: true });

    const result = await run(['approve', ...server, '--key', key, '--out', approvals, '--skill', 'alpha', '--skill', 'beta']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `skill-inspector: 1 of 2 receipt(s) were written before one could not be: Could not save ${path.basename(beta)} because ${beta} is a folder, where the app keeps its file (EISDIR). ` +
        `The previous version on disk is unchanged; move ${beta} away (the app did not put it there), then try again. ` +
        `Written: ${alpha}. Not written: ${beta}. Those written are whole and valid; write the rest again once the cause is fixed.\n`,
    );
    // What was written was said as it landed, and only that.
    expect(result.stdout).toContain(`  receipt: ${alpha}\n`);
    expect(result.stdout).not.toContain(`  receipt: ${beta}`);
    expect((await fs.readdir(approvals)).sort()).toEqual([path.basename(alpha), path.basename(beta)].sort());
    expect((await fs.stat(alpha)).isFile()).toBe(true);
  });
});
