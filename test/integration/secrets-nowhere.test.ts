// No secret leaves the main process: not in servers.json or any other file of
// the data folder, not in any answer or event the renderer receives (its whole
// state comes from those), not in the protocol log or its exports, not in a
// diagnostic — even when a server echoes the token back on stderr.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInspector } from '../../electron/inspector.js';
import { ContractClient, NODE, startHttpFixture, tempDir, type RunningFixture } from '../fixtures/servers/harness.js';
import { readDataFiles } from '../fixtures/data-files.js';

const TOKEN = 'tok-0b7e-bearer-nowhere';
const HEADER = 'hdr-91aa-header-nowhere';
const ENV_TOKEN = 'env-3c5d-stdio-nowhere';
const SECRETS = [TOKEN, HEADER, ENV_TOKEN];

let auth: RunningFixture;
let client: ContractClient;
/** Every answer the contract gave, as the renderer would hold it. */
const answers: unknown[] = [];

async function call(method: Parameters<ContractClient['call']>[0], params: unknown): Promise<unknown> {
  const envelope = await client.inspector.call(method, params);
  answers.push(envelope);
  return envelope.ok ? envelope.result : envelope.error;
}

const savedChoice = process.env['SKILL_INSPECTOR_SECRETS'];

beforeAll(async () => {
  // The encrypted-file fallback, on every machine: its file is in the data folder, so this test reads it too.
  process.env['SKILL_INSPECTOR_SECRETS'] = 'file';
  auth = await startHttpFixture('auth-skills-server.mjs', ['--token', TOKEN]);
  const dir = await tempDir('secrets-nowhere');
  const inspector = await createInspector({
    dataDir: dir,
    mode: 'browser',
    appVersion: '0.0.0-test',
    demoTransport: () => ({ kind: 'stdio', command: 'skill-inspector', args: ['demo-server'], env: {} }),
    seedDemo: false,
    settingsOverrides: { requestTimeoutMs: 15_000 },
  });
  client = new ContractClient(inspector, dir);
}, 60_000);

afterAll(async () => {
  if (savedChoice === undefined) delete process.env['SKILL_INSPECTOR_SECRETS'];
  else process.env['SKILL_INSPECTOR_SECRETS'] = savedChoice;
  await client?.call('approvals.audit', {});
  await client?.close();
  await auth?.stop();
});

async function filesHolding(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const file of await readDataFiles(dir)) {
    const bytes = file.bytes.toString('latin1');
    for (const s of SECRETS) if (bytes.includes(s)) out.push(`${file.path}: ${s}`);
  }
  return out;
}

describe('no secret outside the secret store', () => {
  test('a token, a credential header and a secret env value, used and echoed: in no answer, event, log, export or file', async () => {
    const remote = (await call('servers.add', { label: 'Remote', transport: { kind: 'http', url: auth.url, headers: { 'X-Api-Key': HEADER }, bearerToken: TOKEN } })) as { id: string; secrets: string[] };
    expect(remote.secrets).toEqual(['header:X-Api-Key', 'bearerToken']);
    const connected = (await call('servers.connect', { serverId: remote.id })) as { status: string };
    expect(connected.status).toBe('connected');
    await client.until('the listing', () => client.payloads('skills.listed').some((e) => e.serverId === remote.id && e.done));

    // A server that prints its token on stderr and exits: its diagnostic and log quote stderr.
    const echo = `process.stderr.write('my token is ' + process.env.API_TOKEN + '\\n'); process.exit(3)`;
    const local = (await call('servers.add', { label: 'Echo', transport: { kind: 'stdio', command: NODE, args: ['-e', echo], env: { API_TOKEN: ENV_TOKEN } } })) as { id: string; secrets: string[] };
    expect(local.secrets).toEqual(['env:API_TOKEN']);
    const failed = (await call('servers.connect', { serverId: local.id })) as { status: string };
    expect(failed.status).toBe('failed');
    const log = (await call('log.get', { serverId: local.id })) as { text?: string }[];
    // The echo arrived, with the value replaced: masked where the server's stderr enters the app (sent-secrets.ts,
    // efd4ec5), the line not just missing.
    expect(log.map((e) => e.text ?? '').join('\n')).toContain('my token is ••••••••');

    await call('servers.update', { serverId: remote.id, input: { label: 'Remote (edited)', transport: { kind: 'http', url: auth.url, headers: {} } } });
    await call('servers.duplicate', { serverId: remote.id });
    await call('servers.list', {});
    for (const serverId of [remote.id, local.id]) {
      await call('log.get', { serverId });
      await call('log.export', { serverId });
      await call('log.export', { serverId, format: 'jsonl' });
    }
    // The fallback is said once, from the first stored secret on; the alert names what it does not protect from.
    const alerts = (await call('app.alerts', {})) as { title: string; message: string }[];
    const fallback = alerts.filter((a) => a.title === 'No keychain: secrets in an encrypted file');
    expect(fallback).toHaveLength(1);
    expect(fallback[0]!.message).toContain('not away from someone who can read your data folder');

    const seen = JSON.stringify({ answers, events: client.events });
    for (const s of SECRETS) expect(seen).not.toContain(s);
    expect(await filesHolding(client.dataDir)).toEqual([]);
    // The edited server still connects: its token was kept, in the store.
    const again = (await call('servers.reconnect', { serverId: remote.id })) as { status: string };
    expect(again.status).toBe('connected');
  }, 90_000);
});
