// The modes of the files the command writes. A lockfile and a receipt are
// meant to be committed and read by CI and teammates: they are ordinary files,
// created as the user's umask says (644 under umask 022, 640 under 027), as
// `>` or an editor would. A private key stays 600 whatever the umask; its .pub
// is an ordinary file. Both used to be written 600. The real built command,
// started by a shell that sets the umask, a real stdio server.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkillFolder, skillMd } from '../fixtures/mutable-server/fixture.js';
import { commandLine } from '../fixtures/cli/harness.js';
import { CLI } from '../support/paths.js';

/** Runs the built command under `umask`; its exit code and output. */
async function underUmask(umask: string, args: readonly string[], cwd: string): Promise<{ code: number | null; out: string }> {
  const child = spawn('sh', ['-c', `umask ${umask} && exec "$0" "$@"`, process.execPath, CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, out };
}

async function modeOf(file: string): Promise<string> {
  return ((await fs.stat(file)).mode & 0o777).toString(8);
}

let work: string;
let skills: SkillFolder | undefined;
beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-file-modes-'));
});
afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
  if (skills) await fs.rm(skills.dir, { recursive: true, force: true });
  skills = undefined;
});

describe('the modes of the files the command writes', { timeout: 120_000 }, () => {
  it('lockfile and receipts follow the umask; the private key is 600', async () => {
    skills = await SkillFolder.create();
    await skills.write('alpha/SKILL.md', skillMd('alpha', 'Formats invoices. Use when asked for an invoice.'));
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', commandLine(stdio.command, ...(stdio.args ?? [])), '--label', 'modes', '--quiet'];

    const seen: Record<string, string[]> = {};
    for (const umask of ['022', '027']) {
      const dir = path.join(work, umask);
      await fs.mkdir(dir);
      const lock = await underUmask(umask, ['lock', ...server, '--output', 'skills.lock.json'], dir);
      expect(lock.code, lock.out).toBe(0);
      const key = await underUmask(umask, ['key', 'new', '--name', 'Alice', '--out', 'alice.key'], dir);
      expect(key.code, key.out).toBe(0);
      const approve = await underUmask(umask, ['approve', ...server, '--skill', 'alpha', '--key', 'alice.key', '--out', 'approvals'], dir);
      expect(approve.code, approve.out).toBe(0);
      const [receipt] = await fs.readdir(path.join(dir, 'approvals'));
      seen[umask] = [
        await modeOf(path.join(dir, 'skills.lock.json')),
        await modeOf(path.join(dir, 'approvals', receipt!)),
        await modeOf(path.join(dir, 'alice.key')),
        await modeOf(path.join(dir, 'alice.key.pub')),
      ];
    }
    expect(seen).toEqual({ '022': ['644', '644', '600', '644'], '027': ['640', '640', '600', '640'] });
  });
});
