// `skill-inspector check --config FILE --all` (issue 20, a fleet in one run):
// the built command against a config of real servers — the demo server and
// the mutable server over stdio, the mutable server over Streamable HTTP, the
// hostile fixture server lying about a digest, a command that does not exist,
// and an entry that names no server at all. Each is reported, in every
// format, with its own result (the same findings a single `check --server`
// gives); the run's exit code is the worst one; one failing server stops none
// of the others.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { CLI } from '../support/paths.js';
import { FIXTURES, runCli } from '../fixtures/cli/harness.js';
import { childrenNamed, parseXml } from '../fixtures/cli/xml.js';
import { loadSarifValidator } from '../fixtures/sarif/validator.js';
import { MUTABLE_SERVER, SkillFolder, skillMd, tempDir, type HttpServer } from '../fixtures/mutable-server/fixture.js';

const HOSTILE = path.join(FIXTURES, '..', 'hostile', 'hostile-server.mjs');

interface FleetJson {
  servers: Array<{ name: string; exitCode: number; error?: string; findings?: Finding[]; skills?: unknown[] }>;
  exitCode: number;
  failOn: string;
}

let folder: SkillFolder;
let http: HttpServer;
let work: string;
let config: string;
let passingConfig: string;

beforeAll(async () => {
  folder = await SkillFolder.create();
  await folder.write('notes/SKILL.md', skillMd('notes', 'Takes short notes. Use when the user asks for notes.', [], '# Notes\n\nWrite them down.\n'));
  http = await folder.serveHttp();
  work = await tempDir('cli-check-all');
  const servers = {
    samples: { command: process.execPath, args: [CLI, 'demo-server'] },
    notes: { command: process.execPath, args: [MUTABLE_SERVER, '--dir', folder.dir] },
    remote: { url: http.url },
    liar: { command: process.execPath, args: [HOSTILE, 'digest-mismatch'] },
    missing: { command: path.join(work, 'no-such-server') },
    nothing: { env: { A: 'b' } },
  };
  config = path.join(work, 'claude_desktop_config.json');
  await fs.writeFile(config, JSON.stringify({ mcpServers: servers }));
  passingConfig = path.join(work, 'passing.json');
  await fs.writeFile(passingConfig, JSON.stringify({ mcpServers: { samples: servers.samples, notes: servers.notes, remote: servers.remote } }));
});
afterAll(async () => {
  await http?.stop();
  await fs.rm(work, { recursive: true, force: true });
  await fs.rm(folder.dir, { recursive: true, force: true });
});

const ids = (findings: readonly Finding[] | undefined) => [...new Set((findings ?? []).map((f) => `${f.id}:${f.severity}`))].sort();

describe('check --config FILE --all', { timeout: 240_000 }, () => {
  it('reports every server in JSON, each as its own check does, and exits with the worst result', async () => {
    const run = await runCli(['check', '--config', config, '--all', '--jobs', '3', '--json']);
    expect(run.code, run.stderr).toBe(2);
    const fleet = JSON.parse(run.stdout) as FleetJson;
    expect(fleet.exitCode).toBe(2);
    expect(fleet.servers.map((s) => [s.name, s.exitCode])).toEqual([
      ['samples', 0],
      ['notes', 0],
      ['remote', 0],
      ['liar', 1],
      ['missing', 2],
      ['nothing', 2],
    ]);
    const byName = new Map(fleet.servers.map((s) => [s.name, s]));
    expect(byName.get('missing')!.error).toMatch(/^cannot connect\./);
    expect(byName.get('nothing')!.error).toBeTruthy();
    expect(byName.get('notes')!.skills).toHaveLength(1);
    // The liar's findings are exactly what a check of that server alone reports.
    const alone = await runCli(['check', '--config', config, '--server', 'liar', '--json']);
    expect(alone.code).toBe(1);
    const single = JSON.parse(alone.stdout) as { findings: Finding[] };
    expect(ids(byName.get('liar')!.findings)).toEqual(ids(single.findings));
    expect(ids(byName.get('liar')!.findings).some((id) => id.endsWith(':error'))).toBe(true);
    // Progress names the server each line is about.
    expect(run.stderr).toMatch(/\[liar\] /);
  });

  it('prints each server and a summary line per server in text', async () => {
    const run = await runCli(['check', '--config', config, '--all']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('6 server(s): 3 passed, 1 failed, 2 could not be checked.');
    expect(run.stdout).toMatch(/^ {2}liar: failed, \d+ finding\(s\) at or above error \(\d+ skill\(s\)\)$/m);
    expect(run.stdout).toMatch(/^ {2}notes: passed \(1 skill\(s\)\)$/m);
    expect(run.stdout).toMatch(/^ {2}missing: could not be checked$/m);
    expect(run.stdout).toMatch(/^Server missing — could not be checked: cannot connect\./m);
    expect(run.stdout).toMatch(/^Server samples/m);
  });

  it('writes one SARIF run per server, the unchecked ones as failed invocations', async () => {
    const run = await runCli(['check', '--config', config, '--all', '--sarif']);
    expect(run.code).toBe(2);
    const log = JSON.parse(run.stdout) as { version: string; runs: Array<{ automationDetails: { id: string }; invocations: Array<{ executionSuccessful: boolean; toolExecutionNotifications?: Array<{ message: { text: string } }> }>; results: unknown[] }> };
    const validate = await loadSarifValidator();
    expect(validate(log) ? [] : validate.errors, 'the combined log against the SARIF 2.1.0 schema').toEqual([]);
    expect(log.version).toBe('2.1.0');
    expect(log.runs.map((r) => r.automationDetails.id)).toEqual(['samples', 'notes', 'remote', 'liar', 'missing', 'nothing'].map((n) => `skill-inspector/${n}/`));
    expect(log.runs.map((r) => r.invocations[0]!.executionSuccessful)).toEqual([true, true, true, true, false, false]);
    expect(log.runs[4]!.invocations[0]!.toolExecutionNotifications![0]!.message.text).toMatch(/^missing could not be checked: cannot connect\./);
    expect(log.runs[3]!.results.length).toBeGreaterThan(0);
  });

  it('writes one JUnit suite per server, the unchecked ones in error', async () => {
    const run = await runCli(['check', '--config', config, '--all', '--junit']);
    expect(run.code).toBe(2);
    const root = parseXml(run.stdout);
    const suites = childrenNamed(root, 'testsuite');
    expect(suites.map((s) => [s.attributes['name'], s.attributes['errors'], Number(s.attributes['failures']) > 0])).toEqual([
      ['samples', '0', false],
      ['notes', '0', false],
      ['remote', '0', false],
      ['liar', '0', true],
      ['missing', '1', false],
      ['nothing', '1', false],
    ]);
    expect(root.attributes['errors']).toBe('2');
    const missingCase = childrenNamed(suites[4]!, 'testcase')[0]!;
    expect(childrenNamed(missingCase, 'error')[0]!.attributes['message']).toMatch(/^cannot connect\./);
  });

  it('exits 0 when every server passes, and 1 when the worst has findings', async () => {
    const passing = await runCli(['check', '--config', passingConfig, '--all', '--json', '--quiet']);
    expect(passing.code).toBe(0);
    expect((JSON.parse(passing.stdout) as FleetJson).servers.map((s) => s.exitCode)).toEqual([0, 0, 0]);
    expect(passing.stderr).toBe('');
  });

  it('refuses flags that name one server, and a bad --jobs', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--all'], /--all checks every server of a host config: give --config <file>/],
      [['--config', config, '--all', '--server', 'liar'], /--server names or shapes one server/],
      [['--config', config, '--all', '--jobs', '0'], /--jobs must be a whole number from 1 to 64, got "0"/],
      [['--config', config, '--jobs', '2'], /--jobs goes with --all/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(['check', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});
