// The stdout watcher: lines that are not JSON-RPC are kept as evidence and
// noted in the log, judged on the bytes, across chunk boundaries.
import { describe, expect, test } from 'vitest';
import { ProtocolLog } from './protocol-log.js';
import { watchForNonProtocolLines } from './stdio-transport.js';
import { noteTransportError, type ProcessObservation } from './transports.js';

function watching() {
  const observation: ProcessObservation = {};
  const log = new ProtocolLog('server-1', 100, () => undefined);
  const feed = watchForNonProtocolLines(observation, log);
  const notes = () => log.list().filter((e) => e.kind === 'note').map((e) => e.text);
  return { observation, feed: (...chunks: Array<string | Buffer>) => chunks.forEach((c) => feed(typeof c === 'string' ? Buffer.from(c, 'utf8') : c)), notes };
}

describe('watchForNonProtocolLines', () => {
  test('JSON-RPC lines pass unremarked; other lines are kept and noted, trimmed', () => {
    const { observation, feed, notes } = watching();
    feed('{"jsonrpc":"2.0","id":1,"result":{}}\n', '  Welcome to the tool!  \r\n', '\t{"jsonrpc":"2.0","method":"x"}\n', '\n   \n');
    expect(observation.nonProtocolOutput).toEqual(['Welcome to the tool!']);
    expect(notes()).toEqual(['The server wrote a line to stdout that is not JSON-RPC (ignored): Welcome to the tool!']);
  });

  test('a line split across chunks is judged by its first visible character', () => {
    const { observation, feed } = watching();
    feed('   ', '  {"jsonrpc":"2.0",', '"id":2,"result":{}}\nUnknown ', 'command\n', '   ', 'Ty', 'pe help\n');
    expect(observation.nonProtocolOutput).toEqual(['Unknown command', 'Type help']);
  });

  test('keeps the first 200 characters of a long line, multi-byte characters whole', () => {
    const { observation, feed } = watching();
    const line = `é${'ü'.repeat(300)}`;
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    // Split inside the line, on a character boundary, as a pipe may deliver it.
    feed(bytes.subarray(0, 102), bytes.subarray(102));
    expect(observation.nonProtocolOutput).toEqual([line.slice(0, 200)]);
  });

  test('Unicode whitespace before the first character counts as whitespace, as trimStart says', () => {
    const { observation, feed } = watching();
    feed('\u00a0\u2003{"jsonrpc":"2.0","id":3,"result":{}}\n\u00a0 hello\n');
    expect(observation.nonProtocolOutput).toEqual(['hello']);
  });

  test('keeps five lines as evidence, notes twenty, then says more followed', () => {
    const { observation, feed, notes } = watching();
    feed(Array.from({ length: 30 }, (_, i) => `line ${i}\n`).join(''));
    expect(observation.nonProtocolOutput).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
    expect(notes()).toHaveLength(21);
    expect(notes().at(-1)).toBe('More stdout lines that are not JSON-RPC followed; they are not logged.');
  });
});

describe('noteTransportError', () => {
  const brokenPipe = () => Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
  function observed() {
    let exit!: () => void;
    const observation: ProcessObservation = { exited: new Promise<void>((resolve) => (exit = resolve)) };
    const log = new ProtocolLog('server-1', 100, () => undefined);
    const notes = () => log.list().filter((e) => e.kind === 'note').map((e) => e.text);
    return { observation, log, notes, exit: () => ((observation.exitCode = 3), exit()) };
  }
  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  test('a write to a process that then exits is not a transport error of its own: the exit tells it', async () => {
    const { observation, log, notes, exit } = observed();
    noteTransportError(brokenPipe(), observation, log, 50);
    exit();
    await tick(100);
    expect(notes()).toEqual([]);
    expect(observation.transportErrors).toEqual(['write EPIPE']);
  });

  test('after the exit, a broken pipe is not noted either', () => {
    const { observation, log, notes } = observed();
    observation.exitCode = 1;
    noteTransportError(brokenPipe(), observation, log, 50);
    expect(notes()).toEqual([]);
  });

  test('a process that closed its input and keeps running is told, once for many failed writes', async () => {
    const { observation, log, notes } = observed();
    noteTransportError(brokenPipe(), observation, log, 20);
    noteTransportError(brokenPipe(), observation, log, 20);
    await tick(80);
    expect(notes()).toEqual(['Transport error: write EPIPE (the server closed its input but is still running)']);
  });

  test('other errors, and a broken pipe where there is no process, are noted at once', () => {
    const { observation, log, notes } = observed();
    noteTransportError(new Error('Message exceeded maximum size'), observation, log);
    noteTransportError(brokenPipe(), {}, log);
    expect(notes()).toEqual(['Transport error: Message exceeded maximum size', 'Transport error: write EPIPE']);
  });
});
