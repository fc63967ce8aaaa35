// A server whose secret has gone from the secret store (the keychain entry
// deleted, secrets.enc.json replaced): servers.json keeps a reference in place
// of an argument or URL part (⟦secret:url:password⟧), and a header or variable
// is taken out. The server was connected all the same, the reference's text
// sent as the value (a Basic password "⟦secret:url:password⟧", an argument
// "⟦secret:arg:2⟧") and a header or variable left out. Now it is not connected:
// a diagnostic names the secret, the server and what to do.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { ContractClient, startHttpFixture, stdio, tempDir, type RunningFixture, type TransportInput } from '../fixtures/servers/harness.js';

useEncryptedFileSecrets();

const STORE = 'an encrypted file in the data folder (secrets.enc.json) has no entry for it';
let dataDir: string;
let http: RunningFixture;
let client: ContractClient | undefined;
const ids = new Map<string, string>();

const SERVERS: Record<string, () => TransportInput> = {
  'URL password': () => ({ kind: 'http', url: http.url.replace('http://', 'http://ada:s3cret@'), headers: {} }),
  'Secret header': () => ({ kind: 'http', url: http.url, headers: { 'X-Api-Key': 'k-5e1d' } }),
  // Argument 3: the fixture's path is the first.
  'Secret argument': () => stdio('argv-echo-server.mjs', ['--api-key', 'k-2b7a']),
  'Secret variable': () => stdio('env-echo-server.mjs', ['API_TOKEN'], { API_TOKEN: 't-41c9' }),
  'OAuth with a key': () => ({ kind: 'http', url: http.url, headers: { 'X-Api-Key': 'k-0a3f' }, auth: { type: 'oauth' } }),
};

beforeAll(async () => {
  dataDir = await tempDir('missing-secret');
  http = await startHttpFixture('auth-skills-server.mjs', ['--require-header', 'Authorization: Basic YWRhOnMzY3JldA==']);
  const first = await ContractClient.open({}, dataDir);
  for (const [label, transport] of Object.entries(SERVERS)) ids.set(label, (await first.call('servers.add', { label, transport: transport() })).id);
  await first.close({ keepData: true });
  // Every value gone from the store; servers.json still refers to them.
  await fs.writeFile(path.join(dataDir, 'secrets.enc.json'), `${JSON.stringify({ version: 1, entries: {} })}\n`);
  client = await ContractClient.open({ requestTimeoutMs: 10_000 }, dataDir);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await http?.stop();
});

describe('a secret gone from the secret store', () => {
  test.each([
    ['URL password', 'URL password'],
    ['Secret header', 'Header X-Api-Key'],
    ['Secret argument', 'Argument 3'],
    ['Secret variable', 'Environment API_TOKEN'],
  ])('%s: not connected; the diagnostic names %s, the server and what to do', async (label, field) => {
    const serverId = ids.get(label)!;
    const snapshot = await client!.call('servers.connect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual([
      'failed',
      {
        code: 'invalid-config',
        title: 'A stored secret is missing',
        detail: `The ${field} of "${label}" is not in the secret store (${STORE}), so the server was not connected: it would have been sent without it, or with the placeholder that stands for it in servers.json.`,
        hint: `Edit "${label}" and enter its ${field} again, then connect.`,
      },
    ]);
    // Nothing reached the HTTP server; no process was started.
    expect(await (await fetch(new URL('/seen', http.url))).json()).toEqual([]);
    const log = await client!.call('log.get', { serverId });
    expect(log.filter((e) => e.direction === 'stderr')).toEqual([]);
  });

  test("the form's Test connection of such a server, its settings as the form holds them: the same diagnostic, nothing sent", async () => {
    const serverId = ids.get('URL password')!;
    const stored = (await client!.call('servers.list', {})).find((s) => s.config.id === serverId)!.config;
    const tried = await client!.call('servers.test', { serverId, input: { label: stored.label, transport: stored.transport as TransportInput } });
    expect([tried.status, tried.error?.code, tried.error?.detail]).toEqual([
      'failed',
      'invalid-config',
      `The URL password of "URL password" is not in the secret store (${STORE}), so the server was not connected: it would have been sent without it, or with the placeholder that stands for it in servers.json.`,
    ]);
    expect(await (await fetch(new URL('/seen', http.url))).json()).toEqual([]);
  });

  test('a server that signs in with OAuth: its status and sign-out still answer; a sign-in is refused with the same diagnostic', async () => {
    const serverId = ids.get('OAuth with a key')!;
    expect(await client!.call('servers.authStatus', { serverId })).toMatchObject({ serverId, signedIn: false, signingIn: false });
    expect(await client!.call('servers.signOut', { serverId })).toMatchObject({ serverId, signedIn: false });
    const signIn = await client!.call('servers.signIn', { serverId });
    expect(signIn.error).toEqual({
      code: 'invalid-config',
      title: 'A stored secret is missing',
      detail: `The Header X-Api-Key of "OAuth with a key" is not in the secret store (${STORE}), so the server was not connected: it would have been sent without it, or with the placeholder that stands for it in servers.json.`,
      hint: 'Edit "OAuth with a key" and enter its Header X-Api-Key again, then connect.',
    });
    expect(await (await fetch(new URL('/seen', http.url))).json()).toEqual([]);
  });
});
