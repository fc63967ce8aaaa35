// A server that echoes the request it refused ("no /mcp?api_key=sk-live-… here",
// its Authorization header in a debugging page) put the app's own secrets into
// the diagnostic's "Response body", the SDK's error message and the protocol
// log, in clear. Every secret sent to the server (secret query values, the URL's
// password as Basic credentials, secret-named headers, the bearer token) is
// masked in what the server sends back. A real HTTP server on 127.0.0.1 and
// the app's real Connection.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type TransportConfig } from '../../shared/model.js';
import { SECRET_MASK } from '../../shared/secret-args.js';
import { cliLimitNamer } from '../cli/limit-flags.js';
import { startEchoServer } from '../../test/fixtures/servers/echo-request-server.mjs';
import { Connection } from './connection.js';
import { SentSecrets } from './sent-secrets.js';
import { cappedFetch, type HttpObservation } from './transports.js';
import { ProtocolLog } from './protocol-log.js';

const QUERY_KEY = 'sk-live-Q7f3a9c2e1b5d8f0a4c6e';
const ENCODED_KEY = 'sk/live+E9d1c3b5a7f0e2d4c6b8'; // sent percent-encoded, echoed decoded
const HEADER_KEY = 'xk-H5b7d9f1a3c5e7b9d1f3a5c';
const BEARER = 'bt-B2c4e6a8f0b2d4f6a8c0e2d';
const PASSWORD = 'pw-U8e0a2c4f6b8d0a2c4e6f8';
const SECRETS = [QUERY_KEY, ENCODED_KEY, encodeURIComponent(ENCODED_KEY), HEADER_KEY, BEARER, PASSWORD, Buffer.from(`ada:${PASSWORD}`).toString('base64')];

let server: Server;
let origin: string;
beforeAll(async () => {
  server = startEchoServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function connectTo(transport: TransportConfig) {
  const log = new ProtocolLog('echo', 500, () => undefined);
  const connection = new Connection(
    { id: 'echo', label: 'echo', transport, createdAt: '2026-01-01T00:00:00.000Z' },
    { settings: () => DEFAULT_SETTINGS, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'test', version: '1' }, limitName: cliLimitNamer },
  );
  const snapshot = await connection.connect();
  await connection.disconnect();
  return { error: snapshot.error, log: JSON.stringify(log.list()) };
}

const query = `api_key=${QUERY_KEY}&access_token=${encodeURIComponent(ENCODED_KEY)}`;

describe('a server that echoes the request it refused', { timeout: 30_000 }, () => {
  for (const status of [404, 401, 500, 300, 200]) {
    it(`${status}: no secret sent in the URL, the Basic credentials or the headers is in the diagnostic or the log; the mask is`, async () => {
      const { error, log } = await connectTo({ kind: 'http', url: `http://ada:${PASSWORD}@${origin}/${status}/mcp?${query}`, headers: { 'X-Api-Key': HEADER_KEY } });
      expect(error).toBeDefined();
      const shown = JSON.stringify(error);
      for (const secret of SECRETS) {
        expect(shown).not.toContain(secret);
        expect(log).not.toContain(secret);
      }
      const echoed = `no POST /${status}/mcp?api_key=${SECRET_MASK}&access_token=${SECRET_MASK} here (decoded /${status}/mcp?api_key=${SECRET_MASK}&access_token=${SECRET_MASK}); authorization=Basic ${SECRET_MASK} x-api-key=${SECRET_MASK} basic=ada:${SECRET_MASK}`;
      expect(shown).toContain(echoed);
      // The SDK's error quotes the body of an error answer (a 200 web page is refused by its type alone).
      if (status !== 200) expect(log).toContain(`Transport error: Error POSTing to endpoint: ${echoed}`);
    });
  }

  it('the bearer token (and a secret-named header) echoed in a 401: masked', async () => {
    const { error, log } = await connectTo({ kind: 'http', url: `http://${origin}/401/mcp`, headers: { 'X-Api-Key': HEADER_KEY }, bearerToken: BEARER });
    expect(error?.code).toBe('http-unauthorized');
    for (const secret of SECRETS) expect(JSON.stringify(error) + log).not.toContain(secret);
    expect(error?.detail).toBe(
      `http://${origin}/401/mcp refused the request: authentication is required or the credentials were rejected.\nResponse body: no POST /401/mcp here (decoded /401/mcp); authorization=Bearer ${SECRET_MASK} x-api-key=${SECRET_MASK} basic=`,
    );
  });

  it("a token the request carried that the settings did not name (the SDK adds the OAuth sign-in's): masked in the body the SDK reads and in the excerpt", async () => {
    const token = 'oauth-at-9d8c7b6a5f4e3d2c1b0a';
    const observation: HttpObservation = {};
    const response = await cappedFetch(() => 1024 * 1024, observation, undefined, new SentSecrets([]))(`http://${origin}/401/mcp`, { method: 'POST', body: '{}', headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    expect(body).toBe(`no POST /401/mcp here (decoded /401/mcp); authorization=Bearer ${SECRET_MASK} x-api-key= basic=`);
    expect(observation.bodyExcerpt).toBe(body);
  });

  it('a JSON-RPC error that quotes the request (its URL, its key header, its token): masked in the diagnostic and the log', async () => {
    const refusing = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const id = (JSON.parse(body) as { id?: unknown }).id ?? null;
        const error = { code: -32001, message: `no ${req.url} for "${String(req.headers['x-api-key'])}"`, data: { authorization: req.headers['authorization'] } };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, error }));
      });
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const at = `127.0.0.1:${(refusing.address() as AddressInfo).port}`;
      const { error, log } = await connectTo({ kind: 'http', url: `http://${at}/mcp?${query}`, headers: { 'X-Api-Key': HEADER_KEY }, bearerToken: BEARER });
      for (const secret of SECRETS) expect(JSON.stringify(error) + log).not.toContain(secret);
      expect(error?.detail).toBe(`no /mcp?api_key=${SECRET_MASK}&access_token=${SECRET_MASK} for "${SECRET_MASK}"`);
      expect(log).toContain(JSON.stringify({ authorization: `Bearer ${SECRET_MASK}` }));
    } finally {
      refusing.closeAllConnections();
      refusing.close();
    }
  });

  it('a stdio server whose JSON-RPC error quotes its secret environment: masked', async () => {
    // Refuses every request, quoting the key it was started with.
    const script = `require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => { const { id } = JSON.parse(line); if (id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32001, message: 'bad key ' + process.env.SERVICE_API_KEY } }) + '\\n'); });`;
    const { error, log } = await connectTo({ kind: 'stdio', command: process.execPath, args: ['-e', script], env: { SERVICE_API_KEY: HEADER_KEY } });
    expect(JSON.stringify(error) + log).not.toContain(HEADER_KEY);
    expect(log).toContain(`bad key ${SECRET_MASK}`);
  });

  it('a stdio server that writes its secret environment and arguments to stderr and exits: masked in the diagnostic and the log', async () => {
    const script = `console.error('bad key ' + process.env.SERVICE_API_KEY + ' token ' + process.argv.slice(1).join(' ')); process.exit(1);`;
    const { error, log } = await connectTo({ kind: 'stdio', command: process.execPath, args: ['-e', script, '--', `--token=${BEARER}`], env: { SERVICE_API_KEY: HEADER_KEY } });
    expect(error?.code).toBe('process-exited');
    for (const secret of [HEADER_KEY, BEARER]) expect(JSON.stringify(error) + log).not.toContain(secret);
    expect(error?.detail).toContain(`Last stderr lines:\nbad key ${SECRET_MASK} token --token=${SECRET_MASK}`);
  });

  it('a secret value pasted with a line break or spaces around it, said back by the server without them: masked', async () => {
    // A key copied from a terminal or a file often ends in a line break; the server reads it trimmed and says it mid-line.
    const script = `console.error('bad key ' + process.env.SERVICE_API_KEY.trim() + ' rejected; token ' + process.argv[1].slice('--token='.length).trim() + ' too'); process.exit(1);`;
    const { error, log } = await connectTo({ kind: 'stdio', command: process.execPath, args: ['-e', script, '--', `--token=${BEARER}\n`], env: { SERVICE_API_KEY: `${HEADER_KEY}\r\n` } });
    expect(error?.code).toBe('process-exited');
    for (const secret of [HEADER_KEY, BEARER]) expect(JSON.stringify(error) + log).not.toContain(secret);
    expect(error?.detail).toContain(`Last stderr lines:\nbad key ${SECRET_MASK} rejected; token ${SECRET_MASK} too`);
  });
});

// A secret cut across two reads of stderr: the server writes the start of it, pauses, then the rest, so the app
// reads two chunks and the boundary falls inside the secret (in the form the server spells it: as sent,
// percent-encoded, base64, inside a UTF-8 character).
describe('a stdio server that writes a secret to stderr in two writes with a pause between', { timeout: 30_000 }, () => {
  const UNICODE_KEY = 'pw-ü8e0a2c4f6b8d0a2c4e6';
  // argv: the form, where the secret is cut (bytes into it), whether a line break follows.
  const script = `const k = process.env.SERVICE_API_KEY; const [form, at, end] = process.argv.slice(1);
const spelled = { raw: k, uri: encodeURIComponent(k), base64: Buffer.from(k).toString('base64') }[form];
const bytes = Buffer.from('bad key ' + spelled + (end === 'nl' ? ' (rejected)\\n' : ''));
const cut = Buffer.byteLength('bad key ') + Number(at);
process.stderr.write(bytes.subarray(0, cut));
setTimeout(() => { process.stderr.write(bytes.subarray(cut)); process.exit(1); }, 400);`;

  async function stderrOf(key: string, form: string, at: number, end: 'nl' | 'eof') {
    const { error, log } = await connectTo({ kind: 'stdio', command: process.execPath, args: ['-e', script, '--', form, String(at), end], env: { SERVICE_API_KEY: key } });
    const lines = (JSON.parse(log) as { direction: string; text?: string }[]).filter((e) => e.direction === 'stderr').map((e) => e.text);
    return { error, log, lines };
  }

  const cases: [string, string, number, string][] = [
    ['as sent', QUERY_KEY, 12, QUERY_KEY],
    ['percent-encoded, cut inside %2F', ENCODED_KEY, 4, encodeURIComponent(ENCODED_KEY)],
    ['base64', HEADER_KEY, 9, Buffer.from(HEADER_KEY).toString('base64')],
    ['cut inside a two-byte UTF-8 character', UNICODE_KEY, 4, UNICODE_KEY],
  ];
  for (const [name, key, at, spelled] of cases) {
    for (const end of ['nl', 'eof'] as const) {
      it(`${name}, ${end === 'nl' ? 'the line ended' : 'the process exiting mid-line'}: masked in the log and the diagnostic, the line whole`, async () => {
        const form = name.startsWith('percent') ? 'uri' : name === 'base64' ? 'base64' : 'raw';
        const { error, log, lines } = await stderrOf(key, form, at, end);
        const cutAt = Buffer.from(spelled).subarray(0, at).toString('utf8').replace(/\uFFFD$/, '');
        const halves = [cutAt, spelled.slice(cutAt.length + 1)];
        for (const text of [JSON.stringify(error), log]) {
          expect(text).not.toContain(spelled);
          for (const half of halves) expect(text).not.toContain(half);
        }
        const line = `bad key ${SECRET_MASK}${end === 'nl' ? ' (rejected)' : ''}`;
        // Twice: the process exits on the 2026 probe, and the connection tries the 2025 handshake once (Connection).
        expect(lines).toEqual([line, line]);
        expect(error?.code).toBe('process-exited');
        expect(error?.detail).toContain(`Last stderr lines:\n${line}`);
      });
    }
  }
});

it('a stdio server that exits mid-secret while a process it started holds its stderr open: what was held back is shown, masked', { timeout: 30_000 }, async () => {
  // The helper keeps the pipe open for 5 s; the app closes it one second after the exit (stdio-transport.ts).
  const script = `require('node:child_process').spawn('sleep', ['5'], { stdio: ['ignore', 'ignore', 'inherit'], detached: true }).unref();
process.stderr.write('bad key ' + process.env.SERVICE_API_KEY.slice(0, 12)); setTimeout(() => process.exit(1), 200);`;
  const { error, log } = await connectTo({ kind: 'stdio', command: process.execPath, args: ['-e', script], env: { SERVICE_API_KEY: QUERY_KEY } });
  expect(JSON.stringify(error) + log).not.toContain(QUERY_KEY.slice(0, 12));
  const lines = (JSON.parse(log) as { direction: string; text?: string }[]).filter((e) => e.direction === 'stderr').map((e) => e.text);
  // Twice: the 2026 probe's process and the 2025 handshake's (Connection tries once more after the exit).
  expect(lines).toEqual([`bad key ${SECRET_MASK}`, `bad key ${SECRET_MASK}`]);
  expect(error?.detail).toContain(`Last stderr lines:\nbad key ${SECRET_MASK}`);
});
