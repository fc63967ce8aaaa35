// `check --receipts` with team receipts edited after signing, committed in the
// team's git repository: one beside a valid receipt for the same skill, one
// the only receipt of its skill. Their suppressions were (rightly) not applied,
// but the report said nothing of them: an edited approval in the repository
// went unseen. Now the text names each (its file, its skill, why: the
// signature no longer covers it), the JSON lists them (`invalidReceipts`) and
// SARIF has a receipt-invalid warning for each. One edited to name another
// skill, which the server does not serve, was "unmatched" (verify counted it,
// check said nothing): it is tampering whatever it names, said the same way.
// The real built command, a real stdio server, a real git repository.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RULESET } from '../../shared/ruleset.js';
import { allowedSignersLine } from '../../electron/team/allowed-signers.js';
import { serializeReceipt, signReceipt } from '../../electron/team/receipt.js';
import { generateSigningKey } from '../../electron/team/signing-key.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const LABEL = 'payments';
const alice = generateSigningKey('alice');
const SKILLS = { notes: skillMd('notes', 'Formats notes. Use when writing notes.'), todo: skillMd('todo', 'Keeps a to-do list. Use when asked for one.') };

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

function receipt(name: keyof typeof SKILLS): string {
  const uri = `skill://${name}/SKILL.md`;
  const text = SKILLS[name];
  return serializeReceipt(
    signReceipt(
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
        allowedTools: { requested: ['Bash(git:*)'], granted: false },
      },
      alice,
    ),
  );
}

/** The receipt with allowed-tools granted in its statement and the signature kept: an edit after signing. */
function edited(text: string): string {
  const envelope = JSON.parse(text) as { payload: string };
  const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as { predicate: { allowedTools: { granted: boolean } } };
  statement.predicate.allowedTools.granted = true;
  return `${JSON.stringify({ ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString('base64') }, null, 2)}\n`;
}

/** The receipt edited to name another skill (its subject and its predicate), the signature kept. */
function renamed(text: string, uri: string): string {
  const envelope = JSON.parse(text) as { payload: string };
  const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as { subject: { name: string }[]; predicate: { skill: string } };
  statement.subject[0]!.name = `${LABEL} ${uri}`;
  statement.predicate.skill = uri;
  return `${JSON.stringify({ ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString('base64') }, null, 2)}\n`;
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd, stdio: 'ignore' });
}

describe('check --receipts with receipts edited after signing', () => {
  it('names each edited receipt, its skill and why, in the text and the JSON', { timeout: 120_000 }, async () => {
    const skills = await SkillFolder.create();
    cleanup.push(skills.dir);
    for (const [name, text] of Object.entries(SKILLS)) await skills.write(`${name}/SKILL.md`, text);
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', commandLine(stdio.command, ...(stdio.args ?? [])), '--label', LABEL, '--quiet'];

    const repo = await tempDir('check-receipts-edited');
    cleanup.push(repo);
    const approvals = path.join(repo, '.skills', 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    await fs.writeFile(path.join(repo, '.skills', 'allowed-signers'), `${allowedSignersLine('Alice', alice.publicKey)}\n`);
    await fs.writeFile(path.join(approvals, 'notes.json'), receipt('notes'));
    await fs.writeFile(path.join(approvals, 'notes-granted.json'), receipt('notes'));
    await fs.writeFile(path.join(approvals, 'todo.json'), receipt('todo'));
    await fs.writeFile(path.join(approvals, 'notes-renamed.json'), receipt('notes'));
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'approvals');
    const granted = path.join(approvals, 'notes-granted.json');
    const todo = path.join(approvals, 'todo.json');
    await fs.writeFile(granted, edited(await fs.readFile(granted, 'utf8')));
    await fs.writeFile(todo, edited(await fs.readFile(todo, 'utf8')));
    const renamedFile = path.join(approvals, 'notes-renamed.json');
    await fs.writeFile(renamedFile, renamed(await fs.readFile(renamedFile, 'utf8'), 'skill://deploy/SKILL.md'));
    git(repo, 'commit', '-q', '-am', 'grant allowed-tools');

    const why = (file: string) => `invalid signature: ${file} does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing`;
    const text = await runCli(['check', ...server, '--receipts', approvals]);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout.slice(text.stdout.indexOf('3 team receipt(s)'))).toBe(
      '3 team receipt(s) are not valid approvals, so nothing in them was applied:\n' +
        `  ${granted}: ${why(granted)} (a receipt for skill://notes/SKILL.md)\n` +
        `  ${renamedFile}: ${why(renamedFile)} (a receipt for skill://deploy/SKILL.md)\n` +
        `  ${todo}: ${why(todo)} (a receipt for skill://todo/SKILL.md)\n`,
    );

    const json = await runCli(['check', ...server, '--receipts', approvals, '--json']);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { invalidReceipts: unknown }).invalidReceipts).toEqual([
      { file: granted, skillUri: 'skill://notes/SKILL.md', status: 'invalid', message: why(granted) },
      { file: renamedFile, skillUri: 'skill://deploy/SKILL.md', status: 'invalid', message: why(renamedFile), unserved: true },
      { file: todo, skillUri: 'skill://todo/SKILL.md', status: 'invalid', message: why(todo) },
    ]);

    // verify --receipts said only "1 receipt(s) name skills … does not serve"; it names it as the others now.
    const verify = await runCli(['verify', ...server, '--receipts', approvals]);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain(`  ${renamedFile}: ${why(renamedFile)} (a receipt for skill://deploy/SKILL.md, which "${LABEL}" does not serve)\n`);
    expect(verify.stdout).not.toContain('name skills');

    // SARIF: a warning of verify's rule receipt-invalid for each, at the receipt file.
    const sarif = await runCli(['check', ...server, '--receipts', approvals, '--sarif']);
    expect(sarif.code).toBe(0);
    const log = JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string; level: string; message: { text: string }; properties: { receipt?: string } }[] }[] };
    expect(log.runs[0]!.results.filter((r) => r.ruleId.startsWith('receipt-')).map((r) => [r.ruleId, r.level, r.message.text, r.properties.receipt])).toEqual([
      ['receipt-invalid', 'warning', `skill://notes/SKILL.md: ${why(granted)}`, granted],
      ['receipt-invalid', 'warning', `skill://deploy/SKILL.md: ${why(renamedFile)}`, renamedFile],
      ['receipt-invalid', 'warning', `skill://todo/SKILL.md: ${why(todo)}`, todo],
    ]);
  });
});
