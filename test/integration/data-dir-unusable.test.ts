// A data folder the app cannot make or read: its parent is a file, or a file
// stands in its place. Browser mode stopped with Node's own error and stack
// (ENOTDIR: not a directory, mkdir '…' at async createInspector …), and
// `gateway` printed "ENOTDIR: not a directory, stat '…/approvals.json'". Now
// each says which folder, why, and what to do, and exits non-zero, no stack.
// The built web server and command, as a person starts them.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli/harness.js';
import { startWebExpectingExit } from '../fixtures/web-process.js';
import { WEB } from '../support/paths.js';

let work: string;
let file: string;
beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-data-dir-unusable-'));
  file = path.join(work, 'notes.txt');
  await fs.writeFile(file, 'not a folder\n');
});
afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const CHOOSE = 'Start with another data folder (--data-dir <folder>, or the SKILL_INSPECTOR_DATA_DIR environment variable)';

describe('a data folder that cannot be made or read', { timeout: 60_000 }, () => {
  it('browser mode, its parent a file: says so in words, exits 1, no stack', async () => {
    const dataDir = path.join(file, 'data');
    const run = await startWebExpectingExit(dataDir, ['--no-demo']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`skill-inspector web: Could not create the data folder ${dataDir}: ${file} is a file, not a folder (ENOTDIR). ${CHOOSE}, or move ${file} away.\n`);
    expect(await fs.readFile(file, 'utf8')).toBe('not a folder\n');
  });

  it('browser mode, a file in its place: says so in words, exits 1, the file untouched', async () => {
    const run = await startWebExpectingExit(file, ['--no-demo']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`skill-inspector web: Could not create the data folder ${file}: it is a file, not a folder (EEXIST). ${CHOOSE}, or move ${file} away.\n`);
    expect(await fs.readFile(file, 'utf8')).toBe('not a folder\n');
  });

  it('browser mode, no permission in the folder above: names that folder, exits 1', async () => {
    const locked = path.join(work, 'locked');
    await fs.mkdir(locked, { mode: 0o755 });
    await fs.chmod(work, 0o755);
    const dataDir = path.join(locked, 'data');
    const web = [WEB, '--port', '0', '--data-dir', dataDir, '--no-demo', '--no-connect'];
    // Root may write anywhere: the server then runs as nobody (setpriv), to whom the folder is read-only.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) await fs.chmod(locked, 0o555);
    const [command, args] = asRoot ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, ...web]] : [process.execPath, web];
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(command, args, { env: { ...process.env, HOME: work } }, (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr })),
    );
    await fs.chmod(locked, 0o755);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`skill-inspector web: Could not create the data folder ${dataDir}: permission was denied in ${locked} (EACCES). ${CHOOSE}, or fix that folder's permissions.\n`);
  });

  it('gateway, its data folder under a file (from --data-dir or the environment): says so in words, exits 2', async () => {
    const dataDir = path.join(file, 'data');
    for (const run of [await runCli(['gateway', '--data-dir', dataDir]), await runCli(['gateway'], { env: { SKILL_INSPECTOR_DATA_DIR: dataDir } })]) {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`skill-inspector: Could not read the data folder ${dataDir}: ${file} is a file, not a folder (ENOTDIR). ${CHOOSE}, or move ${file} away.\n`);
    }
  });

  it('gateway, a file in the data folder\'s place: says so in words, exits 2', async () => {
    const run = await runCli(['gateway', '--data-dir', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`skill-inspector: Could not read the data folder ${file}: it is a file, not a folder (ENOTDIR). ${CHOOSE}, or move ${file} away.\n`);
  });

  it('gateway, no data folder yet: serves nothing, as before', async () => {
    const run = await runCli(['gateway', '--data-dir', path.join(work, 'none')]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('skill-inspector gateway: serving 0 skill(s).\n');
  });
});
