// A stdio server that starts a process of its own, which keeps the server's
// stdout (and stderr) open, and then exits: the pipes never close, so the
// SDK's transport (which waits for them) never says the connection is gone.
// The exit is what counts: the connection is lost, with the exit code and
// the server's last stderr lines, and the helper is ended with the server
// (process-tree.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../shared/model.js';
import { Connection } from './connection.js';
import { ProtocolLog } from './protocol-log.js';
import { isRunning, killLeft, tinyStdioServer } from '../../test/support/processes.js';

/** A 2025-era stdio server in a few lines: on `test/exit` it starts a child that inherits its stdout and stderr, then exits 70. */
const SERVER = tinyStdioServer({
  name: 'parent',
  handle: `if (message.method === 'test/exit') {
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: ['ignore', 'inherit', 'inherit'] });
      process.stderr.write('helper ' + child.pid + '\\n');
      process.stderr.write('parent: giving up, the helper stays\\n');
      process.exit(70);
    }`,
});

const SETTINGS: Settings = { ...DEFAULT_SETTINGS, requestTimeoutMs: 8_000 };
const helpers: number[] = [];
const connections: Connection[] = [];

afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.disconnect()));
  killLeft(helpers.splice(0), 'SIGTERM');
});

describe('a stdio server whose own child keeps its output open', () => {
  it('exiting while connected: the connection is lost at the exit, with its code, not left up until requests time out', async () => {
    const log = new ProtocolLog('kids', 1000, () => undefined);
    const connection = new Connection(
      { id: 'kids', label: 'Parent', transport: { kind: 'stdio', command: process.execPath, args: ['-e', SERVER], env: {} }, createdAt: new Date().toISOString() },
      { settings: () => SETTINGS, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'process-children-test', version: '0' } },
    );
    connections.push(connection);
    expect((await connection.connect()).status).toBe('connected');

    const error = await connection.request('test/exit', {}).then(
      () => undefined,
      (e: unknown) => e,
    );
    for (const entry of log.list()) {
      const helper = entry.kind === 'stderr' ? /helper (\d+)/.exec(entry.text ?? '') : null;
      if (helper) helpers.push(Number(helper[1]));
    }
    expect(helpers).toHaveLength(1);
    // The request ended because the connection closed, not at its timeout.
    expect(String(error)).toMatch(/Connection closed/);
    const snapshot = connection.snapshot;
    expect(snapshot.status).toBe('failed');
    expect(snapshot.error).toMatchObject({ code: 'process-exited', title: 'Connection lost: server process exited', whileConnected: true });
    expect(snapshot.error?.detail).toContain('exited with code 70 while connected');
    expect(snapshot.error?.detail).toContain('parent: giving up, the helper stays');
    expect(log.list().filter((e) => e.kind === 'note').map((e) => e.text)).toContain(
      'The server process exited (code 70), but a process it started still holds its output open; the connection was closed at the exit.',
    );
    // The helper is ended once the connection is lost: a generous bound, as an orphan is collected by init in its own time.
    for (let i = 0; i < 300 && isRunning(helpers[0]!); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isRunning(helpers[0]!)).toBe(false);
  }, 30_000);
});
