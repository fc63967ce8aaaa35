// A user name with a ':' once percent-decoded (`http://a%3Ab:pw@host/mcp`):
// Basic credentials are base64(user ":" password), and the server splits them
// at the first ':' (RFC 7617 §2), so it would take "a" as the user and
// "b:pw" as the password. It was sent so all the same; now the connection is
// not attempted, in the app and in the command, and the message says why.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../fixtures/cli/harness.js';
import { ContractClient, startHttpFixture, type RunningFixture } from '../fixtures/servers/harness.js';

let server: RunningFixture;
let client: ContractClient;

beforeAll(async () => {
  // base64("a:b:pw"): what was sent before; the fixture lets it in, so a send is seen to succeed.
  server = await startHttpFixture('auth-skills-server.mjs', ['--require-header', 'Authorization: Basic YTpiOnB3']);
  client = await ContractClient.open({ requestTimeoutMs: 10_000 });
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

const withUser = (userinfo: string) => server.url.replace('http://', `http://${userinfo}@`);
const seen = async () => (await (await fetch(new URL('/seen', server.url))).json()) as unknown[];

const TITLE = 'The user name in the URL cannot be sent';
const detail = (url: string) =>
  `The user name in the URL of ${url} has a ":" once percent-decoded, and Basic credentials cannot carry one (RFC 7617 §2): the server would read what follows it as part of the password. The server was not connected.`;
const HINT = 'Correct the user name in the URL, or give the credentials as an Authorization header instead.';

describe('a user name with ":" in a server URL', () => {
  test('the app does not connect, and says why; nothing reaches the server', async () => {
    const { id: serverId } = await client.call('servers.add', { label: 'Colon', transport: { kind: 'http', url: withUser('a%3Ab:pw'), headers: {} } });
    const snapshot = await client.call('servers.connect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual(['failed', { code: 'invalid-config', title: TITLE, detail: detail(server.url), hint: HINT }]);
    expect(await seen()).toEqual([]);
  });

  test('the command refuses it with the same words (exit 2), the password not printed', async () => {
    const run = await runCli(['check', '--url', withUser('a%3Ab:pw-7c1'), '--json']);
    expect([run.code, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toContain(`skill-inspector: cannot connect. ${TITLE}: ${detail(server.url)}\n${HINT}`);
    expect(run.stderr).not.toContain('pw-7c1');
    expect(await seen()).toEqual([]);
  });

  test('a ":" in the password (%3A) is sent: the server splits at the first one', async () => {
    const { id: serverId } = await client.call('servers.add', { label: 'Password colon', transport: { kind: 'http', url: withUser('a:b%3Apw'), headers: {} } });
    // base64("a:b:pw") again: the password may hold a ':'.
    const snapshot = await client.call('servers.connect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    expect((await client.call('servers.disconnect', { serverId })).status).toBe('disconnected');
  });
});
