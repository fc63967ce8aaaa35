import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostConfigError } from './edit-host-config.js';
import { hostFile, hostFiles, type HostId } from './host-files.js';
import { previewHostConfig, undoHostConfig, writeHostConfig } from './write-host-config.js';

const launch = { command: '/opt/Skill Inspector/skill-inspector', args: ['gateway', '--data-dir', '/home/u/.config/skill-inspector'], env: { ELECTRON_RUN_AS_NODE: '1' } };

let home: string;
let cwd: string;
const places = () => ({ home, cwd, platform: 'linux' as const });
const target = (host: HostId) => hostFile(host, places());

beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'si-host-home-'));
  cwd = await fs.mkdtemp(path.join(os.tmpdir(), 'si-host-project-'));
});
afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
  await fs.rm(cwd, { recursive: true, force: true });
});

async function put(file: string, text: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

// Each host's own file shape, with comments, a trailing comma and another server the user keeps.
const EXISTING: Record<HostId, string> = {
  'claude-desktop': '{\n  // my servers\n  "mcpServers": {\n    "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },\n  },\n  "globalShortcut": "Ctrl+Space"\n}\n',
  'claude-code-user': '{\n  "numStartups": 12,\n  "projects": { "/home/u/p": { "allowedTools": [] } },\n  "mcpServers": {\n    "files": { "type": "stdio", "command": "npx", "args": [] }\n  }\n}\n',
  'claude-code-project': '{\n    "mcpServers": {\n        /* team server */\n        "files": { "type": "http", "url": "https://mcp.example/mcp" }\n    }\n}\n',
  'cursor-user': '{\n\t"mcpServers": {\n\t\t"files": { "command": "npx" } // keep me\n\t}\n}\n',
  'cursor-project': '{ "mcpServers": {} }\n',
  'vscode-user': '// VS Code user MCP config\n{\n  "inputs": [],\n  "servers": {\n    "files": { "type": "stdio", "command": "npx" },\n  },\n}\n',
  'vscode-project': '{\r\n  "servers": {\r\n    "files": { "type": "stdio", "command": "npx" }\r\n  }\r\n}\r\n',
};

describe('host files', () => {
  it('knows each host file where the import looks, plus Claude Code\'s two', () => {
    expect(hostFiles(places()).map((h) => [h.host, path.relative(home, h.path).startsWith('..') ? path.relative(cwd, h.path) : `~/${path.relative(home, h.path)}`, h.serversKey, h.shape])).toEqual([
      ['claude-desktop', '~/.config/Claude/claude_desktop_config.json', 'mcpServers', 'plain'],
      ['claude-code-user', '~/.claude.json', 'mcpServers', 'typed'],
      ['claude-code-project', '.mcp.json', 'mcpServers', 'typed'],
      ['cursor-user', '~/.cursor/mcp.json', 'mcpServers', 'plain'],
      ['cursor-project', '.cursor/mcp.json', 'mcpServers', 'plain'],
      ['vscode-user', '~/.config/Code/User/mcp.json', 'servers', 'typed'],
      ['vscode-project', '.vscode/mcp.json', 'servers', 'typed'],
    ]);
  });
});

describe.each(Object.keys(EXISTING) as HostId[])('%s', (host) => {
  it('adds the gateway, keeps every comment, other server and setting, and Undo restores the file byte for byte', async () => {
    const t = target(host);
    const before = EXISTING[host];
    await put(t.path, before);
    const preview = await previewHostConfig(t, launch);
    expect(preview.problem).toBeUndefined();
    expect(preview.before).toBe(before);
    expect(preview.unchanged).toBe(false);
    // Lines are only added (and a comma after the server before): every old line is still there, in order.
    const removed = preview.diff!.split(/\r?\n/).filter((l) => l.startsWith('-') && !l.startsWith('---'));
    if (host === 'cursor-project') {
      // "{}" becomes a block in the file's indentation (two spaces when it has none).
      const entry = JSON.stringify({ command: launch.command, args: launch.args, env: launch.env }, null, 2).split('\n').join('\n  ');
      expect(preview.after).toBe(`{ "mcpServers": {\n  "skill-inspector": ${entry}\n} }\n`);
    } else {
      expect(removed.length).toBeLessThanOrEqual(1);
      const noCommas = (text: string) => text.split(/\r?\n/).map((l) => l.replaceAll(',', ''));
      const afterLines = noCommas(preview.after!);
      let at = 0;
      for (const line of noCommas(before)) {
        at = afterLines.indexOf(line, at);
        expect(at, `line ${JSON.stringify(line)} kept in order`).toBeGreaterThanOrEqual(0);
      }
    }
    const parsed = parse(preview.after!) as Record<string, Record<string, unknown>>;
    const entry = parsed[t.serversKey]!['skill-inspector'];
    expect(entry).toEqual({ ...(t.shape === 'typed' ? { type: 'stdio' } : {}), command: launch.command, args: launch.args, env: launch.env });
    if (host !== 'cursor-project') expect(parsed[t.serversKey]!['files']).toBeDefined();
    // The host's own line ending and indentation.
    if (host === 'vscode-project') expect(preview.after).not.toMatch(/[^\r]\n/);
    if (host === 'cursor-user') expect(preview.after).toContain('\t\t"skill-inspector"');

    const written = await writeHostConfig(t, launch, { expectedSha256: preview.beforeSha256!, now: new Date('2026-12-02T01:02:03.004Z') });
    expect(await fs.readFile(t.path, 'utf8')).toBe(preview.after);
    expect(written.backup).toBe(`${t.path}.skill-inspector-2026-12-02T01-02-03-004Z.bak`);
    expect(await fs.readFile(written.backup!, 'utf8')).toBe(before);
    // Written again from the file as it is now: nothing to do.
    expect((await previewHostConfig(t, launch)).unchanged).toBe(true);

    await undoHostConfig(written);
    expect(await fs.readFile(t.path, 'utf8')).toBe(before);
  });
});

describe('writing a host file', () => {
  it('creates a missing file (and its folder), and Undo removes it again', async () => {
    const t = target('vscode-project');
    const preview = await previewHostConfig(t, launch);
    expect(preview.exists).toBe(false);
    expect(preview.diff).toContain('--- /dev/null');
    const written = await writeHostConfig(t, launch, { expectedSha256: null });
    expect(written.backup).toBeNull();
    expect(JSON.parse(await fs.readFile(t.path, 'utf8'))).toEqual({ servers: { 'skill-inspector': { type: 'stdio', command: launch.command, args: launch.args, env: launch.env } } });
    await undoHostConfig(written);
    await expect(fs.stat(t.path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('replaces an older gateway entry in place and keeps a byte-exact backup of a file with a BOM and odd bytes', async () => {
    const t = target('claude-desktop');
    const before = Buffer.concat([Buffer.from('\uFEFF{\n  "mcpServers": {\n    "skill-inspector": { "command": "old" },\n    "x": { "command": "caf\u00e9" }\n  }\n}', 'utf8')]);
    await put(t.path, before);
    await fs.chmod(t.path, 0o640);
    const written = await writeHostConfig(t, launch);
    const after = await fs.readFile(t.path);
    expect(after.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect((await fs.stat(t.path)).mode & 0o777).toBe(0o640);
    const text = after.toString('utf8').slice(1);
    expect(text).not.toContain('"old"');
    expect(text.indexOf('"skill-inspector"')).toBeLessThan(text.indexOf('"x"'));
    expect(await fs.readFile(written.backup!)).toEqual(before);
    await undoHostConfig(written);
    expect(await fs.readFile(t.path)).toEqual(before);
    expect((await fs.stat(t.path)).mode & 0o777).toBe(0o640);
  });

  it('writes through a symbolic link to the real file, which stays a link', async () => {
    const t = target('cursor-user');
    const real = path.join(home, 'dotfiles', 'cursor-mcp.json');
    await put(real, EXISTING['cursor-project']);
    await fs.mkdir(path.dirname(t.path), { recursive: true });
    await fs.symlink(real, t.path);
    const written = await writeHostConfig(t, launch);
    expect((await fs.lstat(t.path)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(real, 'utf8')).toContain('"skill-inspector"');
    expect(written.path).toBe(await fs.realpath(real));
  });

  it('refuses a file that does not parse, naming the file and line, and leaves it untouched with no backup', async () => {
    const t = target('claude-code-project');
    const broken = '{\n  "mcpServers": {\n    "files": { "command": "npx" }\n    "other": {}\n  }\n}\n';
    await put(t.path, broken);
    const preview = await previewHostConfig(t, launch);
    expect(preview.after).toBeUndefined();
    expect(preview.problem).toBe(`${t.path}: it is not valid JSON (CommaExpected at line 4, column 5). Fix the file, or copy the snippet and add it by hand; nothing was written.`);
    expect(preview.snippet).toContain('"skill-inspector"');
    await expect(writeHostConfig(t, launch)).rejects.toThrow(HostConfigError);
    await expect(writeHostConfig(t, launch)).rejects.toThrow(`${t.path}: it is not valid JSON (CommaExpected at line 4, column 5)`);
    expect(await fs.readFile(t.path, 'utf8')).toBe(broken);
    expect((await fs.readdir(cwd)).sort()).toEqual(['.mcp.json']);
  });

  // jsonc-parser parses by recursion: 20,000 open brackets overflowed the stack, a RangeError naming neither file nor place.
  it('refuses a file nested too deep, naming the file, line and column, and leaves it untouched with no backup', async () => {
    const t = target('vscode-user');
    const deep = '['.repeat(20_000);
    await put(t.path, deep);
    const problem = `${t.path}: it is not valid JSON (nested more than 512 levels deep at line 1, column 513). Fix the file, or copy the snippet and add it by hand; nothing was written.`;
    expect((await previewHostConfig(t, launch)).problem).toBe(problem);
    await expect(writeHostConfig(t, launch)).rejects.toThrow(new HostConfigError(t.path, problem.slice(t.path.length + 2)));
    expect(await fs.readFile(t.path, 'utf8')).toBe(deep);
    // Deep inside a host's own shape, comments and a trailing comma before it (brackets in a comment or a string are not levels).
    const inside = `// mine [[[[\n{\n  "inputs": ["[[[["],\n  "servers": {\n    "files": { "args": ${deep}`;
    await put(t.path, inside);
    await expect(writeHostConfig(t, launch)).rejects.toThrow(`${t.path}: it is not valid JSON (nested more than 512 levels deep at line 5, column 533).`);
    expect(await fs.readFile(t.path, 'utf8')).toBe(inside);
    // A fault before the depth is the one named.
    await put(t.path, `{\n  "servers": x, ${deep}`);
    await expect(writeHostConfig(t, launch)).rejects.toThrow(`${t.path}: it is not valid JSON (InvalidSymbol at line 2, column 14).`);
    expect((await fs.readdir(path.dirname(t.path))).sort()).toEqual([path.basename(t.path)]);
  });

  it('refuses a servers key that is not an object, and a top level that is not one', async () => {
    const t = target('vscode-user');
    await put(t.path, '{\n  "servers": [1, 2]\n}\n');
    expect((await previewHostConfig(t, launch)).problem).toBe(`${t.path}: "servers" at line 2 is an array, not an object of servers; nothing was written.`);
    await put(t.path, '[]');
    await expect(writeHostConfig(t, launch)).rejects.toThrow(`${t.path}: its top level is an array, not an object of settings; nothing was written.`);
  });

  // A host reads a key named twice by its last copy (JSON.parse): the gateway's entry written into the first copy
  // would never be read, and the user would think every skill now goes through the gateway.
  it('refuses a servers key, or a gateway entry, named twice, naming the lines, and leaves the file untouched', async () => {
    const t = target('claude-code-project');
    const twice = '{\n  "mcpServers": {\n    "files": { "command": "npx" }\n  },\n  "mcpServers": {\n    "docs": { "command": "uvx" }\n  }\n}\n';
    await put(t.path, twice);
    expect((await previewHostConfig(t, launch)).problem).toBe(
      `${t.path}: "mcpServers" is named 2 times at its top level (lines 2 and 5): a host reads only the last, so an entry written into another would be ignored. Keep one, then try again; nothing was written.`,
    );
    await expect(writeHostConfig(t, launch)).rejects.toThrow(HostConfigError);
    expect(await fs.readFile(t.path, 'utf8')).toBe(twice);
    const entryTwice = '{\n  "mcpServers": {\n    "skill-inspector": { "command": "a" },\n    "skill-inspector": { "command": "b" }\n  }\n}\n';
    await put(t.path, entryTwice);
    await expect(writeHostConfig(t, launch)).rejects.toThrow(
      `${t.path}: "skill-inspector" is named 2 times in "mcpServers" (lines 3 and 4): a host reads only the last, so an entry written into another would be ignored. Keep one, then try again; nothing was written.`,
    );
    expect(await fs.readFile(t.path, 'utf8')).toBe(entryTwice);
  });

  it('refuses to write when the file changed since the preview', async () => {
    const t = target('cursor-project');
    await put(t.path, EXISTING['cursor-project']);
    const preview = await previewHostConfig(t, launch);
    await put(t.path, '{ "mcpServers": { "new": { "command": "n" } } }\n');
    await expect(writeHostConfig(t, launch, { expectedSha256: preview.beforeSha256! })).rejects.toThrow('the file changed since the preview');
    expect(await fs.readFile(t.path, 'utf8')).toBe('{ "mcpServers": { "new": { "command": "n" } } }\n');
  });

  it('Undo leaves a file alone that was edited after the write, and says where the backup is', async () => {
    const t = target('claude-code-user');
    await put(t.path, EXISTING['claude-code-user']);
    const written = await writeHostConfig(t, launch);
    const edited = (await fs.readFile(t.path, 'utf8')).replace('"numStartups": 12', '"numStartups": 13');
    await put(t.path, edited);
    await expect(undoHostConfig(written)).rejects.toThrow(`it was changed after Skill Inspector wrote it, so Undo left it alone. The copy from before is kept at ${written.backup}.`);
    expect(await fs.readFile(t.path, 'utf8')).toBe(edited);
  });
});
