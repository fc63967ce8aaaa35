// `check` against a server that echoes the request it refused (a 404 whose body
// is "no /mcp?api_key=sk-live-…", a 401 page that lists the headers it got):
// the address in the message was masked, but the server's reply was printed as
// it came, so the key in the --url, the --header-env and --bearer-env values
// and the password of a config's URL were in the terminal, the JSON and the
// SARIF. The built command against a real HTTP server on 127.0.0.1: no secret
// it sent is in anything it prints; the mask is, where the secret was echoed.
import { promises as fs } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../shared/secret-args.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { startEchoServer } from '../fixtures/servers/echo-request-server.mjs';

const QUERY_KEY = 'sk-live-Q7f3a9c2e1b5d8f0a4c6e';
const HEADER_KEY = 'xk-H5b7d9f1a3c5e7b9d1f3a5c';
const BEARER = 'bt-B2c4e6a8f0b2d4f6a8c0e2d';
const PASSWORD = 'pw-U8e0a2c4f6b8d0a2c4e6f8';
const SECRETS = [QUERY_KEY, HEADER_KEY, BEARER, PASSWORD, Buffer.from(`ada:${PASSWORD}`).toString('base64')];
const ENV = { SI_ECHO_KEY: HEADER_KEY, SI_ECHO_TOKEN: BEARER };

let server: Server;
let origin: string;
let work: string;
beforeAll(async () => {
  server = startEchoServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'cli-echoed-secrets-'));
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  if (work) await fs.rm(work, { recursive: true, force: true });
});

function expectNoSecret(printed: string): void {
  for (const secret of SECRETS) expect(printed).not.toContain(secret);
}

describe('check against a server that echoes the request it refused', { timeout: 120_000 }, () => {
  for (const status of [404, 401, 500]) {
    it(`--url with a key, --header-env and --bearer-env, a ${status}: text, --json and --sarif print the mask, no secret`, async () => {
      const args = ['check', '--url', `http://${origin}/${status}/mcp?api_key=${QUERY_KEY}`, '--header-env', 'X-Api-Key: SI_ECHO_KEY', '--bearer-env', 'SI_ECHO_TOKEN'];
      const echoed = `Response body: no POST /${status}/mcp?api_key=${SECRET_MASK} here (decoded /${status}/mcp?api_key=${SECRET_MASK}); authorization=Bearer ${SECRET_MASK} x-api-key=${SECRET_MASK} basic=`;
      for (const format of [[], ['--json'], ['--sarif']]) {
        const run = await runCli([...args, ...format], { env: ENV });
        expect(run.code).toBe(2);
        expectNoSecret(run.stdout + run.stderr);
        expect(run.stderr).toContain(echoed);
      }
    });
  }

  it('--url with a key, --header-env and --bearer-env, refused in a JSON-RPC error that quotes them: text and --json print the mask, no secret', async () => {
    const args = ['check', '--url', `http://${origin}/rpc/mcp?api_key=${QUERY_KEY}`, '--header-env', 'X-Api-Key: SI_ECHO_KEY', '--bearer-env', 'SI_ECHO_TOKEN'];
    const echoed = `no POST /rpc/mcp?api_key=${SECRET_MASK} here (decoded /rpc/mcp?api_key=${SECRET_MASK}); authorization=Bearer ${SECRET_MASK} x-api-key=${SECRET_MASK} basic=`;
    for (const format of [[], ['--json']]) {
      const run = await runCli([...args, ...format], { env: ENV });
      expect(run.code).toBe(2);
      expectNoSecret(run.stdout + run.stderr);
      expect(run.stderr).toContain(echoed);
    }
  });

  it('--config --all with a password and a key in the URL and a key header, a 401: text, --json and --sarif print the mask, no secret', async () => {
    const config = path.join(work, 'mcp.json');
    const url = `http://ada:${PASSWORD}@${origin}/401/mcp?api_key=${QUERY_KEY}`;
    await fs.writeFile(config, JSON.stringify({ mcpServers: { echo: { url, headers: { 'X-Api-Key': HEADER_KEY } } } }));
    const echoed = `Response body: no POST /401/mcp?api_key=${SECRET_MASK} here (decoded /401/mcp?api_key=${SECRET_MASK}); authorization=Basic ${SECRET_MASK} x-api-key=${SECRET_MASK} basic=ada:${SECRET_MASK}`;
    const text = await runCli(['check', '--config', config, '--all']);
    const json = await runCli(['check', '--config', config, '--all', '--json']);
    const sarif = await runCli(['check', '--config', config, '--all', '--sarif']);
    for (const run of [text, json, sarif]) expectNoSecret(run.stdout + run.stderr);
    expect(text.stdout + text.stderr).toContain(echoed);
    const report = JSON.parse(json.stdout) as { servers: { name: string; error?: string }[] };
    expect(report.servers.map((s) => s.name)).toEqual(['echo']);
    expect(report.servers[0]!.error).toContain(echoed);
    const log = JSON.parse(sarif.stdout) as { runs: { invocations: { toolExecutionNotifications: { message: { text: string } }[] }[] }[] };
    expect(log.runs[0]!.invocations[0]!.toolExecutionNotifications[0]!.message.text).toContain(echoed);
  });

  it('--stdio with a secret --env, a server that writes it to stderr and exits: text and --json print the mask, not the secret', async () => {
    const server = commandLine(process.execPath, '-e', `console.error('bad key ' + process.env.SERVICE_API_KEY); process.exit(1);`);
    for (const format of [[], ['--json']]) {
      const run = await runCli(['check', '--stdio', server, '--env', `SERVICE_API_KEY=${HEADER_KEY}`, ...format]);
      expect(run.code).toBe(2);
      expectNoSecret(run.stdout + run.stderr);
      expect(run.stderr).toContain(`Last stderr lines:\nbad key ${SECRET_MASK}\n`);
    }
  });
});
