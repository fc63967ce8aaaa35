// `key new --out FILE` when a file or a symbolic link appears at FILE (or
// FILE.pub) after the command looked: another process, or a link planted to
// have the private key written where the planter can read it. The look is
// made to miss it (lstat answers "no such file", as it would have a moment
// before); the write must still refuse, leaving what is there untouched,
// and never leave a half-made key behind.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCliInProcess } from './run-in-process.unit.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-key-new-race-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

/** The command's look at these paths answers ENOENT: what it saw before they appeared. */
function lookMisses(...paths: string[]): void {
  const lstat = fs.lstat.bind(fs);
  vi.spyOn(fs, 'lstat').mockImplementation((async (file: Parameters<typeof fs.lstat>[0], options?: Parameters<typeof fs.lstat>[1]) => {
    if (paths.includes(String(file))) throw Object.assign(new Error(`ENOENT: no such file or directory, lstat '${String(file)}'`), { code: 'ENOENT' });
    return lstat(file, options);
  }) as typeof fs.lstat);
}

const refusal = (file: string) => `skill-inspector: ${file} already exists; skill-inspector never replaces a key. Choose another --out, or remove it first.\n`;

describe('key new --out FILE, racing a file that appears there', () => {
  it('does not overwrite a file that appeared at FILE after the look; nothing else is written', async () => {
    const file = path.join(dir, 'alice.key');
    await fs.writeFile(file, 'someone else\'s key\n');
    lookMisses(file, `${file}.pub`);
    const run = await runCliInProcess(['key', 'new', '--name', 'Alice', '--out', file]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: refusal(file) });
    expect(await fs.readFile(file, 'utf8')).toBe('someone else\'s key\n');
    expect(await fs.readdir(dir)).toEqual(['alice.key']);
  });

  it('does not write through, or over, a symbolic link planted at FILE', async () => {
    const file = path.join(dir, 'alice.key');
    const elsewhere = path.join(dir, 'readable-by-the-planter');
    await fs.symlink(elsewhere, file);
    lookMisses(file, `${file}.pub`);
    const run = await runCliInProcess(['key', 'new', '--name', 'Alice', '--out', file]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: refusal(file) });
    expect(await fs.readlink(file)).toBe(elsewhere);
    expect((await fs.readdir(dir)).sort()).toEqual(['alice.key']);
  });

  it('does not overwrite a FILE.pub that appeared after the look, and takes the private key it made back', async () => {
    const file = path.join(dir, 'alice.key');
    await fs.writeFile(`${file}.pub`, 'ssh-ed25519 AAAA… someone-else\n');
    lookMisses(file, `${file}.pub`);
    const run = await runCliInProcess(['key', 'new', '--name', 'Alice', '--out', file]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: refusal(`${file}.pub`) });
    expect(await fs.readFile(`${file}.pub`, 'utf8')).toBe('ssh-ed25519 AAAA… someone-else\n');
    expect(await fs.readdir(dir)).toEqual(['alice.key.pub']);
  });

  it('with nothing in the way, makes the private key with mode 600 from its creation', async () => {
    const file = path.join(dir, 'keys', 'alice.key');
    const modes: number[] = [];
    const open = fs.open.bind(fs);
    vi.spyOn(fs, 'open').mockImplementation((async (...args: Parameters<typeof fs.open>) => {
      if (String(args[0]) === file) modes.push(Number(args[2]));
      return open(...args);
    }) as typeof fs.open);
    const run = await runCliInProcess(['key', 'new', '--name', 'Alice', '--out', file]);
    expect(run.code).toBe(0);
    expect(modes).toEqual([0o600]);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.readdir(path.dirname(file))).sort()).toEqual(['alice.key', 'alice.key.pub']);
  });
});
