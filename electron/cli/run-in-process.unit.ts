// The command run in this test's process (runCli, as bin/skill-inspector runs
// it), its stdout and stderr kept as text: for tests that drive the command
// against real servers and files without spawning it.
import { PassThrough } from 'node:stream';
import { runCli } from './run.js';

export async function runCliInProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  const stdout: string[] = [];
  const stderr: string[] = [];
  out.on('data', (c: Buffer) => stdout.push(c.toString('utf8')));
  err.on('data', (c: Buffer) => stderr.push(c.toString('utf8')));
  const code = await runCli(args, out, err);
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}
