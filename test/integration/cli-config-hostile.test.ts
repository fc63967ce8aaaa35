// `skill-inspector check --config FILE` against host configs that are damaged
// or hostile, through the built command: each exits 2 at once with a message
// that names the file and what is wrong, and never prints a secret the file holds.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli/harness.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-config-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function config(name: string, bytes: string | Buffer): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, bytes);
  return file;
}

describe('check --config with a config it cannot use', () => {
  // Read leniently, "/opt/café/server" saved in Latin-1 became "/opt/caf\uFFFD/server", and the
  // command tried to start a program the file never named.
  it('a file that is not UTF-8: exit 2, the byte and its place', { timeout: 60_000 }, async () => {
    const file = await config('latin1.json', Buffer.concat([Buffer.from('{"mcpServers": {"a": {"command": "/opt/caf'), Buffer.from([0xe9]), Buffer.from('/server"}}}\n')]));
    const { code, stdout, stderr } = await runCli(['check', '--config', file, '--server', 'a']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`Cannot read --config ${file}: it is not UTF-8 text (byte 0xe9 at line 1, column 43); save it as UTF-8, as the MCP clients read it.`);
  });

  // The parse error quoted up to 40 characters at the fault: a CI job's log held the token.
  it('a token written without quotes: exit 2, placed, never printed', { timeout: 60_000 }, async () => {
    const file = await config('bare-token.json', '{"mcpServers": {"a": {"command": "x", "env": {"GITHUB_TOKEN": ghp_16C7e42F292c6912E7710c838347Ae178B4a}}}}');
    const { code, stdout, stderr } = await runCli(['check', '--config', file, '--all']);
    expect(code).toBe(2);
    expect(stderr).toContain(`${file}: not valid JSON: unexpected text, not shown here as it may be a secret (a value must be in double quotes) at line 1, column 63.`);
    expect(stdout + stderr).not.toContain('ghp_');
  });

  it('a NUL in an argument: that server fails naming the field, before any process starts', { timeout: 60_000 }, async () => {
    const file = await config('nul.json', JSON.stringify({ mcpServers: { a: { command: process.execPath, args: ['-e', 'x\u0000'] } } }));
    const { code, stderr } = await runCli(['check', '--config', file, '--server', 'a']);
    expect(code).toBe(2);
    expect(stderr).toContain(`${file}, server "a": args[1] holds a NUL character (at character 2), which no program can be given.`);
  });

  it('a link loop, a 3 GB sparse file, a folder: exit 2 at once, each said', { timeout: 60_000 }, async () => {
    const loop = path.join(dir, 'loop.json');
    await fs.symlink(loop, loop);
    const huge = path.join(dir, 'huge.json');
    execFileSync('truncate', ['-s', '3G', huge]);
    const folder = path.join(dir, 'folder.json');
    await fs.mkdir(folder);
    const said = async (file: string) => {
      const { code, stderr } = await runCli(['check', '--config', file, '--all']);
      expect(code).toBe(2);
      return stderr.trim();
    };
    expect(await said(loop)).toContain(`Cannot read --config ${loop}: ELOOP.`);
    expect(await said(huge)).toContain(`Cannot read --config ${huge}: it is larger than 5242880 bytes; it was not read.`);
    expect(await said(folder)).toContain(`Cannot read --config ${folder}: it is a folder, not a regular file; it was not read.`);
  });
});
