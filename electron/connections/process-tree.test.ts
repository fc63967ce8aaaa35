// Everything a stdio server starts ends when the app is done with the server:
// a server behind a launcher (`sh -c "node server.js"`) that starts a helper
// of its own, and one that ignores SIGTERM, all with real processes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../shared/model.js';
import { Connection } from './connection.js';
import { ProtocolLog } from './protocol-log.js';
import { goneSoon, isRunning, killLeft, tinyStdioServer } from '../../test/support/processes.js';

/**
 * A 2025-era stdio server: `test/spawn` starts a helper that would run for a
 * minute and answers with both pids. With `stubborn` as its argument, it and
 * its helper ignore SIGTERM and the end of the server's input.
 */
const SERVER = tinyStdioServer({
  name: 'tree',
  prelude: "const stubborn = process.argv[2] === 'stubborn';\nif (stubborn) { process.on('SIGTERM', () => {}); setInterval(() => {}, 60000); }",
  handle: `if (message.method === 'test/spawn') {
      const body = stubborn ? "process.on('SIGTERM', () => {}); setInterval(() => {}, 60000)" : 'setTimeout(() => {}, 60000)';
      const helper = spawn(process.execPath, ['-e', body], { stdio: 'ignore' });
      answer(message.id, { server: process.pid, helper: helper.pid });
    }`,
});

const dir = mkdtempSync(path.join(tmpdir(), 'process-tree-'));
const serverFile = path.join(dir, 'server.js');
writeFileSync(serverFile, SERVER);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SETTINGS: Settings = { ...DEFAULT_SETTINGS, requestTimeoutMs: 8_000 };
const started: number[] = [];
const connections: Connection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.disconnect()));
  killLeft(started.splice(0));
});

function connection(command: string, args: string[]): Connection {
  const c = new Connection(
    { id: 'tree', label: 'Tree', transport: { kind: 'stdio', command, args, env: {} }, createdAt: new Date().toISOString() },
    { settings: () => SETTINGS, resolveTransport: (s) => s.transport, onChange: () => undefined, log: new ProtocolLog('tree', 1000, () => undefined), clientInfo: { name: 'process-tree-test', version: '0' } },
  );
  connections.push(c);
  return c;
}

async function spawnHelper(c: Connection): Promise<{ server: number; helper: number }> {
  const pids = (await c.request('test/spawn', {})) as { server: number; helper: number };
  started.push(pids.helper, pids.server);
  expect(isRunning(pids.helper)).toBe(true);
  return pids;
}

describe('the processes a stdio server starts end with it', () => {
  it('disconnecting a server started through a launcher (sh -c) ends the server and the helper it started', async () => {
    const c = connection('/bin/sh', ['-c', `"${process.execPath}" "${serverFile}"`]);
    expect((await c.connect()).status).toBe('connected');
    const { server, helper } = await spawnHelper(c);

    expect((await c.disconnect()).status).toBe('disconnected');
    expect(await goneSoon(helper)).toBe(true);
    expect(await goneSoon(server)).toBe(true);
  }, 30_000);

  it('reconnecting ends the first process tree before the second starts', async () => {
    const c = connection(process.execPath, [serverFile]);
    expect((await c.connect()).status).toBe('connected');
    const first = await spawnHelper(c);

    expect((await c.reconnect()).status).toBe('connected');
    expect(await goneSoon(first.helper)).toBe(true);
    const second = await spawnHelper(c);
    expect(second.helper).not.toBe(first.helper);
  }, 30_000);

  it('a server and a helper that ignore SIGTERM and the end of their input are killed after the grace', async () => {
    const c = connection(process.execPath, [serverFile, 'stubborn']);
    expect((await c.connect()).status).toBe('connected');
    const { server, helper } = await spawnHelper(c);

    expect((await c.disconnect()).status).toBe('disconnected');
    expect(await goneSoon(server)).toBe(true);
    expect(await goneSoon(helper)).toBe(true);
  }, 30_000);
});
