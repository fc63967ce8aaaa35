// A real stdio server writing to stderr in pieces with pauses between them, so
// each piece is a read of its own: the protocol log shows each line the server
// wrote as one entry, with its exact text, however the pipe cut it; a line
// without end is clipped at 64 KiB, saying so; a last line left without a line
// break when the server exits is shown all the same; a prompt left without a
// line break while the server waits is shown while it waits, marked unfinished,
// and the rest of its line, written later, is an entry of its own.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ProtocolLogEntry } from '../../shared/model.js';
import { tinyStdioServer } from '../../test/support/processes.js';
import { Connection } from './connection.js';
import { ProtocolLog } from './protocol-log.js';

const SERVER = tinyStdioServer({
  name: 'stderr-in-pieces',
  prelude: `const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
const write = (text) => new Promise((resolve) => process.stderr.write(text, resolve));`,
  handle: `if (message.method === 'test/split') void (async () => {
      await write('loading config: par');
      await pause();
      await write('tial and done\\n');
      answer(message.id, {});
    })();
    if (message.method === 'test/long') void (async () => {
      await write('a'.repeat(40000));
      await pause();
      await write('b'.repeat(40000));
      await pause();
      await write('c'.repeat(10) + '\\nafter\\n');
      answer(message.id, {});
    })();
    if (message.method === 'test/prompt') void (async () => {
      await write('Enter passphrase: ');
      answer(message.id, {});
    })();
    if (message.method === 'test/go-on') void (async () => {
      await write('accepted\\nready\\n');
      answer(message.id, {});
    })();
    if (message.method === 'test/bye') void (async () => {
      await write('bye, no line break');
      process.exit(0);
    })();`,
});

const connections: Connection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.disconnect()));
});

async function connected() {
  const log = new ProtocolLog('pieces', 1000, () => undefined);
  const connection = new Connection(
    { id: 'pieces', label: 'Pieces', transport: { kind: 'stdio', command: process.execPath, args: ['-e', SERVER], env: {} }, createdAt: new Date().toISOString() },
    { settings: () => DEFAULT_SETTINGS, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'stderr-split-lines-test', version: '0' } },
  );
  connections.push(connection);
  expect((await connection.connect()).status).toBe('connected');
  return { log, connection };
}

const stderrOf = (log: ProtocolLog): ProtocolLogEntry[] => log.list().filter((e) => e.kind === 'stderr');

/** stderr and stdout are two pipes: the answer can come before the last stderr read; waits (boundedly, 15 s) for the line. */
async function stderrUpTo(log: ProtocolLog, last: string): Promise<ProtocolLogEntry[]> {
  for (let i = 0; i < 600 && !stderrOf(log).some((e) => e.text === last); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  return stderrOf(log);
}

describe("a stdio server's stderr written in pieces", { timeout: 30_000 }, () => {
  it('one line written in two writes with a pause between is one entry, with its exact text', async () => {
    const { log, connection } = await connected();
    await connection.request('test/split', {});
    const entries = await stderrUpTo(log, 'loading config: partial and done');
    expect(entries.map((e) => [e.text, e.bytes, e.truncated])).toEqual([['loading config: partial and done', 32, undefined]]);
  });

  it('a line past 64 KiB is one entry clipped at 64 KiB, saying so; the next line is whole', async () => {
    const { log, connection } = await connected();
    await connection.request('test/long', {});
    const entries = await stderrUpTo(log, 'after');
    expect(entries.map((e) => e.text)).toEqual([
      `${'a'.repeat(40_000)}${'b'.repeat(65_536 - 40_000)}… (the line goes on past 65,536 characters; the rest of it is not kept)`,
      'after',
    ]);
    expect(entries[0]?.truncated).toBe(true);
  });

  it('a prompt without a line break is shown while the server waits, marked unfinished; the rest of its line is its own entry', async () => {
    const { log, connection } = await connected();
    await connection.request('test/prompt', {});
    // The server is waiting: nothing more comes until the app asks. Bounded at 5 s, not timed.
    const entries = await stderrUpTo(log, 'Enter passphrase: ');
    expect(entries.map((e) => [e.text, e.bytes, e.unfinished])).toEqual([['Enter passphrase: ', 18, true]]);
    expect(connection.snapshot.status).toBe('connected');
    await connection.request('test/go-on', {});
    const after = await stderrUpTo(log, 'ready');
    expect(after.map((e) => [e.text, e.unfinished])).toEqual([
      ['Enter passphrase: ', true],
      ['accepted', undefined],
      ['ready', undefined],
    ]);
  });

  it('a last line without a line break is shown when the server exits', async () => {
    const { log, connection } = await connected();
    await connection.request('test/bye', {}).catch(() => undefined);
    const entries = await stderrUpTo(log, 'bye, no line break');
    expect(entries.map((e) => e.text)).toEqual(['bye, no line break']);
    expect(connection.snapshot.error?.detail).toContain('bye, no line break');
  });
});
