// Config import against a config someone wrote to break it: values of types
// nobody expects, nesting no client writes, more servers than one import takes.
// Each is refused or reported with the file (and server) named, quickly.
import { describe, expect, test } from 'vitest';
import { ConfigError, parseConfigText } from './config-import.js';

function parse(text: string, source: string, labels: readonly string[] = [], hint?: Parameters<typeof parseConfigText>[3]) {
  return parseConfigText(text, source, labels, hint, { home: '/home/ada' });
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

describe('values of a type nobody expects', () => {
  // Parsed objects have no prototype, so String() of one threw "Cannot convert object to
  // primitive value" — for the whole file, naming neither the file nor the server. And a "type"
  // that is an Object.prototype key ("constructor") was looked up as a known type.
  test('an object where text belongs is named as such, and the other servers still import', () => {
    const f = '/tmp/team/mcp.json';
    const preview = parse('{"mcpServers": {"odd": {"command": "x", "type": {}}, "env-file": {"command": "y", "envFile": {"path": ".env"}}, "proto-type": {"type": "constructor", "url": "http://h/mcp"}, "good": {"command": "z"}}}', f);
    expect(preview.candidates.map((c) => [c.name, c.error ?? c.warnings ?? 'ok'])).toEqual([
      ['odd', `${f}, server "odd": "type" must be text; found an object.`],
      ['env-file', ['envFile (an object) is not read; add the variables it sets to the server\'s environment after import.']],
      ['proto-type', `${f}, server "proto-type": its type "constructor" is not one Skill Inspector connects with (stdio, http or sse).`],
      ['good', 'ok'],
    ]);
  });
});

describe('a config nested deeper than any client writes', () => {
  // jsonc-parser parses by recursion: 20,000 open brackets overflowed the stack, and the import
  // failed with "Maximum call stack size exceeded", naming neither the file nor the place.
  test('is refused with the file, the limit and where it passes it', () => {
    const f = '/tmp/deep/mcp.json';
    const deep = `{"mcpServers": {"a": {"command": "x", "args": ${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`;
    expect(failure(() => parse(deep, f))).toBe(`${f}: it is nested more than 64 levels deep (at line 1, column 108); no MCP client writes such a config.`);
    expect(failure(() => parse(deep.slice(1, -1), 'pasted JSON', [], 'pasted'))).toMatch(/^pasted JSON: it is nested more than 64 levels deep/);
    // Brackets inside strings and comments are text, not nesting.
    expect(parse(`{"mcpServers": {"a": {"command": "${'['.repeat(100)}"}}} // ${'{'.repeat(100)}`, f).candidates).toHaveLength(1);
  });
});

describe('a config with more servers than one import takes', () => {
  // Each name was made unique against every name before it, rebuilding the set each time: 16,000
  // servers took 41 s and 5 MB of pasted names (about 250,000) froze the app for hours. One
  // import adds at most 1,000 servers (servers.importApply), so a longer list is refused at once.
  test('is refused at once, saying how many it lists and how many one import takes', { timeout: 10_000 }, () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `"server-${i}": {"command": "x"}`).join(',');
    // Refused before any name is made unique: a hang is caught by the test's time limit (41 s before the fix), not timed here.
    expect(failure(() => parse(`{"mcpServers": {${body}}}`, 'pasted JSON', [], 'pasted'))).toBe(
      'pasted JSON: it lists 20000 servers; at most 1000 are read from one config (one import adds no more). Split it into smaller configs.',
    );
    const thousand = Array.from({ length: 1000 }, (_, i) => `"s${i}": {"command": "x"}`).join(',');
    expect(parse(`{"mcpServers": {${thousand}}}`, 'pasted JSON', [], 'pasted').candidates).toHaveLength(1000);
  });
});

describe('a value full of ${', () => {
  // The variable pattern ${[^}]*} ran to the end of the text from every "${" that had no "}":
  // quadratic, so one 400 KB argument of "${${${…" held the main process for over a minute (5 MB
  // for hours). And every variable was a warning of its own: thousands for one argument.
  test('is read at once, and its warnings name each variable once, a few per field', { timeout: 20_000 }, () => {
    // A quadratic scan is caught by the test's time limit (over a minute before the fix), not timed here.
    const preview = parse(JSON.stringify({ mcpServers: { a: { command: 'x', args: ['${'.repeat(200_000)] }, b: { command: 'x', args: ['${input:one} '.repeat(2000) + Array.from({ length: 3000 }, (_, i) => `\${v${i}}`).join('')] } } }), '/tmp/vars/mcp.json');
    expect(preview.candidates[0]?.error).toBe('/tmp/vars/mcp.json, server "a": args.0: Too big: expected string to have <=65536 characters.');
    const warnings = preview.candidates[1]?.warnings ?? [];
    expect(warnings.length).toBe(11);
    expect(warnings[0]).toMatch(/^args\[0\] uses \$\{input:one\}, a value VS Code asks for/);
    expect(warnings[10]).toBe('args[0] uses 2991 more variables like these; edit the server after import.');
  });
});

describe('a URL built to make a pattern backtrack', () => {
  // Both URL patterns backtrack over the whole text when it ends badly: the "/sse" guess
  // (\/sse\/?(?:[?#].*)?$ from every "/sse?") and the contract's URL check (run even past its
  // 8,192-character limit). 120,000 characters took 20 seconds; 5 MB would take hours.
  test('is refused at once with the message the contract gives', { timeout: 20_000 }, () => {
    // Backtracking is caught by the test's time limit (20 s before the fix), not timed here.
    const preview = parse(JSON.stringify({ mcpServers: { spaced: { url: `http://${'a'.repeat(120_000)} x` }, sse: { url: `${'/sse?'.repeat(24_000)}\nx` }, good: { url: 'https://h.example/mcp/sse?x=1' } } }), '/tmp/urls/mcp.json');
    expect(preview.candidates.map((c) => c.error ?? c.transport?.kind)).toEqual([
      '/tmp/urls/mcp.json, server "spaced": url: an http:// or https:// URL is required.',
      '/tmp/urls/mcp.json, server "sse": url: an http:// or https:// URL is required.',
      'sse',
    ]);
  });
});

describe('a server name given twice', () => {
  // JSON keeps the last of two equal keys, as the clients do; the first definition vanished from
  // the preview without a word, so a second "github" entry could replace the one the user knows.
  test('imports the last definition, as the clients do, and says the name was given twice', () => {
    const preview = parse('{"mcpServers": {"github": {"command": "docker"}, "other": {"command": "y"}, "github": {"command": "curl"}, "github": {"command": "sh"}}}', '/tmp/dup/mcp.json');
    expect(preview.candidates.map((c) => [c.name, c.transport?.kind === 'stdio' ? c.transport.command : undefined, c.warnings])).toEqual([
      ['github', 'sh', ['"github" is defined 3 times in this file; the last definition is used, as the clients that read the file do.']],
      ['other', 'y', undefined],
    ]);
  });
});

describe('env and header names that are Object.prototype\'s', () => {
  // The parser's objects have no prototype, so "__proto__" was read as a key, but the
  // contract's z.record stripped it: the server imported without it, and the preview said nothing.
  test('an env variable or header named "__proto__" makes its server an error naming the server and the key; the other names import as given', () => {
    const f = '/tmp/team/mcp.json';
    const preview = parse(
      JSON.stringify({ mcpServers: { proto: { command: 'node', env: { A: '1' } }, carried: { command: 'node', env: { constructor: 'c', prototype: 'p', hasOwnProperty: 'h', toString: 't' } }, remote: { url: 'https://h/mcp', headers: { constructor: 'c' } }, 'proto-header': { url: 'https://h/mcp', headers: { X: '1' } } } })
        .replace('"env":{"A":"1"}', '"env":{"__proto__":"x","A":"1"}')
        .replace('"headers":{"X":"1"}', '"headers":{"__Proto__":"x","X":"1"}'),
      f,
    );
    expect(preview.candidates.map((c) => [c.name, c.error ?? c.transport])).toEqual([
      ['proto', `${f}, server "proto": env.__proto__: "__proto__" cannot be an environment variable name here: a server's settings travel between the app's window and its main process as JavaScript objects, in which this name is lost on the way. Set it in a script that starts the server.`],
      ['carried', { kind: 'stdio', command: 'node', args: [], env: { constructor: 'c', prototype: 'p', hasOwnProperty: 'h', toString: 't' } }],
      ['remote', { kind: 'http', url: 'https://h/mcp', headers: { constructor: 'c' } }],
      ['proto-header', `${f}, server "proto-header": headers.__Proto__: "__Proto__" cannot be a header name here: the HTTP client the app connects with (Node's fetch) drops a header of this name, so the server would never receive it.`],
    ]);
    const carried = preview.candidates[1]!.transport!;
    expect(carried.kind === 'stdio' && Object.keys(carried.env)).toEqual(['constructor', 'prototype', 'hasOwnProperty', 'toString']);
  });
});

// A server's name becomes its label, cut to 120 UTF-16 code units. The cut could fall between the
// two halves of a character outside the BMP (an emoji), and a name may hold a lone surrogate
// ("\ud800" is valid JSON): either way the label kept half a character, which has no UTF-8 form,
// is drawn as an unmarked box, and is written to servers.json as an escape strict JSON readers refuse.
describe('a server name that would leave half a character in its label', () => {
  test('is cut before the character, and a lone surrogate becomes U+FFFD (drawn with its mark)', () => {
    const long = `${'a'.repeat(119)}\u{1F600}tail`;
    const config = JSON.stringify({ mcpServers: { [long]: { command: 'x' }, ['git\ud800hub']: { command: 'y' } } });
    const labels = parse(config, '/tmp/names/mcp.json', [`${'a'.repeat(119)}`]).candidates.map((c) => c.suggestedLabel);
    expect(labels).toEqual([`${'a'.repeat(116)} (2)`, 'git\ufffdhub']);
    expect(parse(config, '/tmp/names/mcp.json').candidates[0]?.suggestedLabel).toBe('a'.repeat(119));
    const emoji = `${'b'.repeat(117)}\u{1F600}\u{1F600}`;
    expect(parse(JSON.stringify({ mcpServers: { [emoji]: { command: 'x' } } }), '/tmp/names/mcp.json').candidates[0]?.suggestedLabel).toBe(`${'b'.repeat(117)}\u{1F600}`);
  });
});

// A config holds secrets (env values, headers, URLs), and what import and `check --config` say of a
// bad one reaches the window, the log and a CI job's output. The parse error quoted up to 40
// characters of the text at the fault: a token written without quotes was printed whole.
describe('a value written without quotes is placed, never quoted', () => {
  const f = '/home/ada/.cursor/mcp.json';
  test.each([
    ['{"mcpServers": {"a": {"command": "x", "env": {"TOKEN": ghp_16C7e42F292c6912E7710c838347Ae178B4a}}}}', 'line 1, column 56'],
    ['{"mcpServers": {"a": {"url": "https://h/mcp", "headers": {"X-Api-Key": sk-live-4f9a2b7c9d}}}}', 'line 1, column 72'],
    ["{\"mcpServers\": {\"a\": {\"command\": \"x\",\n  \"env\": {\"TOKEN\": 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'}}}}", 'line 2, column 20'],
  ])('secret %#: the place, none of its text', (text, place) => {
    const message = failure(() => parse(text, f));
    expect(message).toBe(`${f}: not valid JSON: unexpected text, not shown here as it may be a secret (a value must be in double quotes) at ${place}.`);
    expect(message).not.toMatch(/ghp_|sk-live/);
  });
});

// Names and values no program can be given as the config says: POSIX cannot hold a NUL in an
// argument, a value or a path, and an environment name cannot hold "=" (what follows the first
// one is read as the value: "A=B": "1" reached the server as A="B=1"). They were imported as they
// were and stored in servers.json; a NUL failed only at connect time, naming neither the file nor
// the server, and the "=" started the server with a variable the config did not set.
describe('values a process cannot be started with', () => {
  test('are that server\'s error, naming the field and the place, and the others import', () => {
    const f = '/tmp/team/mcp.json';
    const preview = parse(
      JSON.stringify({
        mcpServers: {
          'nul-arg': { command: 'node', args: ['server.js', 'a\u0000b'] },
          'nul-command': { command: 'node\u0000x' },
          'nul-env': { command: 'node', env: { TOKEN: 'x\u0000' } },
          'nul-cwd': { command: 'node', cwd: '/srv\u0000' },
          'equals-name': { command: 'node', env: { 'A=B': '1' } },
          'empty-name': { command: 'node', env: { '': '1' } },
          'nul-header': { url: 'https://h/mcp', headers: { 'X-Key': 'a\u0000' } },
          good: { command: 'node', env: { A: 'B=1' } },
        },
      }),
      f,
    );
    expect(preview.candidates.map((c) => [c.name, c.error ?? c.transport])).toEqual([
      ['nul-arg', `${f}, server "nul-arg": args[1] holds a NUL character (at character 2), which no program can be given.`],
      ['nul-command', `${f}, server "nul-command": command holds a NUL character (at character 5), which no program can be given.`],
      ['nul-env', `${f}, server "nul-env": env.TOKEN holds a NUL character (at character 2), which no program can be given.`],
      ['nul-cwd', `${f}, server "nul-cwd": cwd holds a NUL character (at character 5), which no program can be given.`],
      ['equals-name', `${f}, server "equals-name": env."A=B" cannot be an environment variable name: a name cannot hold "=" (the server would get A set to "B=…").`],
      ['empty-name', `${f}, server "empty-name": env."" cannot be an environment variable name: it is empty.`],
      ['nul-header', `${f}, server "nul-header": headers.X-Key holds a NUL character (at character 2), which no program can be given.`],
      ['good', { kind: 'stdio', command: 'node', args: [], env: { A: 'B=1' } }],
    ]);
  });
});

// JSON keeps the last of a repeated key, as every client does. A server name given twice was
// already said; "mcpServers" given twice (two blocks pasted into one file) dropped every server of
// the first block, and a field given twice in one server ("command", "env") dropped the first
// value, both without a word.
describe('a key given twice', () => {
  test('"mcpServers" twice, and "env" twice in a server: each said where it applies, the last used', () => {
    const f = '/tmp/twice/claude_desktop_config.json';
    const text = '{"mcpServers": {"old": {"command": "a"}}, "mcpServers": {"kept": {"command": "b", "env": {"A": "1"}, "env": {"B": "2"}}, "other": {"command": "c"}}}';
    const preview = parse(text, f);
    const blocks = '"mcpServers" is given 2 times in this file; only the last is read, as the clients that read the file do: a server named only in an earlier one is not imported.';
    expect(preview.candidates.map((c) => [c.name, c.transport, c.warnings])).toEqual([
      ['kept', { kind: 'stdio', command: 'b', args: [], env: { B: '2' } }, [blocks, '"env" is given 2 times in this server; the last is used, as the clients that read the file do.']],
      ['other', { kind: 'stdio', command: 'c', args: [], env: {} }, [blocks]],
    ]);
  });
});
