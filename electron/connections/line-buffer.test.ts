import { afterEach, expect, test, vi } from 'vitest';
import { LineReadBuffer } from './line-buffer.js';

const msg = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, result: {} });
const drain = (buffer: LineReadBuffer) => {
  const out: unknown[] = [];
  for (let m = buffer.readMessage(); m !== null; m = buffer.readMessage()) out.push(m);
  return out;
};

afterEach(() => {
  vi.restoreAllMocks();
});

test('splits messages across and within chunks, strips CR, skips lines that are not JSON', () => {
  const buffer = new LineReadBuffer(1024);
  const text = `${msg(1)}\r\nnot json at all\n${msg(2)}\n\n${msg(3)}\n`;
  // Every split point, one byte at a time and in two halves.
  for (const size of [1, 7, text.length >> 1]) {
    for (let i = 0; i < text.length; i += size) buffer.append(Buffer.from(text.slice(i, i + size)));
    expect(drain(buffer)).toEqual([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, result: {} })));
  }
});

test('a message that stops mid-line waits for the rest', () => {
  const buffer = new LineReadBuffer(1024);
  buffer.append(Buffer.from(msg(1).slice(0, 10)));
  expect(buffer.readMessage()).toBeNull();
  buffer.append(Buffer.from(`${msg(1).slice(10)}\n`));
  expect(buffer.readMessage()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
});

test('a line past the cap is refused with the SDK\'s message, and the buffer starts afresh', () => {
  const buffer = new LineReadBuffer(100);
  buffer.append(Buffer.alloc(60, 0x61));
  expect(() => buffer.append(Buffer.alloc(60, 0x61))).toThrow('ReadBuffer exceeded maximum size of 100 bytes');
  buffer.append(Buffer.from(`${msg(4)}\n`));
  expect(drain(buffer)).toEqual([{ jsonrpc: '2.0', id: 4, result: {} }]);
});

test('a long line costs one join, not one per chunk (the SDK\'s buffer re-copies it with every chunk)', () => {
  const concat = vi.spyOn(Buffer, 'concat');
  const buffer = new LineReadBuffer(64 * 1024 * 1024);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  for (let i = 0; i < 500; i++) buffer.append(chunk);
  expect(concat).not.toHaveBeenCalled();
  buffer.append(Buffer.from(`${msg(5)}\n`));
  expect(concat).toHaveBeenCalledTimes(1);
  expect(buffer.readMessage()).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
});

test('lines with bytes that are not UTF-8: each of the first five noted with its line and offsets, then one note that more followed', () => {
  const notes: string[] = [];
  const buffer = new LineReadBuffer(1024, undefined, (text) => notes.push(text));
  const start = '{"jsonrpc":"2.0","method":"n","params":{"x":"';
  const bad = Buffer.concat([Buffer.from(start), Buffer.from([0xff]), Buffer.from('"}}\n')]);
  buffer.append(Buffer.from(`${msg(1)}\n`));
  for (let i = 0; i < 8; i++) buffer.append(bad);
  expect(drain(buffer)).toHaveLength(9);
  expect(notes).toHaveLength(6);
  const first = msg(1).length + 1;
  expect(notes[0]).toContain(`in its line 2 at byte ${start.length} of the line (byte ${first + start.length} of its stdout)`);
  expect(notes[4]).toContain(`in its line 6 at byte ${start.length} of the line (byte ${first + 4 * bad.length + start.length} of its stdout)`);
  expect(notes[5]).toBe('More stdout lines with bytes that are not UTF-8 followed; they are not noted.');
});

test('an unfinished line says how many bytes since when; a line skipped as not JSON is kept with when it ended', () => {
  const buffer = new LineReadBuffer(1024);
  vi.spyOn(Date, 'now').mockReturnValue(1_000);
  buffer.append(Buffer.from('xxxx'));
  vi.spyOn(Date, 'now').mockReturnValue(2_000);
  buffer.append(Buffer.from('yy'));
  expect(buffer.unfinished()).toEqual({ bytes: 6, since: 1_000 });
  vi.spyOn(Date, 'now').mockReturnValue(3_000);
  buffer.append(Buffer.from(`${msg(2)}\n`));
  expect(buffer.unfinished()).toBeUndefined();
  expect(drain(buffer)).toEqual([]);
  expect(buffer.skipped).toEqual({ bytes: 6 + msg(2).length, since: 1_000, ended: 3_000 });
});
