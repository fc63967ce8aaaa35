// Config import through the contract, from real files to connected servers:
// preview, resolve label conflicts, apply, connect.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ContractClient, NODE, asInput, fixture, tempDir } from '../fixtures/servers/harness.js';

let client: ContractClient;
let root: string;

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 20_000 });
  root = await tempDir('import');
});
afterAll(async () => {
  await client?.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function write(relative: string, text: string): Promise<string> {
  const file = path.join(root, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
  return file;
}

test('a Claude Desktop config: preview, resolve a label conflict, apply, connect', async () => {
  await client.call('servers.add', { label: 'skills', transport: { kind: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} } });
  const file = await write(
    'home/.config/Claude/claude_desktop_config.json',
    JSON.stringify({
      mcpServers: {
        skills: { command: NODE, args: [fixture('skills-server.mjs')] },
        'legacy-skills': { command: NODE, args: [fixture('legacy-v1-server.mjs')], env: { DEBUG: '1' } },
        broken: { args: ['no command here'] },
      },
    }),
  );
  const preview = await client.call('servers.importPreview', { from: 'file', path: file });
  expect(preview.format).toBe('claude-desktop');
  expect(preview.candidates.map((c) => ({ name: c.name, label: c.suggestedLabel, conflict: c.conflict, error: c.error }))).toEqual([
    { name: 'skills', label: 'skills (2)', conflict: true, error: undefined },
    { name: 'legacy-skills', label: 'legacy-skills', conflict: false, error: undefined },
    {
      name: 'broken',
      label: 'broken',
      conflict: false,
      error: `${file}, server "broken": it has neither a "command" (a program to start) nor a "url" (an HTTP or SSE endpoint).`,
    },
  ]);

  // Keeping the taken label is refused, naming it; choosing another works.
  const [skills, legacy] = preview.candidates;
  const refused = await client.fail('servers.importApply', { items: [{ label: 'Skills', transport: asInput(skills!.transport!) }] });
  expect(refused).toEqual({ code: 'conflict', message: 'A server labelled "skills" is already in the catalog. Labels must be unique; choose another.' });
  const added = await client.call('servers.importApply', {
    items: [
      { label: 'Skills from Claude', transport: asInput(skills!.transport!) },
      { label: legacy!.suggestedLabel, transport: asInput(legacy!.transport!) },
    ],
  });
  expect(added.map((s) => s.label)).toEqual(['Skills from Claude', 'legacy-skills']);
  expect(added[1]?.transport).toEqual({ kind: 'stdio', command: NODE, args: [fixture('legacy-v1-server.mjs')], env: { DEBUG: '1' } });

  const [modern, old] = await Promise.all(added.map((s) => client.call('servers.connect', { serverId: s.id })));
  expect(modern).toMatchObject({ status: 'connected', era: 'modern' });
  expect(old).toMatchObject({ status: 'connected', era: 'legacy' });
  expect((await client.call('servers.list', {})).map((v) => v.config.label)).toEqual(['skills', 'Skills from Claude', 'legacy-skills']);
});

test('a VS Code project file: JSONC, ${workspaceFolder} filled in, ${input:…} flagged', async () => {
  const project = path.join(root, 'acme');
  await write('acme/server.mjs', `import ${JSON.stringify(fixture('skills-server.mjs'))};\n`);
  const file = await write(
    'acme/.vscode/mcp.json',
    `{
  "inputs": [{ "type": "promptString", "id": "token", "description": "Acme token", "password": true }],
  // The project's own server.
  "servers": {
    "acme-skills": { "type": "stdio", "command": ${JSON.stringify(NODE)}, "args": ["\${workspaceFolder}/server.mjs", "--era", "legacy"], },
    "acme-remote": { "type": "http", "url": "https://mcp.acme.example/mcp", "headers": { "Authorization": "Bearer \${input:token}" } },
  },
}`,
  );
  const preview = await client.call('servers.importPreview', { from: 'file', path: file });
  expect(preview.format).toBe('vscode');
  const [local, remote] = preview.candidates;
  expect(local?.transport).toEqual({ kind: 'stdio', command: NODE, args: [path.join(project, 'server.mjs'), '--era', 'legacy'], env: {} });
  expect(local?.warnings).toBeUndefined();
  expect(remote?.warnings).toEqual([
    'headers.Authorization uses ${input:token}, a value VS Code asks for when it starts the server ("Acme token"); Skill Inspector cannot ask for it, so edit the server after import and enter the value.',
  ]);
  const [added] = await client.call('servers.importApply', { items: [{ label: local!.suggestedLabel, transport: asInput(local!.transport!) }] });
  expect(await client.call('servers.connect', { serverId: added!.id })).toMatchObject({ status: 'connected', era: 'legacy', protocolVersion: '2025-11-25' });
});

test('pasted JSON, and a pasted entry without its braces', async () => {
  const pasted = await client.call('servers.importPreview', { from: 'text', text: '"pasted-one": { "type": "sse", "url": "http://127.0.0.1:9/sse" }' });
  expect(pasted).toEqual({
    source: 'pasted JSON',
    format: 'pasted',
    candidates: [{ name: 'pasted-one', suggestedLabel: 'pasted-one', conflict: false, transport: { kind: 'sse', url: 'http://127.0.0.1:9/sse', headers: {} } }],
  });
  const named = await client.call('servers.importPreview', { from: 'text', text: '{"mcpServers": {"x": {"command": "y"}}}', name: 'clipboard' });
  expect(named.source).toBe('clipboard');
});

test('bad files and bad pastes get an error naming the source and the problem', async () => {
  const missing = path.join(root, 'nowhere', 'mcp.json');
  const empty = await write('empty/mcp.json', '');
  const broken = await write('broken/.cursor/mcp.json', '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": { "command": "y" }\n  }\n}\n');
  const wrongType = await write('wrong/mcp.json', '{ "mcpServers": [] }');
  const cases: Array<[Parameters<typeof client.fail<'servers.importPreview'>>[1], string]> = [
    [{ from: 'file', path: missing }, `${missing}: the file does not exist.`],
    [{ from: 'file', path: root }, `${root}: this is a folder, not a config file.`],
    [{ from: 'file', path: empty }, `${empty}: the file is empty.`],
    [{ from: 'file', path: broken }, `${broken}: not valid JSON: a comma (,) is missing at line 4, column 5.`],
    [{ from: 'file', path: wrongType }, `${wrongType}: "mcpServers" must be an object mapping each server's name to its definition; found an array.`],
    [{ from: 'text', text: '' }, 'pasted JSON: nothing was pasted.'],
    [{ from: 'text', text: '{"mcpServers": {"a": {"command": "x"},}' }, 'pasted JSON: not valid JSON: a closing brace (}) is missing at line 1, column 40.'],
    [{ from: 'text', text: '[1, 2]' }, 'pasted JSON: the top level must be a JSON object with "mcpServers" or "servers"; found an array.'],
  ];
  for (const [source, message] of cases) {
    expect(await client.fail('servers.importPreview', source)).toEqual({ code: 'invalid-params', message });
  }
});

test('the known config places are offered, each saying whether it exists', async () => {
  const sources = await client.call('servers.importSources', {});
  expect(sources.map((s) => s.kind)).toEqual(['claude-desktop', 'cursor', 'cursor', 'vscode', 'vscode', 'mcp-inspector']);
  for (const s of sources) expect(s.exists).toBe(await fs.stat(s.path).then((st) => st.isFile(), () => false));
});
