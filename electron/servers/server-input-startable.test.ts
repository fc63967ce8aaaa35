// A server's settings given through the contract (the form's Add and Edit,
// Test connection) with a value no program can be given: a NUL character in
// the command, an argument, an env value, the working folder, a header value
// or the bearer token (a NUL ends a C string), or an env name that is empty or
// holds "=" (the system reads what follows the first "=" as the value, so
// "A=B": "1" reached the server as A="B=1"). A config import refused these
// since a68a06b; the form and the contract accepted and stored them, and they
// failed only at connect time, or started the server with another variable.
// Now they are refused at the contract, naming the field and the place.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { dispatch, type Handlers } from '../dispatch.js';
import { ServerCatalog } from './catalog.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-startable-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Handlers that must never be reached: the arguments are refused first. */
const unreachable = new Proxy({} as Handlers, {
  get: (_target, method) => () => Promise.reject(new Error(`the handler of ${String(method)} ran`)),
});

const stdio = { kind: 'stdio' as const, command: 'node', args: ['server.mjs'], env: { HOME_DIR: '/home/ada' } };
const http = { kind: 'http' as const, url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'blue' } };
const NUL = 'holds a NUL character (at character 4), which no program can be given';

const CASES: ReadonlyArray<{ name: string; transport: object; message: string }> = [
  { name: 'a NUL in the command', transport: { ...stdio, command: 'nod\u0000e' }, message: `transport.command: the command ${NUL}` },
  { name: 'a NUL in an argument', transport: { ...stdio, args: ['--x', 'ser\u0000ver.mjs'] }, message: `transport.args: argument 2 ${NUL}` },
  { name: 'a NUL in an env value', transport: { ...stdio, env: { TOKEN: 'abc\u0000def' } }, message: `transport.env: the value of "TOKEN" ${NUL}` },
  { name: 'a NUL in an env name', transport: { ...stdio, env: { 'TO\u0000KEN': '1' } }, message: 'transport.env: "TO\\u0000KEN" cannot be an environment variable name: a name cannot hold a NUL character' },
  { name: 'an empty env name', transport: { ...stdio, env: { '': '1' } }, message: 'transport.env: "" cannot be an environment variable name: it is empty' },
  { name: 'an env name with "="', transport: { ...stdio, env: { 'A=B': '1' } }, message: 'transport.env: "A=B" cannot be an environment variable name: a name cannot hold "=" (the server would get A set to "B=…")' },
  { name: 'a NUL in the working folder', transport: { ...stdio, cwd: '/tm\u0000p' }, message: `transport.cwd: the working folder ${NUL}` },
  { name: 'a NUL in a header value', transport: { ...http, headers: { 'X-Team': 'blu\u0000e' } }, message: `transport.headers: the value of "X-Team" ${NUL}` },
  { name: 'a NUL in the bearer token', transport: { ...http, bearerToken: 'tok\u0000en' }, message: `transport.bearerToken: the bearer token ${NUL}` },
];

describe('settings no program can be given', () => {
  for (const { name, transport, message } of CASES) {
    test(`${name}: servers.add, servers.update and servers.test refuse it, naming the field`, async () => {
      expect(await dispatch(unreachable, 'servers.add', { label: 'x', transport })).toEqual({
        ok: false,
        error: { code: 'invalid-params', message: `Invalid arguments for servers.add: ${message}.` },
      });
      expect(await dispatch(unreachable, 'servers.update', { serverId: 's1', input: { label: 'x', transport } })).toEqual({
        ok: false,
        error: { code: 'invalid-params', message: `Invalid arguments for servers.update: input.${message}.` },
      });
      expect(await dispatch(unreachable, 'servers.test', { input: { label: 'x', transport } })).toEqual({
        ok: false,
        error: { code: 'invalid-params', message: `Invalid arguments for servers.test: input.${message}.` },
      });
    });
  }

  test('the catalog stores none of them and writes no servers.json; ordinary values are kept as given', async () => {
    const catalog = new ServerCatalog(dir);
    await catalog.load({ seedDemo: false });
    await expect(catalog.add({ label: 'x', transport: { ...stdio, env: { 'A=B': '1' } } })).rejects.toMatchObject({
      issues: [{ path: ['transport', 'env'], message: '"A=B" cannot be an environment variable name: a name cannot hold "=" (the server would get A set to "B=…")' }],
    });
    // An import's apply (servers.importApply) stores through addMany, which parses each server with the same schema.
    await expect(catalog.addMany([{ label: 'good', transport: stdio }, { label: 'bad', transport: { ...stdio, args: ['a\u0000b'] } }])).rejects.toMatchObject({
      issues: [{ path: ['transport', 'args'], message: 'argument 1 holds a NUL character (at character 2), which no program can be given' }],
    });
    await expect(fs.stat(path.join(dir, 'servers.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(catalog.list()).toEqual([]);
    const kept = await catalog.add({ label: 'ok', transport: { ...stdio, env: { A_B: 'x=y', PATHS: 'a;b' }, cwd: '/tmp' } });
    expect(kept.transport).toEqual({ ...stdio, env: { A_B: 'x=y', PATHS: 'a;b' }, cwd: '/tmp' });
  });
});
