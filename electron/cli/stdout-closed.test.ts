// The built command when its standard output goes away: a reader that stops
// early (`check … | grep -q risky`, a CI step's pipe that dies) or a disk that
// is full under `check > report.txt`. The exit code is the command's verdict,
// whoever reads the report: a failing check exited 0 once its reader closed
// the pipe before the report was written. A write that fails otherwise leaves
// an incomplete report: said in one line, exit 2, never a stack trace. A
// stderr that cannot be written loses the progress, not the run.
// The real command over a real stdio server (escape-server.mjs: one skill that
// fails verification, so check fails with exit 1).
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../../test/support/paths.js';
import { FIXTURES, commandLine } from '../../test/fixtures/cli/harness.js';

const FAILING = ['check', '--quiet', '--stdio', commandLine(process.execPath, path.join(FIXTURES, 'escape-server.mjs'))];

/** Runs the command with stdout as given; `closeAtOnce`: stdout is a pipe whose reader closes it before anything is written. */
async function run(args: readonly string[], stdout: 'pipe' | number, closeAtOnce: boolean, stderrTo: 'pipe' | number = 'pipe'): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, NO_COLOR: '' }, stdio: ['ignore', stdout, stderrTo] });
  if (closeAtOnce) child.stdout!.destroy();
  let stderr = '';
  let out = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  if (!closeAtOnce) child.stdout?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`skill-inspector ${args.join(' ')} did not finish in 45 s: ${stderr}`));
    }, 45_000);
    child.once('error', reject);
    child.once('close', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return { code, stderr, stdout: out };
}

describe('check whose standard output goes away', { timeout: 120_000 }, () => {
  it('a reader that closes the pipe at once: exit 1 for the failing check, as when the report is read, in every format', async () => {
    for (const format of [[], ['--json'], ['--sarif'], ['--junit']]) {
      const closed = await run([...FAILING, ...format], 'pipe', true);
      expect({ format, code: closed.code, stderr: closed.stderr }).toEqual({ format, code: 1, stderr: '' });
    }
  });

  // /dev/full: every write fails with ENOSPC, as on a full disk.
  it.runIf(process.platform === 'linux')('a full disk under > file: one line saying the report is incomplete, exit 2, no stack trace', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const result = await run(FAILING, full, false);
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 2, stderr: 'skill-inspector: cannot write to standard output (ENOSPC: no space left on device); what it holds is incomplete.\n' });
    } finally {
      closeSync(full);
    }
  });

  // Progress goes to stderr; a stderr that fails (closed, or a full disk under 2> log) loses the progress, not the run.
  it.runIf(process.platform === 'linux')('a stderr that cannot be written: the passing check still writes its report and exits 0', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const passing = await run(['check', '--stdio', commandLine(process.execPath, CLI, 'demo-server')], 'pipe', false, full);
      expect(passing.code).toBe(0);
      expect(passing.stdout.trimEnd().split('\n').at(-2)).toBe('7 skill(s); 0 error(s), 6 warning(s), 1 info.');
    } finally {
      closeSync(full);
    }
  });
});
