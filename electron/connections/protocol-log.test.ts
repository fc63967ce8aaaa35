// The protocol log: a bounded ring buffer with request→response durations,
// stderr by line, batched pushes, and a JSON export.
import { describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS, type ProtocolLogEntry } from '../../shared/model.js';
import { ProtocolLog, type ProtocolLogExport } from './protocol-log.js';

function recording(limit: number) {
  const batches: ProtocolLogEntry[][] = [];
  const log = new ProtocolLog('server-1', limit, (entries) => batches.push(entries));
  return { log, batches };
}

const flushed = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ProtocolLog', () => {
  test('keeps 5,000 messages per server by default', () => {
    expect(DEFAULT_SETTINGS.logLimit).toBe(5_000);
  });

  test('is bounded: the oldest entries go first, and the export says how many', () => {
    const { log } = recording(100);
    for (let i = 1; i <= 2_500; i++) log.message('in', { jsonrpc: '2.0', method: 'notifications/message', params: { data: i } });
    const entries = log.list();
    expect(entries).toHaveLength(100);
    expect(entries[0]?.seq).toBe(2_401);
    expect(entries.at(-1)?.seq).toBe(2_500);
    expect((entries.at(-1)?.message as { params: { data: number } }).params.data).toBe(2_500);
    const exported = JSON.parse(log.export('My server')) as ProtocolLogExport;
    expect(exported.dropped).toBe(2_400);
    expect(exported.entries).toEqual(entries);
  });

  test('shrinking the limit drops the oldest entries at once', () => {
    const { log } = recording(50);
    for (let i = 0; i < 50; i++) log.note(`note ${i}`);
    log.setLimit(10);
    expect(log.list().map((e) => e.text)).toEqual(Array.from({ length: 10 }, (_, i) => `note ${40 + i}`));
  });

  test('exports a self-describing JSON document', () => {
    const { log } = recording(10);
    log.message('out', { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    const exported = JSON.parse(log.export('Weather')) as ProtocolLogExport;
    expect(Object.keys(exported)).toEqual(['format', 'version', 'serverId', 'label', 'exportedAt', 'limit', 'dropped', 'entries']);
    expect(exported).toMatchObject({ format: 'skill-inspector-protocol-log', version: 1, serverId: 'server-1', label: 'Weather', limit: 10, dropped: 0 });
    expect(new Date(exported.exportedAt).toISOString()).toBe(exported.exportedAt);
    const [entry] = exported.entries;
    expect(exported.entries).toEqual([
      {
        seq: 1,
        serverId: 'server-1',
        at: entry!.at,
        direction: 'out',
        kind: 'request',
        method: 'initialize',
        id: 1,
        message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
        bytes: entry!.bytes,
      },
    ]);
    // The size of a small message is estimated, not serialised: close to the real one.
    const real = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }).length;
    expect(Math.abs(entry!.bytes - real)).toBeLessThanOrEqual(real * 0.1);
  });

  test('a response carries its request method and duration; the two directions have their own ids', () => {
    const { log } = recording(10);
    log.message('out', { jsonrpc: '2.0', id: 7, method: 'skills/list', params: {} });
    // The server asks the client something with the same id: not the answer to ours.
    log.message('in', { jsonrpc: '2.0', id: 7, method: 'roots/list' });
    log.message('out', { jsonrpc: '2.0', id: 7, result: { roots: [] } });
    log.message('in', { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } });
    const [request, serverRequest, ourAnswer, theirAnswer] = log.list();
    expect(request).toMatchObject({ kind: 'request', method: 'skills/list' });
    expect(serverRequest).toMatchObject({ direction: 'in', kind: 'request', method: 'roots/list' });
    expect(ourAnswer).toMatchObject({ direction: 'out', kind: 'response', method: 'roots/list' });
    expect(theirAnswer).toMatchObject({ direction: 'in', kind: 'error', method: 'skills/list' });
    expect(ourAnswer?.durationMs).toBeGreaterThanOrEqual(0);
    expect(theirAnswer?.durationMs).toBeGreaterThanOrEqual(0);
  });

  test('stderr is logged a line at a time, and the last lines since a point can be read back', () => {
    const { log } = recording(100);
    log.stderr('first line\nsecond line\r\n');
    const mark = log.lastSeq;
    log.stderr('third line\nfourth');
    expect(log.list().map((e) => [e.direction, e.text])).toEqual([
      ['stderr', 'first line'],
      ['stderr', 'second line'],
      ['stderr', 'third line'],
      ['stderr', 'fourth'],
    ]);
    expect(log.lastStderr(10)).toBe('first line\nsecond line\nthird line\nfourth');
    expect(log.lastStderr(10, mark)).toBe('third line\nfourth');
    expect(log.lastStderr(1)).toBe('fourth');
  });

  test('a huge message is kept as a preview, marked truncated, with its real size', () => {
    const { log } = recording(10);
    const big = { jsonrpc: '2.0', id: 1, result: { contents: [{ text: 'x'.repeat(200_000) }] } };
    log.message('in', big);
    const [entry] = log.list();
    expect(entry?.truncated).toBe(true);
    expect(entry?.message).toBeUndefined();
    expect(entry?.text).toHaveLength(64 * 1024 + 1);
    expect(entry?.bytes).toBe(JSON.stringify(big).length);
  });

  test('a notification flood reaches subscribers as one batch per tick, never more than the limit', async () => {
    const { log, batches } = recording(1_000);
    for (let i = 0; i < 25_000; i++) log.message('in', { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: i } });
    expect(batches).toHaveLength(0);
    await flushed();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(1_000);
    expect(batches[0]?.[0]?.seq).toBe(24_001);
    log.note('after the flood');
    await flushed();
    expect(batches.map((b) => b.length)).toEqual([1_000, 1]);
  });

  test('clear empties the log; numbering goes on', () => {
    const { log } = recording(10);
    log.note('a');
    log.clear();
    expect(log.list()).toEqual([]);
    log.note('b');
    expect(log.list()[0]?.seq).toBe(2);
  });
});
