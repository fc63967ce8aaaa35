// `verify --receipts --sarif` of a server whose answers cannot be trusted as a
// whole: its listing stopped at --max-list-entries, so skills it serves past
// the limit were never judged. The text lists the problem and the command
// exits 1, but the SARIF log had no result for it: with every skill listed
// approved it held no result at all, and code scanning showed the server as
// clean. Each problem is now a result of its own rule. A real server over
// stdio (two skills, each with a receipt signed by a real key), one listed.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillFolder, skillMd, tempDir } from '../../test/fixtures/mutable-server/fixture.js';
import { loadSarifValidator } from '../../test/fixtures/sarif/validator.js';
import { RULESET } from '../../shared/ruleset.js';
import { allowedSignersLine } from '../team/allowed-signers.js';
import { serializeReceipt, signReceipt } from '../team/receipt.js';
import { generateSigningKey } from '../team/signing-key.js';
import { runCliInProcess as run } from './run-in-process.unit.js';

const LABEL = 'payments';
const alice = generateSigningKey('alice');

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

interface Result {
  readonly ruleId: string;
  readonly ruleIndex: number;
  readonly level: string;
  readonly message: { text: string };
}
interface Log {
  readonly runs: { tool: { driver: { rules: { id: string }[] } }; results: Result[] }[];
}

describe('verify --receipts --sarif of a listing that stopped at a limit', () => {
  it('has a result saying the listing is not the whole catalog, as the text says; the skill listed is approved', { timeout: 60_000 }, async () => {
    const skills = await SkillFolder.create();
    cleanup.push(skills.dir);
    const root = await tempDir('receipts-sarif-problems');
    cleanup.push(root);
    const approvals = path.join(root, '.skills', 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    await fs.writeFile(path.join(root, '.skills', 'allowed-signers'), `${allowedSignersLine('Alice', alice.publicKey)}\n`);
    for (const name of ['alpha', 'beta']) {
      const text = skillMd(name, `Formats ${name} notes. Use when writing them.`);
      await skills.write(`${name}/SKILL.md`, text);
      const uri = `skill://${name}/SKILL.md`;
      const envelope = signReceipt(
        {
          server: LABEL,
          skill: uri,
          skillName: name,
          files: [{ uri, digest: `sha256:${createHash('sha256').update(text).digest('hex')}`, size: Buffer.byteLength(text) }],
          reviewerName: 'Alice',
          approvedAt: '2026-05-01T10:00:00.000Z',
          ruleset: { version: RULESET.version },
          findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 },
          acknowledged: [],
          allowedTools: null,
        },
        alice,
      );
      await fs.writeFile(path.join(approvals, `${name}.json`), serializeReceipt(envelope));
    }
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', [stdio.command, ...(stdio.args ?? [])].map((w) => `'${w}'`).join(' '), '--label', LABEL, '--quiet', '--max-list-entries', '1'];

    const text = await run(['verify', ...server, '--receipts', approvals]);
    expect(text.code, text.stderr).toBe(1);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Team approvals of "${LABEL}" (receipts ${approvals}, signers ${path.join(root, '.skills', 'allowed-signers')}): 1 of 1 skill(s) approved.`);
    const at = lines.indexOf("The server's answers are not consistent:");
    expect(at).toBe(lines.length - 2);
    // beta's receipt names a skill past the limit: not one the server does not serve, as the line said.
    expect(lines[at - 1]).toBe(`1 receipt(s) name skills "${LABEL}" did not list: another server's, a removed skill's, or one its listing left out (below); they were not used.`);
    const problem = lines[at + 1]!.replace(/^ {2}- /, '');
    expect(problem).toBe("Listing stopped at a safety limit: Stopped at the entry limit (1); the skills listed so far are shown. Raise --max-list-entries to see more.");

    const sarif = await run(['verify', ...server, '--receipts', approvals, '--sarif']);
    expect(sarif.code, sarif.stderr).toBe(1);
    const log = JSON.parse(sarif.stdout) as Log;
    const validate = await loadSarifValidator();
    expect(validate(log) ? [] : validate.errors, 'the SARIF log against the 2.1.0 schema').toEqual([]);
    const [only] = log.runs;
    expect(only!.results.map((r) => [r.ruleId, only!.tool.driver.rules[r.ruleIndex]?.id, r.level, r.message.text])).toEqual([
      ['receipt-inconsistent', 'receipt-inconsistent', 'error', `The answers of "${LABEL}" are not consistent, so the skills judged may not be all it serves: ${problem}`],
    ]);
  });
});
