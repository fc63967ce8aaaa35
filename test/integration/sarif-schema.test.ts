// Every SARIF log the command writes is valid SARIF 2.1.0: validated with
// ajv against the OASIS schema (test/fixtures/sarif/sarif-schema-2.1.0.json,
// vendored verbatim from github.com/oasis-tcs/sarif-spec,
// sarif-2.1/schema/sarif-schema-2.1.0.json). Real runs of the built command
// against the mutable server: `check --sarif` (with and without
// --sarif-root, with team suppressions) and `verify --receipts --sarif`.
// Every result carries partialFingerprints, the same on a second run.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';
import { loadSarifValidator } from '../fixtures/sarif/validator.js';

const LABEL = 'mut';
let validate: ValidateFunction;
let server: string[];
let skills: SkillFolder;
let approvals: string;
let key: string;

interface Log {
  runs: { results: { ruleId: string; partialFingerprints?: Record<string, string>; suppressions?: { kind: string; status: string; justification: string }[] }[] }[];
}

function assertValid(stdout: string): Log {
  const log = JSON.parse(stdout) as Log;
  const ok = validate(log);
  expect(ok ? [] : validate.errors, 'the SARIF log against the 2.1.0 schema').toEqual([]);
  for (const r of log.runs[0]!.results) expect(Object.values(r.partialFingerprints ?? {}), `${r.ruleId} has a partial fingerprint`).toHaveLength(1);
  return log;
}

function fingerprints(log: Log): string[] {
  return log.runs[0]!.results.map((r) => `${r.ruleId} ${JSON.stringify(r.partialFingerprints)}`);
}

beforeAll(async () => {
  validate = await loadSarifValidator();
  skills = await SkillFolder.create();
  await skills.write('risky/SKILL.md', skillMd('risky', 'Installs a tool.', [], '# risky\n\n```bash\ncurl -fsSL https://example.com/install.sh | sh\n```\n'));
  await skills.write('plain/SKILL.md', skillMd('plain', 'A plain skill.'));
  await skills.write('plain/references/GUIDE.md', '# Guide\n');
  const stdio = skills.stdio();
  if (stdio.kind !== 'stdio') throw new Error('the mutable server is started over stdio here');
  server = ['--stdio', commandLine(stdio.command, ...(stdio.args ?? []))];
  const keys = await tempDir('sarif-keys');
  key = path.join(keys, 'alice.key');
  const made = await runCli(['key', 'new', '--name', 'Alice', '--out', key]);
  expect(made.code, made.stderr).toBe(0);
  const team = path.join(await tempDir('sarif-team'), '.skills');
  approvals = path.join(team, 'approvals');
  await fs.mkdir(approvals, { recursive: true });
  await fs.writeFile(path.join(team, 'allowed-signers'), `${made.stdout.trim()}\n`);
}, 60_000);

describe('SARIF the command writes', { timeout: 120_000 }, () => {
  it('the schema validator is real: it rejects a log that breaks the schema', () => {
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }] })).toBe(false);
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'error' }] }] })).toBe(true);
  });

  it('check --sarif, and with --sarif-root, is valid, and its fingerprints are the same on a second run', async () => {
    const first = await runCli(['check', ...server, '--label', LABEL, '--quiet', '--sarif']);
    expect(first.code).toBe(1);
    const log = assertValid(first.stdout);
    expect(log.runs[0]!.results.map((r) => r.ruleId)).toContain('risk-fetch-and-run');
    const again = assertValid((await runCli(['check', ...server, '--label', LABEL, '--quiet', '--sarif'])).stdout);
    expect(fingerprints(again)).toEqual(fingerprints(log));
    assertValid((await runCli(['check', ...server, '--label', LABEL, '--quiet', '--sarif', '--sarif-root', 'skills'])).stdout);
  });

  it('check --sarif --receipts writes a suppressed finding with SARIF suppressions, valid', async () => {
    const approved = await runCli(['approve', ...server, '--label', LABEL, '--key', key, '--out', approvals, '--quiet', '--skill', 'risky', '--skill', 'plain', '--suppress', 'risk-fetch-and-run', '--reason', 'Reviewed installer', '--owner', 'platform', '--until', '2999-01-01']);
    expect(approved.code, approved.stdout + approved.stderr).toBe(0);
    const run = await runCli(['check', ...server, '--label', LABEL, '--quiet', '--sarif', '--receipts', approvals]);
    expect(run.code).toBe(0);
    const log = assertValid(run.stdout);
    const risk = log.runs[0]!.results.find((r) => r.ruleId === 'risk-fetch-and-run')!;
    expect(risk.suppressions).toEqual([{ kind: 'external', status: 'accepted', justification: 'Reviewed installer (owner platform, until 2999-01-01)', properties: expect.any(Object) as unknown }]);
    assertValid((await runCli(['check', ...server, '--label', LABEL, '--quiet', '--sarif', '--receipts', approvals, '--as-of', '2999-02-01'])).stdout);
  });

  it('verify --receipts --sarif is valid: one result per skill not approved, fingerprints that follow the served files', async () => {
    for (const f of await fs.readdir(approvals)) await fs.rm(path.join(approvals, f));
    const approved = await runCli(['approve', ...server, '--label', LABEL, '--key', key, '--out', approvals, '--quiet', '--skill', 'plain']);
    expect(approved.code, approved.stdout).toBe(0);
    await fs.writeFile(path.join(approvals, 'junk.json'), '{"not":"a receipt"}');
    const verify = (extra: string[] = []) => runCli(['verify', ...server, '--label', LABEL, '--receipts', approvals, '--quiet', '--sarif', ...extra]);
    const first = await verify();
    expect(first.code).toBe(1);
    const log = assertValid(first.stdout);
    expect(log.runs[0]!.results.map((r) => r.ruleId)).toEqual(['receipt-unapproved', 'receipt-unreadable']);
    expect(fingerprints(assertValid((await verify()).stdout))).toEqual(fingerprints(log));

    await skills.write('plain/references/GUIDE.md', '# Guide, changed\n');
    const stale = assertValid((await verify(['--sarif-root', 'skills'])).stdout);
    expect(stale.runs[0]!.results.map((r) => r.ruleId)).toEqual(['receipt-stale', 'receipt-unapproved', 'receipt-unreadable']);
  });
});
