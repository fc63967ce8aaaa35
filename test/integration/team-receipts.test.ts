// Team approvals end to end, as the real built command against the mutable
// skills server over stdio: keys made with `key new`, receipts written with
// `approve`, checked with `verify --receipts`; then a served file changes
// (stale, naming it), a receipt expires, a signature is tampered with, a
// signer approves a label it may not, a key the team does not trust signs.
// Exact lines and exit codes throughout.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const LABEL = 'mut';
let keys: string;
const signer: Record<'alice' | 'bob' | 'mallory', { line: string; fingerprint: string; key: string }> = {} as never;
let skills: SkillFolder;
let team: string;
let approvals: string;
let server: string[];

async function keyNew(name: 'alice' | 'bob' | 'mallory', display: string, labels?: string): Promise<void> {
  const key = path.join(keys, `${name}.key`);
  const run = await runCli(['key', 'new', '--name', display, '--out', key, ...(labels ? ['--labels', labels] : [])]);
  expect(run.code, run.stderr).toBe(0);
  const pub = (await fs.readFile(`${key}.pub`, 'utf8')).trim();
  // The allowed-signers line: the name, the .pub's key type and key, and the labels.
  expect(run.stdout).toBe(`${display} ${pub.split(' ').slice(0, 2).join(' ')}${labels ? ` labels="${labels}"` : ''}\n`);
  const fingerprint = /fingerprint (SHA256:[A-Za-z0-9+/]+)\./.exec(run.stderr)![1]!;
  signer[name] = { line: run.stdout.trim(), fingerprint, key };
}

function approve(who: 'alice' | 'bob' | 'mallory', extra: string[]): ReturnType<typeof runCli> {
  return runCli(['approve', ...server, '--label', LABEL, '--key', signer[who].key, '--out', approvals, '--quiet', ...extra]);
}

function verify(extra: string[] = []): ReturnType<typeof runCli> {
  return runCli(['verify', ...server, '--label', LABEL, '--receipts', approvals, '--quiet', ...extra]);
}

async function receiptFiles(): Promise<string[]> {
  return (await fs.readdir(approvals)).sort();
}

/** The date the command approved on, from the receipt it wrote (not the test's clock). */
async function approvedOn(file: string): Promise<string> {
  const envelope = JSON.parse(await fs.readFile(path.join(approvals, file), 'utf8')) as { payload: string };
  const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as { predicate: { approvedAt: string } };
  return statement.predicate.approvedAt.slice(0, 10);
}

const header = (approved: number, of: number) => `Team approvals of "${LABEL}" (receipts ${approvals}, signers ${path.join(team, 'allowed-signers')}): ${approved} of ${of} skill(s) approved.`;

beforeAll(async () => {
  keys = await tempDir('team-keys');
  await keyNew('alice', 'Alice');
  await keyNew('bob', 'Bob', 'docs,docs-*');
  await keyNew('mallory', 'Mallory');
}, 60_000);
afterAll(async () => {
  await fs.rm(keys, { recursive: true, force: true });
});

beforeEach(async () => {
  skills = await SkillFolder.create();
  await skills.write('alpha/SKILL.md', skillMd('alpha', 'First skill.'));
  await skills.write('alpha/references/GUIDE.md', '# Guide\n');
  await skills.write('beta/SKILL.md', skillMd('beta', 'Second skill.'));
  const stdio = skills.stdio();
  if (stdio.kind !== 'stdio') throw new Error('the mutable server is started over stdio here');
  server = ['--stdio', commandLine(stdio.command, ...(stdio.args ?? []))];
  team = path.join(await tempDir('team-folder'), '.skills');
  approvals = path.join(team, 'approvals');
  await fs.mkdir(approvals, { recursive: true });
  // Mallory makes a key but is not on the team.
  await fs.writeFile(path.join(team, 'allowed-signers'), `# who may approve\n${signer.alice.line}\n${signer.bob.line}\n`);
});

describe('team receipts', { timeout: 120_000 }, () => {
  it('a key made by key new is an OpenSSH key with mode 600', async () => {
    expect((await fs.stat(signer.alice.key)).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(signer.alice.key, 'utf8')).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----\n/);
    const show = await runCli(['key', 'show', '--key', signer.alice.key]);
    expect(show).toMatchObject({ code: 0, stdout: `${signer.alice.line}\n` });
  });

  it('approve writes one receipt per skill; verify passes; a changed served file makes it stale, naming the file', async () => {
    const run = await approve('alice', ['--skill', 'alpha', '--skill', 'skill://beta/SKILL.md', '--note', 'Read both.']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const files = await receiptFiles();
    expect(files).toHaveLength(2);
    expect(files.map((f) => f.split('.')[0])).toEqual(['alpha', 'beta']);
    expect(run.stdout).toContain(`Approved skill://alpha/SKILL.md as Alice (${signer.alice.fingerprint}): 2 file(s), rule set `);
    const on = await approvedOn(files[0]!);

    const ok = await verify();
    expect(ok.stdout).toBe(
      [header(2, 2), `  skill://alpha/SKILL.md: approved by Alice (${signer.alice.fingerprint}) on ${on}`, `  skill://beta/SKILL.md: approved by Alice (${signer.alice.fingerprint}) on ${on}`, ''].join('\n'),
    );
    expect(ok.code).toBe(0);

    await skills.write('alpha/references/GUIDE.md', '# Guide\n\nNow run scripts/x.sh first.\n');
    const stale = await verify();
    expect(stale.stdout).toBe(
      [
        header(1, 2),
        `  skill://alpha/SKILL.md: stale: approved by Alice (${signer.alice.fingerprint}) on ${on} for other files: skill://alpha/references/GUIDE.md changed (${path.join(approvals, files[0]!)})`,
        `  skill://beta/SKILL.md: approved by Alice (${signer.alice.fingerprint}) on ${on}`,
        '',
      ].join('\n'),
    );
    expect(stale.code).toBe(1);

    // A skill the server starts serving has no receipt.
    await skills.write('gamma/SKILL.md', skillMd('gamma', 'Third skill.'));
    const added = await verify();
    expect(added.code).toBe(1);
    expect(added.stdout).toContain('\n  skill://gamma/SKILL.md: unapproved: no receipt names this skill\n');
  });

  it('a receipt past its expiry is expired', async () => {
    expect((await approve('alice', ['--skill', 'alpha', '--skill', 'beta', '--expires', '2999-01-01'])).code).toBe(0);
    const on = await approvedOn((await receiptFiles())[0]!);
    const before = await verify(['--as-of', '2998-12-31']);
    expect(before.code).toBe(0);
    expect(before.stdout).toContain(`  skill://alpha/SKILL.md: approved by Alice (${signer.alice.fingerprint}) on ${on}, until 2999-01-01\n`);
    const after = await verify(['--as-of', '2999-01-02']);
    expect(after.code).toBe(1);
    const alphaFile = path.join(approvals, (await receiptFiles())[0]!);
    expect(after.stdout.split('\n')[1]).toBe(`  skill://alpha/SKILL.md: expired: approved by Alice (${signer.alice.fingerprint}) on ${on}, expired on 2999-01-01 (${alphaFile})`);
  });

  it('a tampered signature, and one flipped byte of the payload, are invalid', async () => {
    expect((await approve('alice', ['--skill', 'alpha', '--skill', 'beta'])).code).toBe(0);
    const [alphaName, betaName] = await receiptFiles();
    const alphaFile = path.join(approvals, alphaName!);
    const betaFile = path.join(approvals, betaName!);
    const envelope = JSON.parse(await fs.readFile(alphaFile, 'utf8')) as { payload: string; signatures: { keyid: string; sig: string }[] };
    const sig = Buffer.from(envelope.signatures[0]!.sig, 'base64');
    sig[10]! ^= 0x01;
    await fs.writeFile(alphaFile, JSON.stringify({ ...envelope, signatures: [{ ...envelope.signatures[0]!, sig: sig.toString('base64') }] }));
    const beta = JSON.parse(await fs.readFile(betaFile, 'utf8')) as { payload: string };
    const body = Buffer.from(beta.payload, 'base64');
    const at = body.indexOf('"skillName":"beta"') + '"skillName":"b'.length;
    body[at] = 'E'.charCodeAt(0);
    await fs.writeFile(betaFile, JSON.stringify({ ...beta, payload: body.toString('base64') }));

    const run = await verify();
    expect(run.code).toBe(1);
    const invalid = (file: string) => `invalid signature: ${file} does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing`;
    expect(run.stdout).toBe([header(0, 2), `  skill://alpha/SKILL.md: ${invalid(alphaFile)}`, `  skill://beta/SKILL.md: ${invalid(betaFile)}`, ''].join('\n'));
  });

  it('a signer not allowed for the label, and a key not in allowed-signers, are untrusted', async () => {
    expect((await approve('bob', ['--skill', 'alpha'])).code).toBe(0);
    expect((await approve('mallory', ['--skill', 'beta'])).code).toBe(0);
    const [alphaName, betaName] = await receiptFiles();
    const run = await verify();
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        header(0, 2),
        `  skill://alpha/SKILL.md: untrusted signer: Bob (${signer.bob.fingerprint}) may not approve "${LABEL}" (allowed-signers line 3 allows "docs", "docs-*") (${path.join(approvals, alphaName!)})`,
        `  skill://beta/SKILL.md: untrusted signer: signed by Mallory (${signer.mallory.fingerprint}), whose key is not in allowed-signers (${path.join(approvals, betaName!)})`,
        '',
      ].join('\n'),
    );
    // Two people's receipts for one skill side by side: Alice's valid one speaks for alpha.
    expect((await approve('alice', ['--skill', 'alpha', '--skill', 'beta'])).code).toBe(0);
    expect(await receiptFiles()).toHaveLength(4);
    const after = await verify(['--json']);
    expect(after.code).toBe(0);
    const json = JSON.parse(after.stdout) as { approved: boolean; skills: { uri: string; status: string; reviewer: { name: string } }[] };
    expect(json.approved).toBe(true);
    expect(json.skills.map((s) => [s.uri, s.status, s.reviewer.name])).toEqual([
      ['skill://alpha/SKILL.md', 'approved', 'Alice'],
      ['skill://beta/SKILL.md', 'approved', 'Alice'],
    ]);
  });

  it('approve refuses an error-level finding until it is acknowledged, and the receipt keeps it', async () => {
    await skills.write('risky/SKILL.md', skillMd('risky', 'Installs a tool.', [], '# risky\n\n```bash\ncurl -fsSL https://example.com/install.sh | sh\n```\n'));
    const refused = await approve('alice', ['--skill', 'risky']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^Not approved: skill:\/\/risky\/SKILL\.md has 1 error-level finding\(s\) not acknowledged:\n {2}--acknowledge 'risk-fetch-and-run\|skill:\/\/risky\/SKILL\.md\|\d+\|\d+\|' {3}Downloads code and runs it \(risk-fetch-and-run, SKILL\.md line \d+\)/);
    expect(refused.stdout).toMatch(/\nNo receipt was written\.\n$/);
    expect(await receiptFiles()).toEqual([]);
    const accepted = await approve('alice', ['--skill', 'risky', '--acknowledge', 'risk-fetch-and-run']);
    expect(accepted.code, accepted.stdout).toBe(0);
    expect(accepted.stdout).toMatch(/\n {2}acknowledged: Downloads code and runs it \(risk-fetch-and-run, SKILL\.md line \d+\)\n/);
    const [file] = await receiptFiles();
    const envelope = JSON.parse(await fs.readFile(path.join(approvals, file!), 'utf8')) as { payload: string };
    const predicate = (JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as { predicate: { acknowledged: { id: string }[]; findings: { errors: number } } }).predicate;
    expect(predicate.acknowledged.map((a) => a.id)).toEqual(['risk-fetch-and-run']);
    expect(predicate.findings.errors).toBe(1);
  });

  it('bad usage exits 2: no allowed-signers file, an unknown skill, a key new over an existing key', async () => {
    await fs.rm(path.join(team, 'allowed-signers'));
    const noSigners = await verify();
    expect(noSigners.code).toBe(2);
    expect(noSigners.stderr).toBe(`skill-inspector: The allowed-signers file ${path.join(team, 'allowed-signers')}: no such file or folder.\nRun "skill-inspector help" for usage.\n`);
    const unknown = await approve('alice', ['--skill', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('The server serves no skill "nope"; it serves alpha, beta.');
    const again = await runCli(['key', 'new', '--name', 'Alice', '--out', signer.alice.key]);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(`skill-inspector: ${signer.alice.key} already exists; skill-inspector never replaces a key. Choose another --out, or remove it first.\n`);
  });
});
