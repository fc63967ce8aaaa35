// "Test connection" (servers.test, issue 19) through the contract with real
// servers over stdio: it connects with the form's settings, reports how it
// went and disconnects, and nothing reaches the catalog, servers.json or the
// sidebar's events. An edited server is tried with the secrets it keeps.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ContractClient, NODE, fixture, stdio } from '../fixtures/servers/harness.js';

const clients: ContractClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

async function open(): Promise<ContractClient> {
  const client = await ContractClient.open({ requestTimeoutMs: 20_000 });
  clients.push(client);
  return client;
}

const serversFile = (client: ContractClient) => fs.readFile(path.join(client.dataDir, 'servers.json'), 'utf8').catch(() => 'absent');

test('reports a server that answers and one whose command does not exist, adding nothing', async () => {
  const client = await open();
  const before = await serversFile(client);
  const ok = await client.call('servers.test', { input: { label: 'Tried', transport: stdio('skills-server.mjs') } });
  expect(ok).toMatchObject({ status: 'connected', selfReported: { name: 'fixture-skills', version: '2.0.0-fixture' } });
  expect(ok.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(ok.error).toBeUndefined();

  const missing = await client.call('servers.test', { input: { label: 'Tried', transport: { kind: 'stdio', command: 'si-no-such-command', args: [], env: {} } } });
  expect(missing).toMatchObject({ status: 'failed', error: { code: 'command-not-found', title: 'Command not found', hint: 'Check the spelling, give the full path to the program, or install it.' } });

  expect(await client.call('servers.list', {})).toEqual([]);
  expect(await serversFile(client)).toBe(before);
  expect(client.payloads('servers.changed')).toEqual([]);
  expect(client.payloads('connection.changed')).toEqual([]);
});

test('a pasted command line is split as the catalog would store it', async () => {
  const client = await open();
  const line = `${NODE} ${fixture('skills-server.mjs')}`;
  const result = await client.call('servers.test', { input: { label: 'Pasted', transport: { kind: 'stdio', command: line, args: [], env: {} } } });
  expect(result.status).toBe('connected');
});

test('an edited server is tried with the stored secret it keeps, and without the one it drops', async () => {
  const client = await open();
  // Starts the server only when the secret is in its environment.
  const gate = { kind: 'stdio' as const, command: '/bin/sh', args: ['-c', 'test -n "$SI_TEST_TOKEN" || exit 9; exec "$0" "$1"', NODE, fixture('skills-server.mjs')], env: { SI_TEST_TOKEN: 'tok-1' } };
  const server = await client.call('servers.add', { label: 'Gated', transport: gate });
  expect(server.secrets).toEqual(['env:SI_TEST_TOKEN']);
  expect(server.transport).toMatchObject({ env: {} });

  const edited = { label: 'Gated', transport: { ...gate, env: {} } };
  const kept = await client.call('servers.test', { serverId: server.id, input: { ...edited, keepSecrets: ['env:SI_TEST_TOKEN'] } });
  expect(kept.status).toBe('connected');
  const dropped = await client.call('servers.test', { serverId: server.id, input: { ...edited, keepSecrets: [] } });
  expect(dropped).toMatchObject({ status: 'failed', error: { code: 'process-exited' } });
  // The test changed nothing about the stored server.
  expect((await client.call('servers.list', {})).map((v) => [v.config, v.connection.status])).toEqual([[server, 'disconnected']]);
});
