// The built command when its standard output goes away: a reader that stops
// early (`check … | grep -q risky`, a CI step's pipe that dies) or a disk that
// is full under `check > report.txt`. The exit code is the command's verdict,
// whoever reads the report: a failing check exited 0 once its reader closed
// the pipe before the report was written. A write that fails otherwise leaves
// an incomplete report: said in one line, exit 2, never a stack trace.
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
async function run(args: readonly string[], stdout: 'pipe' | number, closeAtOnce: boolean): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, NO_COLOR: '' }, stdio: ['ignore', stdout, 'pipe'] });
  if (closeAtOnce) child.stdout!.destroy();
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
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
  return { code, stderr };
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
      expect(result).toEqual({ code: 2, stderr: 'skill-inspector: cannot write to standard output (ENOSPC: no space left on device); what it holds is incomplete.\n' });
    } finally {
      closeSync(full);
    }
  });
});
