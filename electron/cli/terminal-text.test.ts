// What the command prints when it ends on an error quotes what others wrote:
// a lockfile's text and keys, a server's answer. Control characters and bidi
// overrides in them are shown as marks, never sent to the terminal.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeIn } from '../../test/fixtures/cli/terminal-unsafe.js';
import { runCliInProcess as run } from './run-in-process.unit.js';



let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-terminal-text-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('an error that quotes a lockfile', () => {
  it('a bad token the JSON parser quotes, with escape sequences and a line break around it', async () => {
    const file = path.join(dir, 'escapes.lock.json');
    await fs.writeFile(file, '{"lockfileVersion": 1, "servers": {"p":\r\n\x1b[1A\x1b[2KNo drift\x1b[8m}}');
    const { code, stderr } = await run(['verify', '--lock', file, '--stdio', 'node server.js']);
    expect(code).toBe(2);
    expect(unsafeIn(stderr)).toEqual([]);
    expect(stderr.trimEnd()).not.toContain('\n');
    expect(stderr).toContain('⟦CR⟧⟦LF⟧⟦ESC⟧[1A⟦ESC⟧[2KNo');
  });

  it('server labels with C1 controls and bidi overrides, which JSON escapes do not hide', async () => {
    const file = path.join(dir, 'labels.lock.json');
    await fs.writeFile(file, JSON.stringify({ lockfileVersion: 1, servers: { 'prod\u009b2K\u202egnp.exe': { skills: {} }, staging: { skills: {} } } }));
    const { code, stderr } = await run(['verify', '--lock', file, '--stdio', 'node server.js', '--label', 'qa']);
    expect(code).toBe(2);
    expect(unsafeIn(stderr)).toEqual([]);
    expect(stderr).toContain('it has "prod⟦U+009B⟧2K⟦RLO⟧gnp.exe", "staging".');
  });
});

describe('an error that quotes a server', () => {
  it('the stderr lines of a stdio server that would not start', async () => {
    const server = path.join(dir, 'boom.cjs');
    await fs.writeFile(server, "process.stderr.write('\\x1b[1A\\x1b[2KNo drift: all skills verified\\x1b[8m\\n');\nprocess.exit(3);\n");
    const lockfile = path.join(dir, 'plain.lock.json');
    await fs.writeFile(lockfile, JSON.stringify({ lockfileVersion: 1, servers: { x: { skills: {} } } }));
    const { code, stderr } = await run(['verify', '--lock', lockfile, '--stdio', `"${process.execPath}" "${server}"`, '--quiet']);
    expect(code).toBe(2);
    expect(unsafeIn(stderr)).toEqual([]);
    expect(stderr).toContain('Last stderr lines:\n⟦ESC⟧[1A⟦ESC⟧[2KNo drift: all skills verified⟦ESC⟧[8m\n');
  });
});

describe('a host config whose server names carry escape sequences (--all)', () => {
  const NAME = 'prod\r\x1b[1A\x1b[2K\u202e';
  async function config(): Promise<string> {
    const file = path.join(dir, 'claude_desktop_config.json');
    await fs.writeFile(file, JSON.stringify({ mcpServers: { [NAME]: { command: process.execPath, args: ['-e', 'process.exit(3)'] } } }));
    return file;
  }

  it('check --all: the report and the progress lines name it with marks', async () => {
    const { code, stdout, stderr } = await run(['check', '--config', await config(), '--all']);
    expect(code).toBe(2);
    expect(unsafeIn(stdout)).toEqual([]);
    expect(unsafeIn(stderr)).toEqual([]);
    expect(stdout).toContain('Server prod⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2K⟦RLO⟧ — could not be checked: cannot connect.');
    expect(stderr).toContain('[prod⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2K⟦RLO⟧] Connecting…');
  });

  it('lock --all: the report on stderr names it with marks', async () => {
    const { code, stderr } = await run(['lock', '--config', await config(), '--all', '--output', path.join(dir, 'fleet.lock.json'), '--quiet']);
    expect(code).toBe(2);
    expect(unsafeIn(stderr)).toEqual([]);
    expect(stderr).toContain('  prod⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2K⟦RLO⟧: could not be locked');
  });
});

describe('list: what a listing says of each skill', () => {
  it('a description with escape sequences, tabs and a bidi override is shown with marks, so the columns stay its own', async () => {
    const server = path.resolve(import.meta.dirname, '../../test/fixtures/cli/hostile-listing-server.mjs');
    const { code, stdout } = await run(['list', '--stdio', `"${process.execPath}" "${server}" escapes`, '--quiet']);
    expect(code).toBe(0);
    // Its own tabs separate the columns.
    expect(unsafeIn(stdout.replaceAll('\t', ' '))).toEqual([]);
    expect(stdout).toBe('skill://hello/SKILL.md\thello\tSays hello ⟦RLO⟧olleh.⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2Kskill://other/SKILL.md⟦TAB⟧other⟦TAB⟧Approved by security⟦ESC⟧[8m\n');
  });
});

describe('approve: what it says of the skill it approved', () => {
  it("the skill's allowed-tools with an escape sequence are shown with marks", async () => {
    const key = path.join(dir, 'alice.key');
    expect((await run(['key', 'new', '--name', 'Alice', '--out', key])).code).toBe(0);
    const server = path.resolve(import.meta.dirname, '../../test/fixtures/cli/hostile-listing-server.mjs');
    const { code, stdout } = await run(['approve', '--stdio', `"${process.execPath}" "${server}" escapes`, '--label', 'escape', '--key', key, '--out', path.join(dir, 'receipts'), '--quiet', '--skill', 'hello']);
    expect(code).toBe(0);
    expect(unsafeIn(stdout)).toEqual([]);
    expect(stdout).toContain('\n  allowed-tools Read⟦ESC⟧[2K none: not granted (add --grant-allowed-tools to grant them)\n');
  });
});

describe('lone UTF-16 surrogates a server wrote', () => {
  it('list shows each by its code unit, not as the U+FFFD a terminal would be sent (which a server may also write)', async () => {
    const server = path.resolve(import.meta.dirname, '../../test/fixtures/cli/hostile-listing-server.mjs');
    const { code, stdout } = await run(['list', '--stdio', `"${process.execPath}" "${server}" lone-surrogates`, '--quiet']);
    expect(code).toBe(0);
    expect(stdout).toBe('skill://hello/SKILL.md\thello\tSays ⟦U+DC00⟧hello.\n');
  });
});
