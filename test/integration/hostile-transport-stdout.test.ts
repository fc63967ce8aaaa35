// A real stdio server whose stdout is not clean lines of UTF-8. One that
// writes 10 MB with no line break (under the message cap) leaves the stream
// inside one unfinished line: what it writes next, an answer included, is the
// end of that line, which is not JSON, and the request waited out its timeout
// with nothing saying why. The timeout now says what the server wrote. Bytes
// that are not UTF-8 were read as U+FFFD without a word; the log now says where.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { Connection } from '../../electron/connections/connection.js';
import { ProtocolLog } from '../../electron/connections/protocol-log.js';
import { tinyStdioServer } from '../support/processes.js';

const TEN_MB = 10 * 1024 * 1024;

const SERVER = tinyStdioServer({
  name: 'hostile-stdout',
  handle: `if (message.method === 'test/unbroken') process.stdout.write('x'.repeat(${TEN_MB}));
    if (message.method === 'test/ping') answer(message.id, { pong: true });
    if (message.method === 'test/latin1') { process.stdout.write(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":' + message.id + ',"result":{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}}\\n')])); }
    if (message.method === 'test/fffd') answer(message.id, { name: '\\ufffd ok' });`,
});

const connections: Connection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.disconnect()));
});

async function connected(requestTimeoutMs = 60_000) {
  const log = new ProtocolLog('hostile', 1000, () => undefined);
  const connection = new Connection(
    { id: 'hostile', label: 'Hostile', transport: { kind: 'stdio', command: process.execPath, args: ['-e', SERVER], env: {} }, createdAt: new Date().toISOString() },
    { settings: () => ({ ...DEFAULT_SETTINGS, requestTimeoutMs }), resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'hostile-transport', version: '0' } },
  );
  connections.push(connection);
  expect((await connection.connect()).status).toBe('connected');
  return { log, connection };
}

const notes = (log: ProtocolLog) => log.list().filter((e) => e.kind === 'note' && !e.text?.startsWith('Connected:')).map((e) => e.text);
const TIME = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';

describe('a stdio server that writes 10 MB to stdout with no line break', { timeout: 30_000 }, () => {
  it('a request it does not answer times out saying the server is inside one unfinished line', async () => {
    const { connection } = await connected(3_000);
    const error = await connection.request('test/unbroken', {}).catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^no answer within 3 s \\(the request timeout: [^)]*\\): the server has written ${TEN_MB} bytes to stdout without a line break since ${TIME}; whatever it writes up to its next line break is read as part of that one line\\.$`,
      ),
    );
  });

  it('the answer it then writes ends that line: the timeout says the line was not JSON, and the next answer is read', async () => {
    const { connection } = await connected(3_000);
    await connection.request('test/unbroken', {}).catch(() => undefined);
    const error = await connection.request('test/ping', {}).catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^no answer within 3 s \\(the request timeout: [^)]*\\): the server's stdout line that ended at ${TIME} is not JSON \\(${TEN_MB + 47} bytes, written without a line break since ${TIME}\\), so an answer at its end could not be read\\.$`,
      ),
    );
    expect(await connection.request('test/ping', {})).toEqual({ pong: true });
  });
});

describe('a stdio server that writes bytes that are not UTF-8 to stdout', { timeout: 30_000 }, () => {
  it('the answer is read with U+FFFD, and the log says which line and byte were not UTF-8', async () => {
    const { log, connection } = await connected();
    expect(await connection.request('test/latin1', {})).toEqual({ name: 'caf\ufffd' });
    expect(notes(log)).toEqual([
      'The server wrote bytes that are not UTF-8 to stdout, in its line 3 at byte 45 of the line (byte 285 of its stdout); they were read as U+FFFD (�). Text it sends is UTF-8 in JSON-RPC, and a file\u2019s bytes are still checked against its digest.',
    ]);
  });

  it('a U+FFFD the server sends as UTF-8 is no such note', async () => {
    const { log, connection } = await connected();
    expect(await connection.request('test/fffd', {})).toEqual({ name: '\ufffd ok' });
    expect(notes(log)).toEqual([]);
  });
});
