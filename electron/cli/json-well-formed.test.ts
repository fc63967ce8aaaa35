// The JSON `check`, `check --all`, `watch`, `diff`, `list`, `verify` and
// `verify --receipts` (and their `--all`) write for programs holds text a
// server, a host config, a lockfile or a receipt wrote, and JSON lets them
// write a lone UTF-16 surrogate ("\ud800"). JSON.stringify writes it back as
// the same escape, which names no character: readers that decode strictly
// (serde_json; Python or Go writing it out as UTF-8) refuse the value or the
// whole report. Every key and string is written as well-formed Unicode, a lone
// surrogate as U+FFFD, as SARIF and JUnit write it.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULESET } from '../../shared/ruleset.js';
import { allowedSignersLine } from '../team/allowed-signers.js';
import { serializeReceipt, signReceipt } from '../team/receipt.js';
import { alice } from '../team/team-folder-fixture.unit.js';
import { runCli } from './run.js';
import { watchCommand } from './watch-command.js';

const SERVER = path.resolve('test/fixtures/cli/hostile-listing-server.mjs');
const VARIANT = 'lone-surrogates';
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The keys and strings of a JSON text that hold a lone surrogate: what a strict reader refuses. */
function illFormed(json: string): string[] {
  const bad: string[] = [];
  JSON.parse(json, (key, value: unknown) => {
    if (LONE.test(key)) bad.push(key);
    if (typeof value === 'string' && LONE.test(value)) bad.push(value);
    return value;
  });
  return bad;
}

function streams(): { out: PassThrough; err: PassThrough; stdout: () => string } {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  err.resume();
  return { out, err, stdout: () => chunks.join('') };
}

async function run(args: string[]): Promise<{ code: number; stdout: string }> {
  const { out, err, stdout } = streams();
  const code = await runCli(args, out, err);
  return { code, stdout: stdout() };
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-json-well-formed-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('JSON reports with lone surrogates in what others wrote', () => {
  it('check --json writes them as U+FFFD, in keys (a frontmatter field name) and values', { timeout: 60_000 }, async () => {
    const { code, stdout } = await run(['check', '--stdio', `node ${SERVER} ${VARIANT}`, '--json', '--quiet']);
    expect(code).toBe(1);
    expect(illFormed(stdout)).toEqual([]);
    const report = JSON.parse(stdout) as { server: { selfReported: { name: string } }; skills: { frontmatter: Record<string, string>; description: string }[] };
    expect(report.server.selfReported.name).toBe('lone\uFFFDserver');
    expect(report.skills[0]!.frontmatter['x-\uFFFD']).toBe('v\uFFFD');
    expect(report.skills[0]!.description).toBe('Says \uFFFDhello.');
  });

  it('check --all --json writes them as U+FFFD: a config server name, and its report', { timeout: 60_000 }, async () => {
    const config = path.join(dir, 'mcp.json');
    await fs.writeFile(config, `{"mcpServers": {"lone\\ud800": ${JSON.stringify({ command: process.execPath, args: [SERVER, VARIANT] })}}}`);
    const { code, stdout } = await run(['check', '--config', config, '--all', '--json', '--quiet']);
    expect(code).toBe(1);
    expect(illFormed(stdout)).toEqual([]);
    const report = JSON.parse(stdout) as { servers: { name: string; skills: { frontmatter: Record<string, string> }[] }[] };
    expect(report.servers[0]!.name).toBe('lone\uFFFD');
    expect(report.servers[0]!.skills[0]!.frontmatter['x-\uFFFD']).toBe('v\uFFFD');
  });

  it('diff --json writes them as U+FFFD: the skill URIs and names two lockfiles pin', async () => {
    const lock = (name: string) => `{"lockfileVersion": 1, "servers": {"p": {"skills": {"skill://a\\udc00/SKILL.md": {"name": "${name}", "resources": "dynamic"}}}}}`;
    await fs.writeFile(path.join(dir, 'a.lock.json'), lock('a\\ud800'));
    await fs.writeFile(path.join(dir, 'b.lock.json'), lock('b'));
    const { code, stdout } = await run(['diff', `lock:${path.join(dir, 'a.lock.json')}`, `lock:${path.join(dir, 'b.lock.json')}`, '--json']);
    expect(code).toBe(1);
    expect(illFormed(stdout)).toEqual([]);
    const diff = JSON.parse(stdout) as { changed: { uri: string; a: { name: string } }[] };
    expect(diff.changed.map((c) => [c.uri, c.a.name])).toEqual([['skill://a\uFFFD/SKILL.md', 'a\uFFFD']]);
  });

  it('watch --json writes them as U+FFFD in a run’s line', { timeout: 60_000 }, async () => {
    const { out, err, stdout } = streams();
    let stop = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    out.on('data', () => stdout().includes('\n') && stop());
    const code = await watchCommand(['--stdio', `node ${SERVER} ${VARIANT}`, '--cwd', dir, '--json', '--quiet'], { out, err }, {}, { stopped });
    expect(code).toBe(0);
    const line = stdout().split('\n')[0]!;
    expect(illFormed(line)).toEqual([]);
    const run = JSON.parse(line) as { run: number; findingsNew: { message: string }[] };
    expect(run.run).toBe(1);
    expect(run.findingsNew.map((f) => f.message)).toContain('"x-\uFFFD" is not an Agent Skills field; hosts may ignore it, or honour it in ways the spec does not describe.');
  });
});

describe('verify --json with lone surrogates in a lockfile and a host config', () => {
  // The lockfile's section is keyed by the config server's name; it pins a skill URI and name the server does not serve.
  const lock = (label: string) => `{"lockfileVersion": 1, "servers": {"${label}": {"skills": {"skill://a\\udc00/SKILL.md": {"name": "a\\ud800", "resources": "dynamic"}}}}}`;

  it('verify --json writes them as U+FFFD: the label, and the skill URI and name the lockfile pins', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'verify.lock.json');
    await fs.writeFile(file, lock('p\\ud800'));
    const { code, stdout } = await run(['verify', '--stdio', `node ${SERVER} ${VARIANT}`, '--lock', file, '--json', '--quiet']);
    expect(code).toBe(1);
    expect(illFormed(stdout)).toEqual([]);
    const report = JSON.parse(stdout) as { label: string; removed: { uri: string; name: string }[]; added: { uri: string }[]; dynamic: string[] };
    expect(report.label).toBe('p\uFFFD');
    expect(report.removed.map((s) => [s.uri, s.name])).toEqual([['skill://a\uFFFD/SKILL.md', 'a\uFFFD']]);
    expect(report.dynamic).toEqual(['skill://a\uFFFD/SKILL.md']);
    expect(report.added.map((s) => s.uri)).toEqual(['skill://hello/SKILL.md']);
  });

  it('verify --all --json writes them as U+FFFD: a config server name, and its section of the lockfile', { timeout: 60_000 }, async () => {
    const config = path.join(dir, 'verify-mcp.json');
    await fs.writeFile(config, `{"mcpServers": {"lone\\ud800": ${JSON.stringify({ command: process.execPath, args: [SERVER, VARIANT] })}}}`);
    const file = path.join(dir, 'verify-all.lock.json');
    await fs.writeFile(file, lock('lone\\ud800'));
    const { code, stdout } = await run(['verify', '--config', config, '--all', '--lock', file, '--json', '--quiet']);
    expect(code).toBe(1);
    expect(illFormed(stdout)).toEqual([]);
    const report = JSON.parse(stdout) as { servers: { name: string; label: string; removed: { uri: string; name: string }[] }[] };
    expect(report.servers.map((s) => [s.name, s.label])).toEqual([['lone\uFFFD', 'lone\uFFFD']]);
    expect(report.servers[0]!.removed.map((s) => [s.uri, s.name])).toEqual([['skill://a\uFFFD/SKILL.md', 'a\uFFFD']]);
  });
});

describe('verify --receipts --json with lone surrogates in a receipt and a host config', () => {
  /** A team folder trusting Alice, with her receipt for a skill of another server: its subject holds lone surrogates. */
  async function teamFolder(name: string): Promise<{ approvals: string; signers: string }> {
    const team = path.join(dir, name);
    const approvals = path.join(team, 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    const signers = path.join(team, 'allowed-signers');
    await fs.writeFile(signers, `${allowedSignersLine('Alice', alice.publicKey)}\n`);
    const uri = 'skill://x\udc00/SKILL.md';
    const files = [{ uri, digest: `sha256:${'a'.repeat(64)}`, size: 10 }];
    const findings = { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 };
    const receipt = signReceipt({ server: 'other\ud800', skill: uri, skillName: 'x', files, reviewerName: 'Alice', approvedAt: '2026-05-01T10:00:00.000Z', ruleset: { version: RULESET.version }, findings, acknowledged: [], allowedTools: null }, alice);
    await fs.writeFile(path.join(approvals, 'x.json'), serializeReceipt(receipt));
    return { approvals, signers };
  }

  it('verify --receipts --json writes them as U+FFFD: the subject of a receipt no served skill matches', { timeout: 60_000 }, async () => {
    const { approvals, signers } = await teamFolder('team-one');
    const { code, stdout } = await run(['verify', '--stdio', `node ${SERVER} ${VARIANT}`, '--receipts', approvals, '--trust', signers, '--as-of', '2026-06-01', '--json', '--quiet']);
    expect(code).toBe(1);
    expect(illFormed(stdout)).toEqual([]);
    const report = JSON.parse(stdout) as { unmatched: { subject: string }[]; skills: { uri: string; status: string }[] };
    expect(report.unmatched.map((u) => u.subject)).toEqual(['other\uFFFD skill://x\uFFFD/SKILL.md']);
    expect(report.skills.map((s) => [s.uri, s.status])).toEqual([['skill://hello/SKILL.md', 'unapproved']]);
  });

  it('verify --receipts --all --json writes them as U+FFFD: a config server name, and each server\'s report', { timeout: 60_000 }, async () => {
    const { approvals, signers } = await teamFolder('team-all');
    const config = path.join(dir, 'receipts-mcp.json');
    await fs.writeFile(config, `{"mcpServers": {"lone\\ud800": ${JSON.stringify({ command: process.execPath, args: [SERVER, VARIANT] })}}}`);
    const { code, stdout } = await run(['verify', '--config', config, '--all', '--receipts', approvals, '--trust', signers, '--as-of', '2026-06-01', '--json', '--quiet']);
    expect(code).toBe(1);
    expect(illFormed(stdout)).toEqual([]);
    const report = JSON.parse(stdout) as { servers: { name: string; label: string; unmatched: { subject: string }[] }[] };
    expect(report.servers.map((s) => [s.name, s.label])).toEqual([['lone\uFFFD', 'lone\uFFFD']]);
    expect(report.servers[0]!.unmatched.map((u) => u.subject)).toEqual(['other\uFFFD skill://x\uFFFD/SKILL.md']);
  });
});

describe('list --json with lone surrogates in a listing', () => {
  it('writes them as U+FFFD: a skill description', { timeout: 60_000 }, async () => {
    const { code, stdout } = await run(['list', '--stdio', `node ${SERVER} ${VARIANT}`, '--json', '--quiet']);
    expect(code).toBe(0);
    expect(illFormed(stdout)).toEqual([]);
    const skills = JSON.parse(stdout) as { uri: string; name: string; description: string }[];
    expect(skills.map((s) => [s.uri, s.name, s.description])).toEqual([['skill://hello/SKILL.md', 'hello', 'Says \uFFFDhello.']]);
  });
});
