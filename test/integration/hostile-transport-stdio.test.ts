// A real stdio server whose answers are JSON but not JSON-RPC the SDK accepts:
// an answer with both a result and an error, and an error that names no
// request (id null). The SDK refused each with its schema's page of nested
// issues as a transport error, and the request that had its answer waited out
// its whole timeout. Now the request fails at once saying what was wrong, the
// log's note says it in a line, and the connection goes on serving.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { Connection } from '../../electron/connections/connection.js';
import { ProtocolLog } from '../../electron/connections/protocol-log.js';
import { tinyStdioServer } from '../support/processes.js';

const SERVER = tinyStdioServer({
  name: 'hostile-stdio',
  handle: `const line = (value) => process.stdout.write(JSON.stringify(value) + '\\n');
    if (message.method === 'test/both') line({ jsonrpc: '2.0', id: message.id, result: { ok: true }, error: { code: -32000, message: 'and also failed' } });
    if (message.method === 'test/null-id') { line({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }); answer(message.id, { after: true }); }
    if (message.method === 'test/ping') answer(message.id, { pong: true });`,
});

const connections: Connection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.disconnect()));
});

async function connected() {
  const log = new ProtocolLog('hostile', 1000, () => undefined);
  const connection = new Connection(
    { id: 'hostile', label: 'Hostile', transport: { kind: 'stdio', command: process.execPath, args: ['-e', SERVER], env: {} }, createdAt: new Date().toISOString() },
    // A request timeout no test waits out: a request that was answered fails at once or not at all.
    { settings: () => ({ ...DEFAULT_SETTINGS, requestTimeoutMs: 60_000 }), resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'hostile-transport', version: '0' } },
  );
  connections.push(connection);
  expect((await connection.connect()).status).toBe('connected');
  return { log, connection };
}

const notes = (log: ProtocolLog) => log.list().filter((e) => e.kind === 'note' && !e.text?.startsWith('Connected:')).map((e) => e.text);

describe('a stdio server whose answer is JSON but not a JSON-RPC answer', { timeout: 30_000 }, () => {
  it('both a result and an error: its request fails at once saying so; the connection goes on', async () => {
    const { log, connection } = await connected();
    const said = 'The server sent its answer to request 1 with both a result and an error (code -32000); a JSON-RPC answer has one or the other, so it was not used.';
    await expect(Promise.race([connection.request('test/both', {}), new Promise((resolve) => setTimeout(resolve, 15_000, 'still waiting'))])).rejects.toThrow(said);
    expect(notes(log)).toEqual([`Transport error: ${said}`]);
    expect(await connection.request('test/ping', {})).toEqual({ pong: true });
    expect(connection.snapshot.status).toBe('connected');
  });

  it('an error with id null: one line in the log saying what it is, and the request it came before is answered', async () => {
    const { log, connection } = await connected();
    expect(await connection.request('test/null-id', {})).toEqual({ after: true });
    expect(notes(log)).toEqual([
      'Transport error: The server sent an error that names no request (id null, code -32700): a server says so when it could not read a request; no request was failed by it.',
    ]);
  });
});
