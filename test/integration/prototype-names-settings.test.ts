// Env variables and headers named like Object.prototype's members reach the
// server, end to end through the contract: a real stdio process started with
// them prints what it got, and a real HTTP server records the headers it got.
// "__proto__" is refused by the contract with the field and the key
// (shared/prototype-names.ts says why), where it used to be dropped without a word.
import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ContractClient, NODE, fixture, startHttpFixture, type RunningFixture } from '../fixtures/servers/harness.js';

const CARRIED = { constructor: 'c', prototype: 'p', hasOwnProperty: 'h', toString: 't', valueOf: 'v' };

let client: ContractClient;
let auth: RunningFixture;

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
  auth = await startHttpFixture('auth-skills-server.mjs', Object.entries(CARRIED).flatMap(([name, value]) => ['--require-header', `${name}: ${value}`]));
});

afterAll(async () => {
  await client?.call('approvals.audit', {});
  await client?.close();
  await auth?.stop();
  if (client) await fs.rm(client.dataDir, { recursive: true, force: true });
});

describe('prototype names in a server\'s settings', () => {
  test('a stdio server is started with env variables constructor, prototype, hasOwnProperty, toString and valueOf, each with its value', async () => {
    const names = [...Object.keys(CARRIED), '__proto__', 'A'];
    const { id: serverId } = await client.call('servers.add', { label: 'Env echo', transport: { kind: 'stdio', command: NODE, args: [fixture('env-echo-server.mjs'), ...names], env: { ...CARRIED, A: '1' } } });
    const snapshot = await client.call('servers.connect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    const stderr = await client.until('the server\'s stderr line', () =>
      client.payloads('log.appended').flatMap((p) => (p.serverId === serverId ? p.entries : [])).find((e) => e.direction === 'stderr'),
    );
    expect(stderr.text).toBe(`env-echo-server: ${JSON.stringify({ ...CARRIED, __proto__: null, A: '1' }).replace('"A"', '"__proto__":null,"A"')}`);
    expect((await client.call('servers.disconnect', { serverId })).status).toBe('disconnected');
  });

  test('an HTTP server receives headers named constructor, prototype, hasOwnProperty, toString and valueOf, each with its value', async () => {
    const { id: serverId } = await client.call('servers.add', { label: 'Headers', transport: { kind: 'http', url: auth.url, headers: CARRIED } });
    const snapshot = await client.call('servers.connect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    const seen = (await (await fetch(new URL('/seen', auth.url))).json()) as { status: number; headers: Record<string, unknown> }[];
    expect(seen.length).toBeGreaterThanOrEqual(1);
    // The fixture answers 401 to a request missing any of them (a missing "constructor" reads as Object there, never "c").
    expect(seen.map((r) => [r.status === 401, r.headers])).toEqual(seen.map(() => [false, { authorization: null, ...Object.fromEntries(Object.entries(CARRIED).map(([k, v]) => [k.toLowerCase(), v])) }]));
    expect((await client.call('servers.disconnect', { serverId })).status).toBe('disconnected');
  });

  test('an env variable or header named "__proto__" is refused by servers.add with the field and the key, and nothing is added', async () => {
    const before = (await client.call('servers.list', {})).length;
    const env = await client.fail('servers.add', JSON.parse(`{"label": "Proto env", "transport": {"kind": "stdio", "command": ${JSON.stringify(NODE)}, "env": {"__proto__": "x", "A": "1"}}}`));
    expect(env).toEqual({
      code: 'invalid-params',
      message: 'Invalid arguments for servers.add: transport.env.__proto__: "__proto__" cannot be an environment variable name here: a server\'s settings travel between the app\'s window and its main process as JavaScript objects, in which this name is lost on the way. Set it in a script that starts the server.',
    });
    const header = await client.fail('servers.add', JSON.parse(`{"label": "Proto header", "transport": {"kind": "http", "url": ${JSON.stringify(auth.url)}, "headers": {"__proto__": "x"}}}`));
    expect(header.message).toBe('Invalid arguments for servers.add: transport.headers.__proto__: "__proto__" cannot be a header name here: the HTTP client the app connects with (Node\'s fetch) drops a header of this name, so the server would never receive it.');
    expect((await client.call('servers.list', {})).length).toBe(before);
  });
});
