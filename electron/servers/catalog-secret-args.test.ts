// Secrets on a command line or in an address (`--api-key sk-live-…`,
// `--password=…`, `https://host/mcp?api_key=…`, `https://user:pass@host`) go
// to the secret store as env and header secrets do: an import leaves none of
// their bytes in servers.json, the server is started with the real values, the
// window sees references, and the form keeps them through an edit. They used to
// be written to servers.json in clear.
import { promises as fs } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { serverInputSchema } from '../../shared/api.js';
import { DEFAULT_SETTINGS, type TransportConfig } from '../../shared/model.js';
import { toServerInput, valuesFromConfig } from '../../renderer/src/views/dialogs/server-form-model.js';
import { describeTransport } from '../../renderer/src/views/dialogs/import-shown.js';
import { Connection } from '../connections/connection.js';
import { ProtocolLog } from '../connections/protocol-log.js';
import { redactValue } from '../secrets/redact.js';
import { ServerCatalog } from './catalog.js';
import { parseConfigText } from './config-import.js';

const API_KEY = 'sk-live-4f9a2b7c1d3e5f7a9b0c2d4e';
const PASSWORD = 'hunter2-77c1-never-in-a-file';
const TOKEN = 'tok-93f0c1e7-never-in-a-file';
const URL_KEY = 'qk-5d2a-never-in-a-file';
const URL_PASSWORD = 'pw-0b3e-never-in-a-file';
const SECRETS = [API_KEY, PASSWORD, TOKEN, URL_KEY, URL_PASSWORD];
const FIXTURE = path.resolve('test/fixtures/servers/argv-echo-server.mjs');
const ARGS = [FIXTURE, '--api-key', API_KEY, `--password=${PASSWORD}`, '-p', '8080', '--verbose', '--token', TOKEN];

let dir: string;
let http: Server | undefined;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-secret-args-'));
});
afterEach(async () => {
  if (http) await new Promise((resolve) => http!.close(resolve));
  http = undefined;
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(`${dir}-argv.json`, { force: true });
});

/** An HTTP endpoint that records the address each request asked for (it answers 404: no MCP server). */
async function recordingServer(seen: string[]): Promise<number> {
  http = createServer((req, res) => {
    seen.push(req.url ?? '');
    req.resume();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
  return (http.address() as AddressInfo).port;
}

async function serversJson(): Promise<string> {
  return fs.readFile(path.join(dir, 'servers.json'), 'utf8');
}

async function connect(catalog: ServerCatalog, id: string): Promise<{ stderr: string[]; shown: unknown }> {
  const server = catalog.get(id);
  const log = new ProtocolLog(id, 200, () => undefined);
  const connection = new Connection(server, { settings: () => DEFAULT_SETTINGS, resolveTransport: (s) => catalog.resolveTransport(s), onChange: () => undefined, log, clientInfo: { name: 'test', version: '1' } });
  const snapshot = await connection.connect();
  try {
    if (server.transport.kind === 'stdio') {
      expect(snapshot.status).toBe('connected');
      await vi.waitFor(() => expect(log.list().some((e) => e.kind === 'stderr')).toBe(true));
    }
  } finally {
    await connection.disconnect();
    await connection.stopped();
  }
  const stderr = log.list().flatMap((e) => (e.kind === 'stderr' && e.text ? [e.text] : []));
  // What the window is shown: the log and the connection's state, redacted as the app redacts them.
  return { stderr, shown: redactValue({ log: log.list(), snapshot }, catalog.secrets.known()) };
}

describe('secret arguments and URL parts', () => {
  test('a config import keeps them out of servers.json; the server is started with the real values; the form keeps them through an edit', { timeout: 30_000 }, async () => {
    const seen: string[] = [];
    const port = await recordingServer(seen);
    const url = `http://127.0.0.1:${port}/mcp?team=docs&api_key=${URL_KEY}`;
    const withPassword = `https://ada:${URL_PASSWORD}@mcp.example.com/mcp`;
    // Beside the data folder, not in it: every file in it is searched for the secrets below.
    const argvFile = `${dir}-argv.json`;
    const config = JSON.stringify({ mcpServers: { local: { command: process.execPath, args: ARGS, env: { ARGV_ECHO_FILE: argvFile } }, remote: { url }, basic: { url: withPassword } } });
    const preview = parseConfigText(config, 'mcp.json', []);
    // The import preview masks them as it masks env values.
    expect(preview.candidates.map((c) => describeTransport(c.transport))).toEqual([
      `${process.execPath} ${FIXTURE} --api-key •••••••• --password=•••••••• -p 8080 --verbose --token ••••••••`,
      `HTTP http://127.0.0.1:${port}/mcp?team=docs&api_key=••••••••`,
      'HTTP https://ada:••••••••@mcp.example.com/mcp',
    ]);

    const catalog = new ServerCatalog(dir);
    await catalog.load({ seedDemo: false });
    const [local, remote, basic] = await catalog.addMany(preview.candidates.map((c) => ({ label: c.suggestedLabel, transport: serverInputSchema.shape.transport.parse(c.transport) })));
    const file = await serversJson();
    expect(SECRETS.filter((s) => file.includes(s))).toEqual([]);
    const stored = JSON.parse(file) as { servers: { transport: TransportConfig; secretRefs: Record<string, unknown> }[] };
    expect(stored.servers.map((s) => s.transport)).toEqual([
      { kind: 'stdio', command: process.execPath, args: [FIXTURE, '--api-key', '⟦secret:arg:2⟧', '--password=⟦secret:arg:3⟧', '-p', '8080', '--verbose', '--token', '⟦secret:arg:8⟧'], env: { ARGV_ECHO_FILE: argvFile } },
      { kind: 'http', url: `http://127.0.0.1:${port}/mcp?team=docs&api_key=⟦secret:url:query:api_key⟧`, headers: {} },
      { kind: 'http', url: 'https://ada:⟦secret:url:password⟧@mcp.example.com/mcp', headers: {} },
    ]);
    expect(stored.servers.map((s) => Object.keys(s.secretRefs))).toEqual([['arg:2', 'arg:3', 'arg:8'], ['url:query:api_key'], ['url:password']]);
    expect(local!.secrets).toEqual(['arg:2', 'arg:3', 'arg:8']);
    expect(JSON.stringify(catalog.list()).includes('never-in-a-file') || JSON.stringify(catalog.list()).includes(API_KEY)).toBe(false);

    // Connecting: the process gets the real arguments (it writes them to a file); what the window is shown has none
    // of them, and the server's own stderr quoting them is masked where it enters the log (sent-secrets.ts).
    const started = await connect(catalog, local!.id);
    expect(JSON.parse(await fs.readFile(argvFile, 'utf8'))).toEqual(ARGS.slice(1));
    expect(started.stderr).toEqual(['argv-echo-server: ["--api-key","••••••••","--password=••••••••","-p","8080","--verbose","--token","••••••••"]']);
    expect(SECRETS.filter((s) => JSON.stringify(started.shown).includes(s))).toEqual([]);
    expect(JSON.stringify(started.shown)).toContain('argv-echo-server: [\\"--api-key\\",\\"••••••••\\",\\"--password=••••••••\\"');
    // The HTTP server is asked for the real address.
    expect(catalog.resolveTransport(remote!)).toEqual({ kind: 'http', url, headers: {} });
    expect(catalog.resolveTransport(basic!)).toEqual({ kind: 'http', url: withPassword, headers: {} });
    const reached = await connect(catalog, remote!.id);
    expect(seen).toContain(`/mcp?team=docs&api_key=${URL_KEY}`);
    expect(SECRETS.filter((s) => JSON.stringify(reached.shown).includes(s))).toEqual([]);

    // The form shows each as its reference and sends it back so: the secrets stay, in the store only.
    const form = valuesFromConfig(catalog.get(local!.id));
    expect(form.args.split('\n')).toEqual([FIXTURE, '--api-key', '⟦secret:arg:2⟧', '--password=⟦secret:arg:3⟧', '-p', '8080', '--verbose', '--token', '⟦secret:arg:8⟧']);
    const input = toServerInput({ ...form, label: 'Local, edited' });
    if (!input.ok) throw new Error(JSON.stringify(input.errors));
    await catalog.update(local!.id, input.input);
    const edited = catalog.get(local!.id);
    expect(edited.secrets).toEqual(['arg:2', 'arg:3', 'arg:8']);
    expect(catalog.resolveTransport(edited)).toEqual({ kind: 'stdio', command: process.execPath, args: ARGS, env: { ARGV_ECHO_FILE: argvFile } });
    const remoteForm = toServerInput(valuesFromConfig(catalog.get(remote!.id)));
    if (!remoteForm.ok) throw new Error(JSON.stringify(remoteForm.errors));
    await catalog.update(remote!.id, remoteForm.input);
    expect(catalog.resolveTransport(catalog.get(remote!.id))).toEqual({ kind: 'http', url, headers: {} });
    const basicForm = toServerInput(valuesFromConfig(catalog.get(basic!.id)));
    if (!basicForm.ok) throw new Error(JSON.stringify(basicForm.errors));
    await catalog.update(basic!.id, basicForm.input);
    expect(catalog.resolveTransport(catalog.get(basic!.id))).toEqual({ kind: 'http', url: withPassword, headers: {} });
    for (const name of await fs.readdir(dir)) {
      const text = await fs.readFile(path.join(dir, name), 'latin1');
      expect(SECRETS.filter((s) => text.includes(s)).map((s) => `${name}: ${s}`)).toEqual([]);
    }

    // A line deleted in the form deletes its secret; one typed over its reference replaces it.
    const shorter = toServerInput({ ...valuesFromConfig(edited), args: [FIXTURE, '--api-key', 'sk-live-NEW0b3e77c1a9f2d4c6e8a0b2', '--verbose'].join('\n') });
    if (!shorter.ok) throw new Error(JSON.stringify(shorter.errors));
    await catalog.update(local!.id, shorter.input);
    expect(catalog.get(local!.id).transport).toMatchObject({ args: [FIXTURE, '--api-key', '⟦secret:arg:2⟧', '--verbose'] });
    expect(catalog.resolveTransport(catalog.get(local!.id))).toMatchObject({ args: [FIXTURE, '--api-key', 'sk-live-NEW0b3e77c1a9f2d4c6e8a0b2', '--verbose'] });
    expect(catalog.secrets.known().filter((v) => SECRETS.includes(v)).sort()).toEqual([URL_KEY, URL_PASSWORD].sort());
  });

  test('an existing servers.json that kept them in clear has them moved into the store at the next start', async () => {
    const servers = [
      { id: 'a', label: 'Local', createdAt: '2026-01-01T00:00:00.000Z', transport: { kind: 'stdio', command: 'node', args: ['s.mjs', '--api-key', API_KEY, `--password=${PASSWORD}`, '-p', '8080'], env: {} } },
      { id: 'b', label: 'Remote', createdAt: '2026-01-01T00:00:00.000Z', transport: { kind: 'http', url: `https://ada:${URL_PASSWORD}@mcp.example.com/mcp?api_key=${URL_KEY}`, headers: {} } },
    ];
    await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ version: 1, demoSeeded: true, servers }));
    const catalog = new ServerCatalog(dir);
    await catalog.load({ seedDemo: false });
    expect(catalog.secretsNotice).toMatch(/^4 secrets \(bearer tokens, secret headers, environment values, arguments or URL parts\) were moved out of servers\.json/);
    const file = await serversJson();
    expect(SECRETS.filter((s) => file.includes(s))).toEqual([]);
    expect((await fs.readFile(path.join(dir, 'servers.json.bak'), 'utf8')).includes(API_KEY)).toBe(false);
    expect(catalog.get('a').transport).toMatchObject({ args: ['s.mjs', '--api-key', '⟦secret:arg:2⟧', '--password=⟦secret:arg:3⟧', '-p', '8080'] });
    expect(catalog.get('b').transport).toMatchObject({ url: 'https://ada:⟦secret:url:password⟧@mcp.example.com/mcp?api_key=⟦secret:url:query:api_key⟧' });
    expect(catalog.resolveTransport(catalog.get('a'))).toEqual(servers[0]!.transport);
    expect(catalog.resolveTransport(catalog.get('b'))).toEqual(servers[1]!.transport);
  });

  test('a key as a path segment: stored as a reference, kept through a form edit, replaced when typed over', async () => {
    const key = 'sk-live-7b2ePathSegmentFormEdit0c4d';
    const url = `https://mcp.example.com/v1/${key}/mcp?team=docs`;
    const catalog = new ServerCatalog(dir);
    await catalog.load({ seedDemo: false });
    const added = await catalog.add({ label: 'Hosted', transport: { kind: 'http', url, headers: {} } });
    expect([added.transport, added.secrets]).toEqual([{ kind: 'http', url: 'https://mcp.example.com/v1/⟦secret:url:path:1⟧/mcp?team=docs', headers: {} }, ['url:path:1']]);
    expect(describeTransport(added.transport)).toBe('HTTP https://mcp.example.com/v1/••••••••/mcp?team=docs');
    expect((await serversJson()).includes(key)).toBe(false);
    const form = toServerInput(valuesFromConfig(catalog.get(added.id)));
    if (!form.ok) throw new Error(JSON.stringify(form.errors));
    await catalog.update(added.id, form.input);
    expect(catalog.resolveTransport(catalog.get(added.id))).toEqual({ kind: 'http', url, headers: {} });
    const next = 'sk-live-9c1aPathSegmentTypedOver5e6f';
    const typed = toServerInput({ ...valuesFromConfig(catalog.get(added.id)), url: `https://mcp.example.com/v1/${next}/mcp` });
    if (!typed.ok) throw new Error(JSON.stringify(typed.errors));
    await catalog.update(added.id, typed.input);
    expect(catalog.get(added.id).transport).toMatchObject({ url: 'https://mcp.example.com/v1/⟦secret:url:path:1⟧/mcp' });
    expect(catalog.resolveTransport(catalog.get(added.id))).toEqual({ kind: 'http', url: `https://mcp.example.com/v1/${next}/mcp`, headers: {} });
    const file = await serversJson();
    expect([file.includes(key), file.includes(next)]).toEqual([false, false]);
  });
});
