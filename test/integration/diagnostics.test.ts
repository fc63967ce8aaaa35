// Every connection diagnostic, produced by a real failing process or endpoint
// and checked word for word: what the user reads is the product here.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Diagnostic } from '../../shared/model.js';
import {
  ContractClient,
  NODE,
  fixture,
  freePort,
  pidIsAlive,
  startHttpFixture,
  stdio,
  tempDir,
  type RunningFixture,
  type TransportInput,
} from '../fixtures/servers/harness.js';

let client: ContractClient;
/** For the servers that never answer: a short timeout, so those cases end quickly. */
let quick: ContractClient;
let endpoints: RunningFixture;
let tlsEndpoints: RunningFixture | undefined;
const running: RunningFixture[] = [];

/** openssl makes the self-signed certificate; Node cannot. */
function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  // Generous, so a loaded machine cannot turn a quick failure into a timeout.
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
  quick = await ContractClient.open({ requestTimeoutMs: 3_000 });
  endpoints = await startHttpFixture('http-endpoints.mjs');
  running.push(endpoints);
  if (hasOpenssl()) {
    const dir = await tempDir('tls');
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], {
      stdio: 'ignore',
    });
    tlsEndpoints = await startHttpFixture('http-endpoints.mjs', ['--cert', cert, '--key', key]);
    running.push(tlsEndpoints);
  }
});

afterAll(async () => {
  await client?.close();
  await quick?.close();
  await Promise.all(running.map((r) => r.stop()));
});

let counter = 0;
async function connectFailing(transport: TransportInput, on: ContractClient = client): Promise<{ serverId: string; error: Diagnostic }> {
  const server = await on.call('servers.add', { label: `failing ${++counter}`, transport });
  const snapshot = await on.call('servers.connect', { serverId: server.id });
  expect(snapshot.status).toBe('failed');
  expect(snapshot.error).toEqual(snapshot.lastError);
  return { serverId: server.id, error: snapshot.error! };
}

const cmd = (script: string, ...args: string[]) => `"${[NODE, fixture(script), ...args].join(' ')}"`;

describe('stdio servers', () => {
  test('command not found: names the PATH searched and where it came from', async () => {
    // The test's own PATH is the one searched: the first six folders, then how many more.
    const folders = (process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean);
    const searched = `${folders.slice(0, 6).join(path.delimiter)}${folders.length > 6 ? ` and ${folders.length - 6} more` : ''}`;
    const { error } = await connectFailing({ kind: 'stdio', command: 'skill-inspector-no-such-command', args: ['--stdio'], env: {} });
    expect(error).toEqual({
      code: 'command-not-found',
      title: 'Command not found',
      detail: `The command "skill-inspector-no-such-command" could not be started: it was not found on the PATH. Searched the PATH ${searched} (from this program's own environment).`,
      hint: 'Check the spelling, give the full path to the program, or install it.',
    });
  });

  test('command not found, with a working directory', async () => {
    const cwd = await tempDir('cwd');
    const { error } = await connectFailing({ kind: 'stdio', command: './server.sh', args: [], env: {}, cwd });
    expect(error.code).toBe('command-not-found');
    expect(error.detail).toBe(`The command "./server.sh" could not be started: it was not found on the PATH or in the working directory ${cwd}.`);
  });

  test('a command that is not executable', async () => {
    const dir = await tempDir('noexec');
    const script = path.join(dir, 'server.sh');
    await fs.writeFile(script, '#!/bin/sh\necho never\n', { mode: 0o644 });
    const { error } = await connectFailing({ kind: 'stdio', command: script, args: [], env: {} });
    expect(error).toEqual({
      code: 'command-not-found',
      title: 'Command cannot be run',
      detail: `The command "${script}" exists but is not executable (permission denied).`,
      hint: 'Make the file executable, or run it through its interpreter (for example "node server.js").',
    });
  });

  test('process exited early: exit code and the last stderr lines', async () => {
    const { serverId, error } = await connectFailing(stdio('exit-early-server.mjs'));
    expect(error).toEqual({
      code: 'process-exited',
      title: 'Server process exited',
      detail:
        `The server process ${cmd('exit-early-server.mjs')} exited with code 3 before the connection was established.\n` +
        'Last stderr lines:\n' +
        'exit-early-server: reading configuration\n' +
        'Error: the environment variable WEATHER_API_KEY is not set\n' +
        '    at loadConfig (exit-early-server.mjs:6:9)',
      hint: 'Run the command in a terminal to see its full output; check its arguments and environment.',
    });
    // The probe killed nothing here, but the app cannot know that: it retried the 2025 handshake once.
    const notes = (await client.call('log.get', { serverId })).filter((e) => e.kind === 'note').map((e) => e.text);
    expect(notes).toEqual([
      'The server process exited on the server/discover probe; retrying once with the 2025 initialize handshake.',
      'Connection failed: Server process exited. Connection closed',
    ]);
  });

  test('handshake timeout: a process that never answers', async () => {
    const { serverId, error } = await connectFailing(stdio('hang-server.mjs'), quick);
    const log = await quick.call('log.get', { serverId });
    const pid = /pid (\d+)/.exec(log.find((e) => e.direction === 'stderr')?.text ?? '')?.[1];
    expect(error).toEqual({
      code: 'timeout',
      title: 'The server did not answer in time',
      // On stdio the silent probe means "legacy": the app then waited for initialize too.
      detail:
        `No answer from ${cmd('hang-server.mjs')} to server/discover or initialize within 3 s.\n` +
        `Last stderr lines:\nhang-server: started (pid ${pid}); it will never answer`,
      hint: 'The server may be hung or busy, or may not speak MCP on this channel. If it is just slow, raise Settings › Request timeout.',
    });
    // The app does not leave the hung process behind.
    await quick.until('the hung process to be stopped', () => !pidIsAlive(Number(pid)), 15_000);
  });

  test('a program that speaks no MCP: what it printed is the evidence', async () => {
    const { serverId, error } = await connectFailing(stdio('garbage-server.mjs'), quick);
    expect(error).toEqual({
      code: 'not-mcp',
      title: 'The program does not speak MCP',
      detail:
        `${cmd('garbage-server.mjs')} wrote text that is not JSON-RPC to stdout and did not answer server/discover or initialize within 3 s. Its first lines:\n` +
        '  Welcome to the weather tool v0.1!\n' +
        '  Unknown command: {"jsonrpc":"2.0","id":"server-discover-p\n' +
        '  Type "help" for a list of commands.\n' +
        '  Unknown command: {"method":"initialize","params":{"protoc\n' +
        '  Type "help" for a list of commands.',
      hint: 'Make sure the command starts an MCP server on stdio (often a flag such as "stdio" or "--stdio") and that it writes nothing else to stdout.',
    });
    const notes = (await quick.call('log.get', { serverId })).filter((e) => e.kind === 'note').map((e) => e.text);
    expect(notes[0]).toBe('The server wrote a line to stdout that is not JSON-RPC (ignored): Welcome to the weather tool v0.1!');
  });
});

describe('HTTP endpoints', () => {
  const url = (p: string) => `${endpoints.url}${p}`;

  test('401 Unauthorized, with the body', async () => {
    const { error } = await connectFailing({ kind: 'http', url: url('/status/401'), headers: {}, bearerToken: 'expired-token' });
    expect(error).toEqual({
      code: 'http-unauthorized',
      title: 'Unauthorized (HTTP 401)',
      detail: `${url('/status/401')} refused the request: authentication is required or the credentials were rejected.\nResponse body: {"error":"invalid_token","error_description":"The access token expired"}`,
      hint: 'Add or correct the bearer token or the Authorization header in the server settings.',
    });
  });

  test('401 on a legacy SSE endpoint', async () => {
    const { error } = await connectFailing({ kind: 'sse', url: url('/status/401'), headers: {} });
    expect(error.code).toBe('http-unauthorized');
    expect(error.detail).toBe(
      `${url('/status/401')} refused the request: authentication is required or the credentials were rejected.\nResponse body: {"error":"invalid_token","error_description":"The access token expired"}`,
    );
  });

  test('403 Forbidden', async () => {
    const { error } = await connectFailing({ kind: 'http', url: url('/status/403'), headers: {} });
    expect(error).toEqual({
      code: 'http-forbidden',
      title: 'Forbidden (HTTP 403)',
      detail: `${url('/status/403')} refused the request (403).\nResponse body: Forbidden: this token may not use the MCP endpoint`,
      hint: 'The credentials are valid but lack access, or the server rejects this origin. Check the token scopes and the server configuration.',
    });
  });

  test('404 Not Found', async () => {
    const { error } = await connectFailing({ kind: 'http', url: url('/status/404'), headers: {} });
    expect(error).toEqual({
      code: 'http-not-found',
      title: 'Not found (HTTP 404)',
      detail: `Nothing answers MCP at ${url('/status/404')} (404).\nResponse body: <!doctype html><html><body><h1>404 Not Found</h1></body></html>`,
      hint: 'Check the path: MCP endpoints are often at /mcp (Streamable HTTP) or /sse (legacy SSE).',
    });
  });

  test.each([
    [500, 'Internal Server Error: database connection lost'],
    [502, 'Bad Gateway: upstream mcp-backend is down'],
    [503, 'Service Unavailable: maintenance until 14:00 UTC'],
  ])('%i server error, with the body', async (status, body) => {
    const { error } = await connectFailing({ kind: 'http', url: url(`/status/${status}`), headers: {} });
    expect(error).toEqual({
      code: 'http-server-error',
      title: `Server error (HTTP ${status})`,
      detail: `${url(`/status/${status}`)} failed while handling the request (${status}).\nResponse body: ${body}`,
      hint: 'The server itself failed; look at its logs.',
    });
  });

  test('another HTTP error status, with the body', async () => {
    const { error } = await connectFailing({ kind: 'http', url: url('/status/405'), headers: {} });
    expect(error).toEqual({
      code: 'http-error',
      title: 'HTTP 405',
      detail: `${url('/status/405')} answered 405.\nResponse body: Status 405`,
      hint: 'Check the URL and the server configuration.',
    });
  });

  test('TLS: a self-signed certificate', async (context) => {
    if (!tlsEndpoints) {
      context.skip('blocked: openssl is not installed, and Node cannot make a certificate');
      return;
    }
    const target = `${tlsEndpoints.url}/html`;
    const { error } = await connectFailing({ kind: 'http', url: target, headers: {} });
    expect(error).toEqual({
      code: 'tls-error',
      title: 'TLS certificate problem',
      detail: `The secure connection to ${target} failed: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT).`,
      hint: 'The certificate is not trusted (self-signed, expired or for another host). Fix the certificate, or use the right host name.',
    });
  });

  test.each(['http', 'sse'] as const)('connection refused (%s)', async (kind) => {
    const target = `http://127.0.0.1:${await freePort()}/${kind === 'http' ? 'mcp' : 'sse'}`;
    const { error } = await connectFailing({ kind, url: target, headers: {} });
    expect(error).toEqual({
      code: 'connection-refused',
      title: 'Connection refused',
      detail: `Nothing is listening at ${target} (connection refused).`,
      hint: 'Start the server, or check the host and port.',
    });
  });

  test('handshake timeout: an endpoint that never answers', async () => {
    const { error } = await connectFailing({ kind: 'http', url: url('/hang'), headers: {} }, quick);
    expect(error).toEqual({
      code: 'timeout',
      title: 'The server did not answer in time',
      detail: `No answer from ${url('/hang')} to server/discover within 3 s.`,
      hint: 'The server may be hung or busy, or may not speak MCP on this channel. If it is just slow, raise Settings › Request timeout.',
    });
  });

  test.each(['http', 'sse'] as const)('a web page instead of MCP (%s)', async (kind) => {
    const { error } = await connectFailing({ kind, url: url('/html'), headers: {} });
    expect(error).toEqual({
      code: 'not-mcp',
      title: 'This endpoint does not speak MCP',
      detail:
        `${url('/html')} answered with a web page (text/html), not MCP.\n` +
        'Start of the response: <!doctype html> <html><head><title>Acme Weather</title></head><body><h1>Welcome to Acme Weather</h1></body></html>',
      hint: 'Check that the URL points at the MCP endpoint (often /mcp, or /sse for legacy SSE), not a web page.',
    });
  });
});

describe('cancelling', () => {
  test('disconnecting while connecting to an endpoint that never answers cancels the attempt at once', async () => {
    const slow = await ContractClient.open({ requestTimeoutMs: 600_000 });
    try {
      const server = await slow.call('servers.add', { label: 'never answers', transport: { kind: 'http', url: `${endpoints.url}/hang`, headers: {} } });
      const connecting = slow.call('servers.connect', { serverId: server.id });
      await slow.until('the probe to go out', () => slow.payloads('log.appended').some((p) => p.entries.some((e) => e.method === 'server/discover')));
      const disconnected = await slow.call('servers.disconnect', { serverId: server.id });
      // The ten-minute timeout did not have to pass: the test would time out first.
      expect(disconnected).toEqual({ serverId: server.id, status: 'disconnected' });
      expect(await connecting).toEqual({ serverId: server.id, status: 'disconnected' });
      expect(slow.snapshots(server.id).map((s) => s.status)).toEqual(['connecting', 'disconnected']);
    } finally {
      await slow.close();
    }
  });

  test('every request has the timeout from the settings', async () => {
    const legacy = await client.call('servers.add', { label: 'slow skills/get', transport: stdio('legacy-v1-server.mjs', ['--slow-uri', 'skill://slow/SKILL.md']) });
    expect((await client.call('servers.connect', { serverId: legacy.id })).status).toBe('connected');
    // The setting applies to the next request, on a live connection.
    expect((await client.call('settings.update', { requestTimeoutMs: 1_000 })).requestTimeoutMs).toBe(1_000);
    const error = await client.fail('skills.loadByUri', { serverId: legacy.id, uri: 'skill://slow/SKILL.md' });
    expect(error.code).toBe('failed');
    expect(error.message).toBe('skills/get skill://slow/SKILL.md failed: no answer within 1 s (the request timeout: Settings › Request timeout)');
    const log = await client.call('log.get', { serverId: legacy.id });
    const request = log.find((e) => e.direction === 'out' && e.method === 'skills/get');
    // The SDK tells the server it gave up, and the server saw it.
    const cancelled = log.find((e) => e.direction === 'out' && e.method === 'notifications/cancelled');
    expect((cancelled?.message as { params?: { requestId?: unknown } }).params?.requestId).toBe(request?.id);
    await client.until('the server to note the cancellation', () =>
      client.payloads('log.appended').some((p) => p.serverId === legacy.id && p.entries.some((e) => e.text === 'legacy-v1-server: skills/get skill://slow/SKILL.md was cancelled by the client')),
    );
    await client.call('settings.update', { requestTimeoutMs: 15_000 });
  });

  test('a request in flight can be cancelled, and the connection stays usable', async () => {
    const legacy = await client.call('servers.add', { label: 'cancellable', transport: stdio('legacy-v1-server.mjs', ['--slow-uri', 'skill://slow/SKILL.md']) });
    expect((await client.call('servers.connect', { serverId: legacy.id })).status).toBe('connected');
    const connection = client.inspector.pool.find(legacy.id)!;
    const abort = new AbortController();
    const pending = connection.request('skills/get', { uri: 'skill://slow/SKILL.md' }, { signal: abort.signal, timeoutMs: 600_000 });
    await client.until('the request to go out', () =>
      client.payloads('log.appended').some((p) => p.serverId === legacy.id && p.entries.some((e) => e.method === 'skills/get' && e.direction === 'out')),
    );
    abort.abort(new Error('Cancelled by the user'));
    await expect(pending).rejects.toThrow('Cancelled by the user');
    await client.until('the server to note the cancellation', () =>
      client.payloads('log.appended').some((p) => p.serverId === legacy.id && p.entries.some((e) => e.text === 'legacy-v1-server: skills/get skill://slow/SKILL.md was cancelled by the client')),
    );
    const got = (await connection.request('skills/get', { uri: 'skill://greeting/SKILL.md' })) as { skill: { uri: string } };
    expect(got.skill.uri).toBe('skill://greeting/SKILL.md');
  });
});
