// Config import: every shape people have, as they write it, and every way a
// file can be wrong, each with the message the user will read.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, knownConfigFiles, parseConfigText, readConfigFile } from './config-import.js';
import { MAX_CONFIG_BYTES } from './config-locations.js';

const HOME = '/home/ada';

function parse(text: string, source: string, labels: readonly string[] = [], hint?: Parameters<typeof parseConfigText>[3]) {
  return parseConfigText(text, source, labels, hint, { home: HOME });
}

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('the shapes people have', () => {
  test('Claude Desktop: mcpServers of stdio commands', () => {
    const source = `${HOME}/.config/Claude/claude_desktop_config.json`;
    const preview = parse(
      JSON.stringify({
        mcpServers: {
          filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/ada/Desktop'] },
          github: { command: 'docker', args: ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x' } },
        },
        globalShortcut: 'Ctrl+Space',
      }),
      source,
    );
    expect(preview).toEqual({
      source,
      format: 'claude-desktop',
      candidates: [
        {
          name: 'filesystem',
          suggestedLabel: 'filesystem',
          conflict: false,
          transport: { kind: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/ada/Desktop'], env: {} },
        },
        {
          name: 'github',
          suggestedLabel: 'github',
          conflict: false,
          transport: { kind: 'stdio', command: 'docker', args: ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x' } },
        },
      ],
    });
  });

  test('Cursor, user file: remote servers with headers, and variables Cursor fills in', () => {
    const source = `${HOME}/.cursor/mcp.json`;
    const preview = parse(
      JSON.stringify({
        mcpServers: {
          linear: { url: 'https://mcp.linear.app/sse' },
          'remote-api': { url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${env:API_TOKEN}' } },
          notes: { command: 'node', args: ['${userHome}/mcp/notes.js'], env: { NOTES_DIR: '${userHome}/notes' } },
        },
      }),
      source,
    );
    expect(preview.format).toBe('cursor');
    expect(preview.candidates).toEqual([
      { name: 'linear', suggestedLabel: 'linear', conflict: false, transport: { kind: 'sse', url: 'https://mcp.linear.app/sse', headers: {} } },
      {
        name: 'remote-api',
        suggestedLabel: 'remote-api',
        conflict: false,
        transport: { kind: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${env:API_TOKEN}' } },
        warnings: [
          'headers.Authorization uses ${env:API_TOKEN}, which the editor fills in from its environment variable API_TOKEN; Skill Inspector keeps the text as it is, so edit the server after import and enter the value.',
        ],
      },
      {
        name: 'notes',
        suggestedLabel: 'notes',
        conflict: false,
        transport: { kind: 'stdio', command: 'node', args: [`${HOME}/mcp/notes.js`], env: { NOTES_DIR: `${HOME}/notes` } },
      },
    ]);
  });

  test('Cursor, project file: ${workspaceFolder} is the project folder', () => {
    const source = '/work/acme/.cursor/mcp.json';
    const preview = parse(JSON.stringify({ mcpServers: { local: { type: 'stdio', command: 'python', args: ['${workspaceFolder}/tools/server.py'], cwd: '${workspaceFolder}' } } }), source);
    expect(preview.format).toBe('cursor');
    expect(preview.candidates[0]?.transport).toEqual({ kind: 'stdio', command: 'python', args: ['/work/acme/tools/server.py'], env: {}, cwd: '/work/acme' });
    expect(preview.candidates[0]?.warnings).toBeUndefined();
  });

  test('VS Code .vscode/mcp.json: "servers", "type", JSONC comments and trailing commas, ${input:…} flagged', () => {
    const source = '/work/acme/.vscode/mcp.json';
    const text = `{
  // Inputs are prompted for when a server starts.
  "inputs": [
    { "type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key", "password": true },
  ],
  "servers": {
    /* a local server */
    "Perplexity": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "server-perplexity-ask"],
      "env": { "PERPLEXITY_API_KEY": "\${input:perplexity-key}", },
      "envFile": "\${workspaceFolder}/.env",
    },
    "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/" },
    "legacy": { "type": "sse", "url": "http://localhost:3000/events" }, // not /sse, but typed
  },
}`;
    const preview = parse(text, source);
    expect(preview.format).toBe('vscode');
    expect(preview.candidates).toEqual([
      {
        name: 'Perplexity',
        suggestedLabel: 'Perplexity',
        conflict: false,
        transport: { kind: 'stdio', command: 'npx', args: ['-y', 'server-perplexity-ask'], env: { PERPLEXITY_API_KEY: '${input:perplexity-key}' } },
        warnings: [
          "envFile (${workspaceFolder}/.env) is not read; add the variables it sets to the server's environment after import.",
          'env.PERPLEXITY_API_KEY uses ${input:perplexity-key}, a value VS Code asks for when it starts the server ("Perplexity API Key"); Skill Inspector cannot ask for it, so edit the server after import and enter the value.',
        ],
      },
      { name: 'github', suggestedLabel: 'github', conflict: false, transport: { kind: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: {} } },
      { name: 'legacy', suggestedLabel: 'legacy', conflict: false, transport: { kind: 'sse', url: 'http://localhost:3000/events', headers: {} } },
    ]);
  });

  test('VS Code user settings.json: "mcp": { "servers": … }', () => {
    const preview = parse('{ "editor.fontSize": 14, "mcp": { "servers": { "time": { "command": "uvx", "args": ["mcp-server-time"] } } } }', `${HOME}/.config/Code/User/settings.json`);
    expect(preview.format).toBe('vscode');
    expect(preview.candidates.map((c) => c.transport)).toEqual([{ kind: 'stdio', command: 'uvx', args: ['mcp-server-time'], env: {} }]);
  });

  test('the MCP Inspector catalog: typed entries, "streamable-http", cwd, and its own settings ignored', () => {
    const source = `${HOME}/.mcp-inspector/mcp.json`;
    const preview = parse(
      JSON.stringify({
        mcpServers: {
          'everything-server-default': { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
          'my-server': { type: 'stdio', command: 'node', args: ['build/index.js'], env: { API_KEY: 'k' }, cwd: '/path/to/server' },
          'my-http-server': { type: 'http', url: 'https://api.example.com/mcp', headers: { 'X-Tenant': 'acme' }, protocolEra: 'modern', requestTimeout: 5000 },
          'older-http': { type: 'streamable-http', url: 'http://localhost:3001/mcp' },
          'my-sse': { type: 'sse', url: 'http://localhost:3001/sse' },
        },
      }),
      source,
    );
    expect(preview.format).toBe('mcp-inspector');
    expect(preview.candidates.map((c) => c.transport)).toEqual([
      { kind: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: {} },
      { kind: 'stdio', command: 'node', args: ['build/index.js'], env: { API_KEY: 'k' }, cwd: '/path/to/server' },
      { kind: 'http', url: 'https://api.example.com/mcp', headers: { 'X-Tenant': 'acme' } },
      { kind: 'http', url: 'http://localhost:3001/mcp', headers: {} },
      { kind: 'sse', url: 'http://localhost:3001/sse', headers: {} },
    ]);
  });

  test('a catalog file elsewhere is recognised by its shape', () => {
    expect(parse('{"mcpServers": {"a": {"type": "streamable-http", "url": "http://localhost/mcp"}}}', '/tmp/exported.json').format).toBe('mcp-inspector');
    expect(parse('{"mcpServers": {"a": {"command": "x"}}}', '/tmp/some.json').format).toBe('claude-desktop');
    expect(parse('{"servers": {"a": {"command": "x"}}}', '/tmp/some.json').format).toBe('vscode');
  });

  describe('pasted JSON of each shape', () => {
    const cases: Array<[string, string]> = [
      ['Claude Desktop / Cursor', '{"mcpServers": {"weather": {"command": "uvx", "args": ["weather-mcp"]}}}'],
      ['VS Code', '{"servers": {"weather": {"type": "stdio", "command": "uvx", "args": ["weather-mcp"]}}}'],
      ['VS Code settings', '{"mcp": {"servers": {"weather": {"command": "uvx", "args": ["weather-mcp"]}}}}'],
      ['MCP Inspector', '{"mcpServers": {"weather": {"type": "stdio", "command": "uvx", "args": ["weather-mcp"], "protocolEra": "auto"}}}'],
      ['the inside of "mcpServers"', '{"weather": {"command": "uvx", "args": ["weather-mcp"]}}'],
      ['one entry without its braces', '"weather": {"command": "uvx", "args": ["weather-mcp"]}'],
    ];
    test.each(cases)('%s', (_shape, text) => {
      expect(parse(text, 'pasted JSON', [], 'pasted')).toEqual({
        source: 'pasted JSON',
        format: 'pasted',
        candidates: [{ name: 'weather', suggestedLabel: 'weather', conflict: false, transport: { kind: 'stdio', command: 'uvx', args: ['weather-mcp'], env: {} } }],
      });
    });

    test('a single definition, named by its "name" or not at all', () => {
      expect(parse('{"name": "docs", "url": "https://docs.example.com/mcp"}', 'pasted JSON', [], 'pasted').candidates).toEqual([
        { name: 'docs', suggestedLabel: 'docs', conflict: false, transport: { kind: 'http', url: 'https://docs.example.com/mcp', headers: {} } },
      ]);
      expect(parse('{"command": "my-server"}', 'pasted JSON', [], 'pasted').candidates[0]?.name).toBe('imported-server');
    });
  });
});

describe('labels', () => {
  test('a name taken in the catalog is a conflict with a free label suggested; so is a name repeated in the file', () => {
    const preview = parse('{"mcpServers": {"GitHub": {"command": "a"}, "github": {"command": "b"}, "fresh": {"command": "c"}}}', '/tmp/x.json', ['github', 'GitHub (2)']);
    expect(preview.candidates.map((c) => [c.name, c.suggestedLabel, c.conflict])).toEqual([
      ['GitHub', 'GitHub (3)', true],
      ['github', 'github (4)', true],
      ['fresh', 'fresh', false],
    ]);
  });

  test('an empty name gets a default label', () => {
    expect(parse('{"mcpServers": {" ": {"command": "a"}}}', '/tmp/x.json').candidates[0]?.suggestedLabel).toBe('server');
  });
});

describe('bad files say which file and what is wrong', () => {
  const f = '/home/ada/.cursor/mcp.json';

  test('empty file, or nothing pasted', () => {
    expect(failure(() => parse('', f))).toBe(`${f}: the file is empty.`);
    expect(failure(() => parse('  \n\t', f))).toBe(`${f}: the file is empty.`);
    expect(failure(() => parse('', 'pasted JSON', [], 'pasted'))).toBe('pasted JSON: nothing was pasted.');
  });

  test.each([
    ['{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": { "command": "y" }\n  }\n}', 'a comma (,) is missing at line 4, column 5'],
    ['{\n  "mcpServers": {\n    "a": { "command": "x" }\n', 'a closing brace (}) is missing at line 4, column 1'],
    ['{\n  mcpServers: {}\n}', 'unexpected text "mcpServers" (property names must be in double quotes) at line 2, column 3'],
    ['{"mcpServers": {"a": {"command": "x}}}', 'a string is not closed at line 1, column 34'],
    ['{"mcpServers": {"a": {"command": }}}', 'a value was expected at line 1, column 34'],
    ["{'mcpServers': {}}", 'unexpected text "\'mcpServers\'" (property names must be in double quotes) at line 1, column 2'],
    ['{"mcpServers": {"a": {"command": "x", "args": [1, 2,, 3]}}}', 'a value was expected at line 1, column 53'],
  ])('bad JSON %#: the problem, its line and column', (text, problem) => {
    expect(failure(() => parse(text, f))).toBe(`${f}: not valid JSON: ${problem}.`);
  });

  test('the top level must be an object', () => {
    expect(failure(() => parse('[{"command": "x"}]', f))).toBe(`${f}: the top level must be a JSON object with "mcpServers" or "servers"; found an array.`);
    expect(failure(() => parse('"mcpServers"', f))).toBe(`${f}: the top level must be a JSON object with "mcpServers" or "servers"; found a string.`);
  });

  test('no servers, or servers of the wrong type', () => {
    expect(failure(() => parse('{"theme": "dark"}', f))).toBe(
      `${f}: no servers found: expected an "mcpServers" object (Claude Desktop, Cursor, MCP Inspector) or a "servers" object (VS Code).`,
    );
    expect(failure(() => parse('{"mcpServers": [{"command": "x"}]}', f))).toBe(`${f}: "mcpServers" must be an object mapping each server's name to its definition; found an array.`);
    expect(failure(() => parse('{"servers": "github"}', f))).toBe(`${f}: "servers" must be an object mapping each server's name to its definition; found a string.`);
    expect(failure(() => parse('{"mcp": {"servers": null}}', f))).toBe(`${f}: "mcp.servers" must be an object mapping each server's name to its definition; found null.`);
  });

  test('an empty server list is not an error', () => {
    expect(parse('{"mcpServers": {}}', f).candidates).toEqual([]);
  });

  test('each bad entry names the file, the server and the field; the good ones still import', () => {
    const text = JSON.stringify({
      mcpServers: {
        nothing: { env: { A: '1' } },
        'not-an-object': 'npx server',
        'args-string': { command: 'node', args: 'server.js --port 1' },
        'arg-object': { command: 'node', args: ['a', { path: 'b' }] },
        'env-object': { command: 'node', env: { NESTED: { a: 1 } } },
        'env-array': { command: 'node', env: ['A=1'] },
        'command-array': { command: ['node', 'x.js'] },
        'type-number': { type: 3, command: 'node' },
        'type-unknown': { type: 'websocket', url: 'ws://localhost:1' },
        'http-no-url': { type: 'http', command: 'node' },
        'stdio-no-command': { type: 'stdio', url: 'http://localhost/mcp' },
        'ftp-url': { url: 'ftp://files.example.com/mcp' },
        'empty-command': { command: '  ' },
        good: { command: 'node', args: ['ok.js'] },
      },
    });
    const preview = parse(text, f);
    const errors = Object.fromEntries(preview.candidates.map((c) => [c.name, c.error ?? 'ok']));
    const at = (name: string, message: string) => `${f}, server "${name}": ${message}.`;
    expect(errors).toEqual({
      nothing: at('nothing', 'it has neither a "command" (a program to start) nor a "url" (an HTTP or SSE endpoint)'),
      'not-an-object': at('not-an-object', 'the entry must be an object; found a string'),
      'args-string': at('args-string', '"args" must be an array of strings; found a string'),
      'arg-object': at('arg-object', 'args[1] must be text; found an object'),
      'env-object': at('env-object', 'env.NESTED must be text; found an object'),
      'env-array': at('env-array', '"env" must be an object of names and values; found an array'),
      'command-array': at('command-array', '"command" must be text; found an array'),
      'type-number': at('type-number', '"type" must be text; found a number'),
      'type-unknown': at('type-unknown', 'its type "websocket" is not one Skill Inspector connects with (stdio, http or sse)'),
      'http-no-url': at('http-no-url', 'its type "http" but it has no "url"'.replace('its type', 'its type is')),
      'stdio-no-command': at('stdio-no-command', 'its type is "stdio" but it has no "command"'),
      'ftp-url': at('ftp-url', 'url: an http:// or https:// URL is required'),
      'empty-command': at('empty-command', 'command: a command is required'),
      good: 'ok',
    });
    // A candidate with an error carries no transport: it cannot be imported as it is.
    expect(preview.candidates.filter((c) => c.transport).map((c) => c.name)).toEqual(['good']);
  });

  test('disabled entries and ambiguous ones import with a warning', () => {
    const preview = parse('{"mcpServers": {"off": {"command": "x", "disabled": true}, "both": {"command": "x", "url": "http://h/mcp"}}}', f);
    expect(preview.candidates.map((c) => c.warnings)).toEqual([['It is disabled in its config file.'], ['It has both a "command" and a "url"; the command is used.']]);
  });

  test('a byte order mark is not an error', () => {
    expect(parse('\uFEFF{"mcpServers": {"a": {"command": "x"}}}', f).candidates).toHaveLength(1);
  });
});

describe('where the configs are', () => {
  test('Linux', () => {
    expect(knownConfigFiles({ home: '/home/ada', cwd: '/work/acme', platform: 'linux' })).toEqual([
      { path: '/home/ada/.config/Claude/claude_desktop_config.json', kind: 'claude-desktop' },
      { path: '/home/ada/.cursor/mcp.json', kind: 'cursor' },
      { path: '/work/acme/.cursor/mcp.json', kind: 'cursor' },
      { path: '/home/ada/.config/Code/User/mcp.json', kind: 'vscode' },
      { path: '/work/acme/.vscode/mcp.json', kind: 'vscode' },
      { path: '/home/ada/.mcp-inspector/mcp.json', kind: 'mcp-inspector' },
    ]);
  });

  test('macOS', () => {
    expect(knownConfigFiles({ home: '/Users/ada', cwd: '/Users/ada/src/acme', platform: 'darwin' }).map((k) => k.path)).toEqual([
      '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
      '/Users/ada/.cursor/mcp.json',
      '/Users/ada/src/acme/.cursor/mcp.json',
      '/Users/ada/Library/Application Support/Code/User/mcp.json',
      '/Users/ada/src/acme/.vscode/mcp.json',
      '/Users/ada/.mcp-inspector/mcp.json',
    ]);
  });

  test('Windows, with and without %APPDATA%', () => {
    expect(knownConfigFiles({ home: 'C:\\Users\\ada', cwd: 'D:\\acme', platform: 'win32', appData: 'E:\\Roaming' }).map((k) => k.path)).toEqual([
      'E:\\Roaming\\Claude\\claude_desktop_config.json',
      'C:\\Users\\ada\\.cursor\\mcp.json',
      'D:\\acme\\.cursor\\mcp.json',
      'E:\\Roaming\\Code\\User\\mcp.json',
      'D:\\acme\\.vscode\\mcp.json',
      'C:\\Users\\ada\\.mcp-inspector\\mcp.json',
    ]);
    expect(knownConfigFiles({ home: 'C:\\Users\\ada', cwd: 'D:\\acme', platform: 'win32' })[0]?.path).toBe('C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
  });
});

describe('reading a config file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-config-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  test('a missing file, a folder, and a file too big to be a config', async () => {
    const missing = path.join(dir, 'nope.json');
    await expect(readConfigFile(missing)).rejects.toThrow(new ConfigError(missing, 'the file does not exist.'));
    await expect(readConfigFile(dir)).rejects.toThrow(`${dir}: this is a folder, not a config file.`);
    const big = path.join(dir, 'big.json');
    await fs.writeFile(big, '');
    await fs.truncate(big, MAX_CONFIG_BYTES + 1);
    await expect(readConfigFile(big)).rejects.toThrow(`${big}: the file is more than ${MAX_CONFIG_BYTES} bytes; config files over ${MAX_CONFIG_BYTES} bytes are not read.`);
  });

  test('a readable file comes back as text', async () => {
    const file = path.join(dir, 'mcp.json');
    await fs.writeFile(file, '{"mcpServers": {}}');
    expect(await readConfigFile(file)).toBe('{"mcpServers": {}}');
  });
});

describe('server names that are Object.prototype keys', () => {
  test('are servers like any other, and an inherited name is never found', () => {
    const text = '{"mcpServers": {"__proto__": {"command": "a"}, "constructor": {"command": "b", "env": {"toString": "y"}}}}';
    const preview = parseConfigText(text, 'mcp.json', []);
    expect(preview.candidates.map((c) => [c.name, c.transport?.kind === 'stdio' ? c.transport.command : undefined])).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
    ]);
    // An env variable named "__proto__" is refused with its server (config-import-hostile.test.ts); it was dropped here.
    expect(preview.candidates[1]!.transport).toMatchObject({ env: { toString: 'y' } });
    // A config whose only key is "__proto__" must not hand its contents to every lookup as a prototype.
    expect(() => parseConfigText('{"__proto__": {"mcpServers": {"x": {"command": "a"}}}}', 'mcp.json', [])).toThrow('mcp.json: no servers found');
  });
});
