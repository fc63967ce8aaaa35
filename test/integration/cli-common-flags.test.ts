// Every command takes exactly the flags the help says it takes (usage.ts), one
// test per command, run as the real built command against the demo server
// (stdio, Streamable HTTP, a config file): --quiet, --json, the flags that
// name a server, --label, --env/--cwd, the limits, and no positional
// arguments; a flag the help does not give a command is refused with exit 2.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE } from '../../electron/cli/usage.js';
import { DEMO_STDIO, runCli, startListening, type RunningServer } from '../fixtures/cli/harness.js';
import { CLI } from '../support/paths.js';

const SKILL = 'skill://hello-world/SKILL.md';
const DEMO_LABEL = 'node cli.js demo-server';
const SERVER_COMMANDS = ['check', 'lock', 'verify', 'diff', 'list', 'load'] as const;
type Command = (typeof SERVER_COMMANDS)[number];

let work: string;
let lockFile: string;
let config: string;
let demoHttp: RunningServer;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-flags-'));
  lockFile = path.join(work, 'demo.lock.json');
  config = path.join(work, 'mcp.json');
  await fs.writeFile(config, JSON.stringify({ mcpServers: { demo: { command: process.execPath, args: [CLI, 'demo-server'] } } }));
  demoHttp = await startListening([CLI, 'demo-server', '--http', '0']);
  // Written by the command itself: the lockfile verify and diff compare with.
  const lock = await runCli(['lock', '--stdio', DEMO_STDIO, '--output', lockFile]);
  expect(lock.code, lock.stderr).toBe(0);
});
afterAll(async () => {
  await demoHttp?.stop();
  await fs.rm(work, { recursive: true, force: true });
});

let lockCount = 0;
/** The command run against one server (`server`: the flags naming it), with `extra` flags; each such run exits 0. */
function args(command: Command, server: string[], extra: string[] = []): string[] {
  switch (command) {
    case 'check':
      return ['check', ...server, ...extra];
    case 'lock':
      return ['lock', ...server, '--output', path.join(work, `out-${++lockCount}.lock.json`), ...extra];
    case 'verify':
      return ['verify', '--lock', lockFile, ...server, ...extra];
    case 'diff':
      // The server as side A, the lockfile of the same server as side B.
      return ['diff', ...server, '--lock', lockFile, ...extra];
    case 'list':
      return ['list', ...server, ...extra];
    case 'load':
      return ['load', '--skill', SKILL, ...server, ...extra];
  }
}

/** What the help promises each command, beyond naming a server and --quiet. */
const LISTING_LIMITS = ['--request-timeout-ms', '30000', '--max-list-pages', '50', '--max-list-entries', '500', '--max-list-bytes', '64MiB'];
const READING_LIMITS = ['--max-file-bytes', '16MiB', '--skill-byte-budget', '16MiB', '--server-byte-budget', '1GiB'];
const PROMISED: Record<Command, { json: boolean; label: boolean; limits: string[]; refused: string[][] }> = {
  check: { json: true, label: true, limits: [...LISTING_LIMITS, ...READING_LIMITS, '--concurrency', '2'], refused: [['--output', 'x'], ['--a-env', 'A=1']] },
  lock: { json: false, label: true, limits: [...LISTING_LIMITS, '--concurrency', '2'], refused: [['--json'], ['--max-file-bytes', '100'], ['--skill-byte-budget', '100']] },
  verify: { json: true, label: true, limits: [...LISTING_LIMITS, '--concurrency', '2'], refused: [['--max-file-bytes', '100'], ['--server-byte-budget', '100']] },
  diff: { json: true, label: false, limits: [...LISTING_LIMITS, '--concurrency', '2'], refused: [['--label', 'x'], ['--max-file-bytes', '100']] },
  list: { json: true, label: true, limits: LISTING_LIMITS, refused: [['--concurrency', '2'], ['--max-file-bytes', '100'], ['--skill', SKILL]] },
  load: { json: false, label: true, limits: [...LISTING_LIMITS, ...READING_LIMITS], refused: [['--json'], ['--concurrency', '2']] },
};

describe('the help', () => {
  it('names, for each common flag, the commands that take it; none is promised to "all"', () => {
    for (const flag of ['--quiet', '--env KEY=VALUE', '--cwd <folder>', '--a-env', '--b-cwd', '--request-timeout-ms', '--max-list-pages', '--max-list-entries', '--max-list-bytes', '--max-file-bytes', '--skill-byte-budget', '--server-byte-budget', '--concurrency']) {
      expect(USAGE).toContain(flag);
    }
    expect(USAGE).toContain('check, lock, verify, diff, list, load:\n  --quiet ');
    expect(USAGE).toContain('Naming a server (check, lock, verify, list, load):');
    expect(USAGE).not.toMatch(/^all:/m);
  });

  it('help prints it on stdout, exit 0', async () => {
    const run = await runCli(['help']);
    expect([run.code, run.stdout]).toEqual([0, USAGE]);
  });
});

describe('every command takes the flags the help gives it, and refuses the others', { timeout: 300_000 }, () => {
  for (const command of SERVER_COMMANDS) {
    const promised = PROMISED[command];
    it(`${command}: --quiet${promised.json ? ', --json' : ''}, --stdio/--url/--config, --env/--cwd${promised.label ? ', --label' : ''}, its limits; no positionals`, async () => {
      // --quiet: the same stdout, and nothing on stderr.
      const loud = await runCli(args(command, ['--stdio', DEMO_STDIO]));
      expect(loud.code, loud.stderr).toBe(0);
      expect(loud.stderr).toContain(`Connecting to ${DEMO_LABEL}…`);
      const quiet = await runCli(args(command, ['--stdio', DEMO_STDIO], ['--quiet']));
      expect(quiet.code, quiet.stderr).toBe(0);
      expect(quiet.stderr).toBe('');
      if (command !== 'lock') expect(quiet.stdout).toBe(loud.stdout);

      if (promised.json) {
        const json = await runCli(args(command, ['--stdio', DEMO_STDIO], ['--json', '--quiet']));
        expect(json.code, json.stderr).toBe(0);
        expect(() => JSON.parse(json.stdout) as unknown).not.toThrow();
      }

      // The three ways to name a server; a stdio one with --env and --cwd.
      for (const server of [
        ['--url', demoHttp.url, '--header', 'X-Team: docs'],
        ['--config', config, '--server', 'demo'],
        ['--stdio', DEMO_STDIO, '--env', 'SI_FLAG_TEST=1', '--cwd', work],
        ['--config', config, '--server', 'demo', '--env', 'SI_FLAG_TEST=1', '--cwd', work],
      ]) {
        const run = await runCli(args(command, server, ['--quiet']));
        expect(run.code, `${server.join(' ')}: ${run.stderr}`).toBe(0);
      }

      if (promised.label) {
        // verify's --label picks the lockfile's section: the one the lock wrote.
        const label = command === 'verify' ? DEMO_LABEL : 'the-demo';
        const run = await runCli(args(command, ['--stdio', DEMO_STDIO], ['--label', label]));
        expect(run.code, run.stderr).toBe(0);
        if (command === 'check') expect(run.stdout).toContain(`Server ${label} `);
        else expect(run.stderr).toContain(`Connecting to ${label}…`);
      }

      const limits = await runCli(args(command, ['--stdio', DEMO_STDIO], ['--quiet', ...promised.limits]));
      expect(limits.code, limits.stderr).toBe(0);

      // Refused, before any server starts: flags the help does not give this command, and stray words.
      for (const flag of promised.refused) {
        const run = await runCli(args(command, ['--stdio', DEMO_STDIO], flag));
        expect(run.code, flag.join(' ')).toBe(2);
        expect(run.stderr).toContain(`Unknown option '${flag[0]}'`);
        expect(run.stderr).not.toContain('Connecting to');
      }
      if (command !== 'diff') {
        const stray = await runCli([...args(command, ['--stdio', DEMO_STDIO]), 'stray']);
        expect(stray.code).toBe(2);
        expect(stray.stderr).toContain(`${command} takes no positional arguments (got "stray")`);
      }
    });
  }
});
