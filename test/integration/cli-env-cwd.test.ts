// `--env KEY=VALUE` and `--cwd DIR` for stdio servers, on every command that
// starts one (check, lock, verify, diff — its side flags too — list, load), run
// as the real built command against fixture servers built on the official
// SDK: the server gets the default environment plus exactly the given
// variables, in the given folder; a config entry's env is kept and --env adds
// to it; no value is ever printed (they may be secrets); bad flags are usage
// errors (exit 2) that name the flag.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, commandLine, runCli, type CliRun } from '../fixtures/cli/harness.js';

const ENV_CWD_SERVER = commandLine(process.execPath, path.join(FIXTURES, '..', 'servers', 'env-cwd-server.mjs'));
const ENV_ECHO_SERVER = commandLine(process.execPath, path.join(FIXTURES, 'env-echo-server.mjs'));
/** A value that must never appear in anything the command prints. */
const SECRET = 'tok-3f9a1c-never-printed';
/** The variables every stdio server gets: the SDK's default set, as this process has them. */
const DEFAULT_NAMES = Object.keys(getDefaultEnvironment());

let work: string;
let folderA: string;
let folderB: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-env-'));
  folderA = path.join(work, 'a');
  folderB = path.join(work, 'b');
  await fs.mkdir(folderA);
  await fs.mkdir(folderB);
  await fs.writeFile(path.join(folderA, 'skill-description.txt'), 'Described by folder A.\n');
  await fs.writeFile(path.join(folderB, 'skill-description.txt'), 'Described by folder B.\n');
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

/** Nothing the command wrote holds the secret; the progress names the variable instead. */
function expectNoSecret(run: CliRun): void {
  expect(run.stdout).not.toContain(SECRET);
  expect(run.stderr).not.toContain(SECRET);
}

/** What env-echo-server says it was started with: its variables' names and its folder. */
function echoed(stdout: string): { names: string[]; cwd: string } {
  const [skill] = JSON.parse(stdout) as Array<{ description: string }>;
  const [names, cwd] = skill!.description.split(' | cwd ');
  return { names: names!.split(',').filter(Boolean), cwd: cwd! };
}

describe('the environment and folder a stdio server is started with', { timeout: 120_000 }, () => {
  it('list: the default variables only (none of this process\'s others), plus exactly each --env, in --cwd', async () => {
    // Set in the command's own environment: a server must not see it unless passed.
    const env = { SI_TEST_OWN_VARIABLE: SECRET };
    const plain = await runCli(['list', '--json', '--quiet', '--stdio', ENV_ECHO_SERVER], { env });
    expect(plain.code, plain.stderr).toBe(0);
    expect(echoed(plain.stdout).names).toEqual([...DEFAULT_NAMES].sort());

    const run = await runCli(['list', '--json', '--stdio', ENV_ECHO_SERVER, '--env', `API_TOKEN=${SECRET}`, '--env', 'REGION=eu', '--env', 'EMPTY=', '--cwd', folderA], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(echoed(run.stdout)).toEqual({ names: [...DEFAULT_NAMES, 'API_TOKEN', 'EMPTY', 'REGION'].sort(), cwd: folderA });
    // Progress names what the server is started with, by name only.
    expect(run.stderr).toContain('(with API_TOKEN, REGION, EMPTY set; in ');
    expectNoSecret(run);
  });

  it('check: the variable and the folder reach the server, which then serves and verifies', async () => {
    const without = await runCli(['check', '--json', '--stdio', ENV_CWD_SERVER, '--cwd', folderA]);
    expect(without.code).toBe(2);
    expect(without.stderr).toContain('env-cwd-server: FIXTURE_SKILL_NAME is not set');

    const run = await runCli(['check', '--json', '--stdio', ENV_CWD_SERVER, '--env', 'FIXTURE_SKILL_NAME=probe', '--env', `API_TOKEN=${SECRET}`, '--cwd', folderA]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { skills: Array<{ uri: string; description: string; status: string }> };
    expect(report.skills.map((s) => [s.uri, s.description, s.status])).toEqual([['skill://probe/SKILL.md', 'Described by folder A.', 'verified']]);
    expectNoSecret(run);
  });

  it('a relative --cwd is taken from where the command runs', async () => {
    const run = await runCli(['list', '--json', '--quiet', '--stdio', ENV_ECHO_SERVER, '--cwd', 'b'], { cwd: work });
    expect(run.code, run.stderr).toBe(0);
    expect(echoed(run.stdout).cwd).toBe(folderB);
  });

  it('lock and verify: pinned and verified with the same --env and --cwd', async () => {
    const lockFile = path.join(work, 'env.lock.json');
    const target = ['--stdio', ENV_CWD_SERVER, '--env', 'FIXTURE_SKILL_NAME=pinned', '--env', `API_TOKEN=${SECRET}`, '--cwd', folderA];
    const lock = await runCli(['lock', ...target, '--output', lockFile]);
    expect(lock.code, lock.stderr).toBe(0);
    expectNoSecret(lock);
    const written = JSON.parse(await fs.readFile(lockFile, 'utf8')) as { servers: Record<string, { skills: Record<string, unknown> }> };
    expect(Object.keys(Object.values(written.servers)[0]!.skills)).toEqual(['skill://pinned/SKILL.md']);
    expect(await fs.readFile(lockFile, 'utf8')).not.toContain(SECRET);

    const verify = await runCli(['verify', '--lock', lockFile, ...target]);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(/^No drift: /);
    // Another folder serves another description but the same name: the bytes moved.
    const moved = await runCli(['verify', '--lock', lockFile, '--json', '--stdio', ENV_CWD_SERVER, '--env', 'FIXTURE_SKILL_NAME=pinned', '--cwd', folderB]);
    expect(moved.code).toBe(1);
    expect((JSON.parse(moved.stdout) as { changed: Array<{ uri: string }> }).changed.map((c) => c.uri)).toEqual(['skill://pinned/SKILL.md']);
  });

  it('load: the skill is loaded from the server started with --env and --cwd', async () => {
    const run = await runCli(['load', '--skill', 'skill://loaded/SKILL.md', '--stdio', ENV_CWD_SERVER, '--env', 'FIXTURE_SKILL_NAME=loaded', '--cwd', folderB]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('name: loaded\ndescription: "Described by folder B."');
  });

  it('diff: --env and --cwd belong to the --stdio just before them; --a-env / --b-cwd … to positional sides', async () => {
    const flags = await runCli(['diff', '--json', '--stdio', ENV_CWD_SERVER, '--env', 'FIXTURE_SKILL_NAME=one', '--cwd', folderA, '--stdio', ENV_CWD_SERVER, '--cwd', folderB, '--env', 'FIXTURE_SKILL_NAME=two', '--env', `API_TOKEN=${SECRET}`]);
    expect(flags.code, flags.stderr).toBe(1);
    const byFlags = JSON.parse(flags.stdout) as { onlyInA: Array<{ uri: string }>; onlyInB: Array<{ uri: string }> };
    expect([byFlags.onlyInA.map((s) => s.uri), byFlags.onlyInB.map((s) => s.uri)]).toEqual([['skill://one/SKILL.md'], ['skill://two/SKILL.md']]);
    expectNoSecret(flags);

    const positional = await runCli(['diff', '--json', `stdio:${ENV_CWD_SERVER}`, `stdio:${ENV_CWD_SERVER}`, '--a-env', 'FIXTURE_SKILL_NAME=same', '--a-cwd', folderA, '--b-env', 'FIXTURE_SKILL_NAME=same', '--b-cwd', folderB]);
    expect(positional.code, positional.stderr).toBe(1);
    const byPosition = JSON.parse(positional.stdout) as { onlyInA: unknown[]; onlyInB: unknown[]; changed: Array<{ uri: string }> };
    // The same skill, described by two folders: changed, not added or removed.
    expect([byPosition.onlyInA, byPosition.onlyInB, byPosition.changed.map((c) => c.uri)]).toEqual([[], [], ['skill://same/SKILL.md']]);
  });

  it('--config: the entry\'s env and cwd are used; --env adds to and overrides them, --cwd replaces the folder', async () => {
    const config = path.join(work, 'mcp.json');
    const [command, ...args] = [process.execPath, path.join(FIXTURES, 'env-echo-server.mjs')];
    await fs.writeFile(config, JSON.stringify({ mcpServers: { echo: { command, args, env: { FROM_CONFIG: 'c', SHARED: 'config' }, cwd: folderA } } }));
    const asIs = await runCli(['list', '--json', '--quiet', '--config', config, '--server', 'echo']);
    expect(asIs.code, asIs.stderr).toBe(0);
    expect(echoed(asIs.stdout)).toEqual({ names: [...DEFAULT_NAMES, 'FROM_CONFIG', 'SHARED'].sort(), cwd: folderA });

    const more = await runCli(['list', '--json', '--quiet', '--config', config, '--server', 'echo', '--env', 'SHARED=flag', '--env', 'ADDED=1', '--cwd', folderB]);
    expect(more.code, more.stderr).toBe(0);
    expect(echoed(more.stdout)).toEqual({ names: [...DEFAULT_NAMES, 'ADDED', 'FROM_CONFIG', 'SHARED'].sort(), cwd: folderB });
  });
});

describe('bad --env and --cwd: usage errors (exit 2) that name the flag, and never a value', { timeout: 120_000 }, () => {
  const cases: Array<{ what: string; args: () => string[]; message: string | (() => string) }> = [
    { what: 'no "=" (the whole argument may be a secret)', args: () => ['list', '--stdio', ENV_ECHO_SERVER, '--env', SECRET], message: '--env must look like KEY=VALUE; one of them (24 character(s)) has no "=".' },
    { what: 'a name starting with a digit', args: () => ['check', '--stdio', ENV_ECHO_SERVER, '--env', `1TOKEN=${SECRET}`], message: '--env "1TOKEN"=…: a variable name is letters, digits and "_", not starting with a digit.' },
    { what: 'an empty name', args: () => ['lock', '--stdio', ENV_ECHO_SERVER, '--env', `=${SECRET}`], message: '--env ""=…: a variable name' },
    { what: 'a name with a space', args: () => ['verify', '--lock', 'x.json', '--stdio', ENV_ECHO_SERVER, '--env', `MY TOKEN=${SECRET}`], message: '--env "MY TOKEN"=…' },
    { what: 'a missing --cwd folder', args: () => ['list', '--stdio', ENV_ECHO_SERVER, '--cwd', path.join(work, 'nowhere')], message: () => `--cwd ${path.join(work, 'nowhere')}: no such directory (ENOENT).` },
    { what: '--cwd naming a file', args: () => ['check', '--stdio', ENV_ECHO_SERVER, '--cwd', path.join(folderA, 'skill-description.txt')], message: () => `--cwd ${path.join(folderA, 'skill-description.txt')} is not a directory.` },
    { what: '--env with --url', args: () => ['list', '--url', 'http://127.0.0.1:9/mcp', '--env', `A=${SECRET}`], message: '--env goes with a stdio server (--stdio, or a --config server with a "command"); 127.0.0.1:9 is reached over HTTP.' },
    { what: '--cwd with --url', args: () => ['load', '--skill', 'skill://a/SKILL.md', '--url', 'http://127.0.0.1:9/mcp', '--cwd', work], message: '--cwd goes with a stdio server' },
    { what: 'diff: --env before any --stdio', args: () => ['diff', '--env', `A=${SECRET}`, '--stdio', ENV_ECHO_SERVER, '--stdio', ENV_ECHO_SERVER], message: '--env goes right after the --stdio (or --config … --server) it is for; for a positional side use --a-env or --b-env.' },
    { what: 'diff: --cwd after a --url side', args: () => ['diff', '--stdio', ENV_ECHO_SERVER, '--url', 'http://127.0.0.1:9/mcp', '--cwd', work], message: '--cwd goes right after the --stdio' },
    { what: 'diff: --b-env for a side named by --stdio', args: () => ['diff', `stdio:${ENV_ECHO_SERVER}`, '--stdio', ENV_ECHO_SERVER, '--b-env', 'A=1'], message: '--b-env goes with a positional stdio: or config: side B; after --stdio, use --env and --cwd.' },
    { what: 'diff: --a-cwd for a lockfile side', args: () => ['diff', `lock:${path.join(work, 'x.lock.json')}`, `stdio:${ENV_ECHO_SERVER}`, '--a-cwd', work], message: '--a-env and --a-cwd go with a stdio: or config: side, not with the lockfile' },
    { what: 'diff: a bad --a-env', args: () => ['diff', `stdio:${ENV_ECHO_SERVER}`, `stdio:${ENV_ECHO_SERVER}`, '--a-env', SECRET], message: '--a-env must look like KEY=VALUE' },
    { what: 'diff: a missing --b-cwd folder', args: () => ['diff', `stdio:${ENV_ECHO_SERVER}`, `stdio:${ENV_ECHO_SERVER}`, '--b-cwd', path.join(work, 'gone')], message: () => `--b-cwd ${path.join(work, 'gone')}: no such directory` },
  ];
  for (const c of cases) {
    it(c.what, async () => {
      const run = await runCli(c.args());
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`skill-inspector: `);
      expect(run.stderr).toContain(typeof c.message === 'string' ? c.message : c.message());
      expectNoSecret(run);
      // Refused before any server was started: no progress line.
      expect(run.stderr).not.toContain('Connecting to');
    });
  }
});
