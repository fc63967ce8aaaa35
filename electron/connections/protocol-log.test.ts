// The protocol log: a bounded ring buffer with request→response durations,
// stderr by line, batched pushes, and a JSON export.
import { describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS, type ProtocolLogEntry } from '../../shared/model.js';
import { BODY_DROPPED_NOTE, DEFAULT_LOG_BODY_BUDGET_BYTES, ProtocolLog, type ProtocolLogExport } from './protocol-log.js';

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
    // 'fourth' waits for its line break (or the stream's end), but is evidence already.
    expect(log.list().map((e) => [e.direction, e.text])).toEqual([
      ['stderr', 'first line'],
      ['stderr', 'second line'],
      ['stderr', 'third line'],
    ]);
    expect(log.lastStderr(10)).toBe('first line\nsecond line\nthird line\nfourth');
    expect(log.lastStderr(10, mark)).toBe('third line\nfourth');
    expect(log.lastStderr(1)).toBe('fourth');
    log.stderrEnded();
    expect(log.list().map((e) => [e.direction, e.text])).toEqual([
      ['stderr', 'first line'],
      ['stderr', 'second line'],
      ['stderr', 'third line'],
      ['stderr', 'fourth'],
    ]);
    expect(log.lastStderr(10, mark)).toBe('third line\nfourth');
  });

  test('a line cut across reads is one entry, with its exact text', () => {
    const { log } = recording(100);
    log.stderr('loading config: par');
    log.stderr('tial');
    log.stderr('ly done\r');
    log.stderr('\nnext\n');
    expect(log.list().map((e) => [e.text, e.bytes])).toEqual([
      ['loading config: partially done', 30],
      ['next', 4],
    ]);
  });

  test('an unfinished line past 64 KiB is given out clipped, saying so; the rest of it up to its line break is not kept', () => {
    const { log } = recording(100);
    log.stderr('a'.repeat(40_000));
    log.stderr('b'.repeat(40_000));
    log.stderr(`${'c'.repeat(10)}\nafter\nlast`);
    log.stderrEnded();
    const entries = log.list();
    expect(entries.map((e) => e.text)).toEqual([
      `${'a'.repeat(40_000)}${'b'.repeat(65_536 - 40_000)}… (the line goes on past 65,536 characters; the rest of it is not kept)`,
      'after',
      'last',
    ]);
    expect(entries.map((e) => [e.bytes, e.truncated])).toEqual([[80_000, true], [5, undefined], [4, undefined]]);
  });

  test('a line break that ends the last read\'s unfinished line adds no empty line of its own', () => {
    // The pipe cut "ready\r\n" between \r and \n, and "sk" | "\nnext": the server wrote no empty line.
    const { log } = recording(100);
    log.stderr('ready\r');
    log.stderr('\nloading');
    log.stderr('\n\nnext\n');
    log.stderr('\nlast');
    log.stderrEnded();
    expect(log.list().map((e) => e.text)).toEqual(['ready', 'loading', '', 'next', '', 'last']);
  });

  test('a huge message is kept as a preview, marked truncated, with its size', () => {
    const { log } = recording(10);
    const big = { jsonrpc: '2.0', id: 1, result: { contents: [{ uri: 'skill://a/big.md', text: `${'x'.repeat(100_000)}"\n${'y'.repeat(100_000)}` }] } };
    log.message('in', big);
    const [entry] = log.list();
    expect(entry?.truncated).toBe(true);
    expect(entry?.message).toBeUndefined();
    // The preview is the start of the message as sent, character for character.
    expect(entry?.text).toBe(`${JSON.stringify(big).slice(0, 64 * 1024)}…`);
    // Measured, not serialised: within the escapes of the real size.
    const real = JSON.stringify(big).length;
    expect(Math.abs(entry!.bytes - real)).toBeLessThanOrEqual(8);
  });

  test('a preview of multi-byte text reads back character for character, a surrogate pair cut by the preview too', () => {
    const { log } = recording(10);
    // 'é' (2 UTF-8 bytes), '€' (3) and '😀' (a surrogate pair, 4), around the 64K cut: one answer's preview ends
    // well formed, the other's in the first half of a pair, which UTF-8 cannot hold and so stays as it is.
    const wellFormed = { jsonrpc: '2.0', id: 1, result: { contents: [{ uri: 'skill://a/a.md', text: 'é€😀'.repeat(40_000) }] } };
    const prefix = JSON.stringify({ jsonrpc: '2.0', id: 2, result: { contents: [{ uri: 'skill://a/b.md', text: '' }] } }).length - 5;
    const cutPair = { jsonrpc: '2.0', id: 2, result: { contents: [{ uri: 'skill://a/b.md', text: `${'€'.repeat(64 * 1024 - prefix - 1)}😀${'é'.repeat(70_000)}` }] } };
    log.message('in', wellFormed);
    log.message('in', cutPair);
    const [first, second] = log.list();
    expect(first?.text).toBe(`${JSON.stringify(wellFormed).slice(0, 64 * 1024)}…`);
    expect(second?.text).toBe(`${JSON.stringify(cutPair).slice(0, 64 * 1024)}…`);
    expect(second?.text?.charCodeAt(64 * 1024 - 1)).toBe(0xd83d);
    expect((JSON.parse(log.export()) as ProtocolLogExport).entries.map((e) => e.text)).toEqual([first?.text, second?.text]);
  });

  test('a message too deep to measure by walking is serialised whole, for its real size', () => {
    const { log } = recording(10);
    let deep: unknown = 'x'.repeat(70_000);
    for (let i = 0; i < 40; i++) deep = [deep];
    const message = { jsonrpc: '2.0', method: 'notifications/message', params: { data: deep } };
    log.message('in', message);
    const [entry] = log.list();
    expect(entry?.truncated).toBe(true);
    expect(entry?.text).toBe(`${JSON.stringify(message).slice(0, 64 * 1024)}…`);
    expect(entry?.bytes).toBe(JSON.stringify(message).length);
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

  test('keeps 4 MiB of bodies per server by default, a setting', () => {
    expect(DEFAULT_SETTINGS.logBodyBytes).toBe(4 * 1024 * 1024);
    expect(DEFAULT_LOG_BODY_BUDGET_BYTES).toBe(DEFAULT_SETTINGS.logBodyBytes);
  });

  test('bodies are bounded by bytes: older entries keep method, id, direction, duration and size, and say why their body is gone', () => {
    const log = new ProtocolLog('server-1', 1_000, () => undefined, 50_000);
    const text = 'x'.repeat(9_000);
    for (let id = 1; id <= 20; id++) {
      log.message('out', { jsonrpc: '2.0', id, method: 'resources/read', params: { uri: `skill://a/f${id}.md` } });
      log.message('in', { jsonrpc: '2.0', id, result: { contents: [{ uri: `skill://a/f${id}.md`, text }] } });
    }
    const entries = log.list();
    expect(entries).toHaveLength(40);
    const kept = entries.filter((e) => e.message !== undefined);
    const dropped = entries.filter((e) => e.message === undefined);
    // The newest bodies fit the budget; every older one was dropped, oldest first.
    const keptBytes = kept.reduce((sum, e) => sum + e.bytes, 0);
    expect(keptBytes).toBeLessThanOrEqual(50_000);
    expect(keptBytes + dropped.at(-1)!.bytes).toBeGreaterThan(50_000);
    expect(entries.indexOf(kept[0]!)).toBe(dropped.length);
    expect((entries.at(-1)?.message as { result: { contents: Array<{ text: string }> } }).result.contents[0]?.text).toBe(text);
    const [request, response] = dropped;
    expect(request).toEqual({ seq: 1, serverId: 'server-1', at: request!.at, direction: 'out', kind: 'request', method: 'resources/read', id: 1, text: BODY_DROPPED_NOTE, bytes: request!.bytes });
    expect(response).toMatchObject({ seq: 2, direction: 'in', kind: 'response', method: 'resources/read', id: 1, text: BODY_DROPPED_NOTE });
    expect(response?.bytes).toBeGreaterThan(9_000);
    expect(response?.durationMs).toBeGreaterThanOrEqual(0);
    // The export is the same shape, with the note in place of the dropped bodies.
    const exported = JSON.parse(log.export()) as ProtocolLogExport;
    expect(exported.entries).toEqual(entries);
  });

  test('a batch on its way to the renderer keeps the whole message even when the log drops its body', async () => {
    const { log, batches } = recording(100);
    log.setBodyBudget(1_000);
    log.message('in', { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'a'.repeat(900) } });
    log.message('in', { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'b'.repeat(900) } });
    expect(log.list()[0]?.text).toBe(BODY_DROPPED_NOTE);
    await flushed();
    expect((batches[0]?.[0]?.message as { params: { data: string } }).params.data).toBe('a'.repeat(900));
  });

  test('stderr text counts against the budget; the last lines still read back, dropped ones never as text', () => {
    const { log } = recording(100);
    log.setBodyBudget(2_500);
    for (let i = 0; i < 5; i++) log.stderr(`${`${i}`.repeat(1_000)}\n`);
    expect(log.list().map((e) => e.text === BODY_DROPPED_NOTE)).toEqual([true, true, true, false, false]);
    expect(log.lastStderr(10)).toBe(`${'3'.repeat(1_000)}\n${'4'.repeat(1_000)}`);
  });

  test('entries leaving the ring give their body bytes back', () => {
    const { log } = recording(10);
    log.setBodyBudget(10_000);
    // 30 messages of under 1,000 bytes through a ring of 10: all ten kept whole.
    for (let i = 0; i < 30; i++) log.message('in', { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'z'.repeat(900) } });
    expect(log.list()[0]?.bytes).toBeLessThan(1_000);
    expect(log.list().every((e) => e.message !== undefined)).toBe(true);
    log.note('a note is never dropped');
    log.setBodyBudget(3_000);
    expect(log.list().filter((e) => e.message !== undefined)).toHaveLength(3);
    expect(log.list().at(-1)?.text).toBe('a note is never dropped');
  });

  test('kept bodies read back exactly, whatever their characters, while the store reuses the space of dropped ones', async () => {
    const { log, batches } = recording(1_000);
    log.setBodyBudget(40_000);
    const texts = (i: number) => [
      `plain ${i} `.repeat(300),
      `é ü 中文 ${i} 🙂 `.repeat(100),
      // A lone surrogate cannot be held as UTF-8: it stays as it is.
      `\ud800 lone ${i} `.repeat(100),
      `short ${i}`,
    ];
    const sent: unknown[] = [];
    // Far more than the budget and the store's blocks: old space is reused many times over.
    for (let i = 0; i < 600; i++) {
      const message = { jsonrpc: '2.0', id: i, result: { contents: texts(i).map((text, k) => ({ uri: `skill://a/f${k}.md`, text })), nested: [[{ deep: texts(i)[0] }]] } };
      sent.push(message);
      log.message('in', message);
    }
    const entries = log.list();
    const kept = entries.filter((e) => e.message !== undefined);
    expect(kept.length).toBeGreaterThan(3);
    expect(entries.length - kept.length).toBeGreaterThan(500);
    for (const entry of kept) expect(entry.message).toEqual(sent[entry.seq - 1]);
    // Reading back twice gives the same, and the export carries the same bodies.
    expect(log.list()).toEqual(entries);
    expect((JSON.parse(log.export()) as ProtocolLogExport).entries).toEqual(JSON.parse(JSON.stringify(entries)));
    expect(log.since(kept.at(-2)!.seq)).toEqual([entries.at(-1)]);
    // The renderer's batch got the messages themselves.
    await flushed();
    expect(batches.flat().at(-1)?.message).toBe(sent.at(-1));
  });

  test("a note is cut as a message is, at 64K characters, saying how many were not kept", () => {
    const { log } = recording(10);
    // A server's words can ride in a note (a transport error quotes an HTTP answer's whole body).
    const text = `Transport error: ${'z '.repeat(200_000)}`;
    log.note(text);
    log.note('a short note is kept whole');
    const [cut, short] = log.list();
    expect(cut).toMatchObject({ kind: 'note', text: `${text.slice(0, 65_536)}… (${text.length - 65_536} more characters not kept)`, bytes: text.length, truncated: true });
    expect(short).toMatchObject({ kind: 'note', text: 'a short note is kept whole', bytes: 26 });
    expect(short?.truncated).toBeUndefined();
    // A pair of UTF-16 code units across the cut is left out whole, not halved.
    log.note(`${'a'.repeat(65_535)}🙂${'b'.repeat(10)}`);
    expect(log.list().at(-1)?.text).toBe(`${'a'.repeat(65_535)}… (12 more characters not kept)`);
  });

  test('long notes count against the body budget: 5,000 transport errors of 64K characters hold no more than it', () => {
    // A server that makes every request fail with a long answer: each failure is a note of 64K characters (cut).
    const log = new ProtocolLog('server-1', 5_000, () => undefined, DEFAULT_LOG_BODY_BUDGET_BYTES);
    const body = 'e'.repeat(70_000);
    for (let i = 0; i < 5_000; i++) log.note(`Transport error: ${i} ${body}`);
    const entries = log.list();
    expect(entries).toHaveLength(5_000);
    const preview = (i: number) => `${`Transport error: ${i} ${body}`.slice(0, 65_536)}… (${`Transport error: ${i} ${body}`.length - 65_536} more characters not kept)`;
    // The newest notes keep their 64K characters, as many as fit the budget; every older one keeps its first 200.
    const whole = entries.filter((e) => e.text!.length > 320);
    for (const e of whole) expect(e.text).toBe(preview(e.seq - 1));
    const heldWhole = whole.reduce((sum, e) => sum + e.text!.length, 0);
    expect(heldWhole).toBeLessThanOrEqual(DEFAULT_LOG_BODY_BUDGET_BYTES);
    expect(heldWhole + preview(0).length).toBeGreaterThan(DEFAULT_LOG_BODY_BUDGET_BYTES);
    expect(whole.map((e) => e.seq)).toEqual(Array.from({ length: whole.length }, (_, i) => 5_001 - whole.length + i));
    const first = `Transport error: 0 ${body}`;
    expect(entries[0]).toMatchObject({
      seq: 1,
      kind: 'note',
      text: `${first.slice(0, 200)}… (${first.length - 200} more characters not kept: dropped to keep the protocol log within its memory budget)`,
      bytes: first.length,
      truncated: true,
    });
    expect(entries.slice(0, -whole.length).every((e) => e.text!.length <= 320)).toBe(true);
    // All told, what the notes hold is the budget plus a few hundred characters a note, not 5,000 x 64K (327 million).
    const held = entries.reduce((sum, e) => sum + e.text!.length, 0);
    expect(held).toBeLessThanOrEqual(DEFAULT_LOG_BODY_BUDGET_BYTES + 5_000 * 320);
    // A short note is never cut, however many bodies come after it.
    log.note('Connected: 2025 era (initialize), protocol version 2025-06-18.');
    for (let i = 0; i < 100; i++) log.note(`Transport error: ${body}`);
    expect(log.list().at(-101)?.text).toBe('Connected: 2025 era (initialize), protocol version 2025-06-18.');
  });

  test('a method name a server chose is held cut at 200 characters, saying so, on its entry and its answer', async () => {
    const { log, batches } = recording(10);
    const method = 'm'.repeat(1_000_000);
    const cut = `${'m'.repeat(200)}… (999800 more characters not kept)`;
    log.message('in', { jsonrpc: '2.0', method });
    log.message('in', { jsonrpc: '2.0', id: 7, method });
    log.message('out', { jsonrpc: '2.0', id: 7, result: {} });
    // Its body gone to the budget, the entry still says the method: cut, it holds no more than the cut.
    log.setBodyBudget(0);
    expect(log.list().map((e) => [e.kind, e.method])).toEqual([['notification', cut], ['request', cut], ['response', cut]]);
    await flushed();
    expect(batches.flat().map((e) => e.method)).toEqual([cut, cut, cut]);
    // A method of 200 characters or fewer is kept as it is, and a pair of UTF-16 code units is not halved.
    log.message('in', { jsonrpc: '2.0', method: 'n'.repeat(200) });
    log.message('in', { jsonrpc: '2.0', method: `${'n'.repeat(199)}🙂x` });
    expect(log.list().slice(-2).map((e) => e.method)).toEqual(['n'.repeat(200), `${'n'.repeat(199)}… (3 more characters not kept)`]);
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
