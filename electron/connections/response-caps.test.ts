// The stdio side of the per-request answer caps: the real line buffer and the
// real cap registry, fed the bytes a server would write. Which request a line
// answers is read from its first bytes or, for the SDK's order (id last), its
// last bytes; a line past its cap is counted and discarded, never held.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ResponseTooLarge } from '../skills/rpc.js';
import { LineReadBuffer } from './line-buffer.js';
import { ProtocolLog } from './protocol-log.js';
import { ResponseCaps, peekHead, tailId, type SentRequest } from './response-caps.js';

const FRAME = 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

function wire() {
  const log = new ProtocolLog('s', 100, () => undefined);
  const caps = new ResponseCaps(() => FRAME, log);
  const buffer = new LineReadBuffer(FRAME, caps);
  const failures = new Map<number, Error>();
  /** Sends a request as the SDK would, through Connection.request's arming (limit undefined: uncapped). */
  const send = (id: number, limit?: number): SentRequest => {
    const sent = caps.arm(limit, (error) => failures.set(id, error));
    caps.sent({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri: `skill://a/${id}` } });
    log.message('out', { jsonrpc: '2.0', id, method: 'resources/read', params: {} });
    return sent;
  };
  /** A request the SDK sent by itself (the handshake, say): uncapped. */
  const sendBare = (id: number) => caps.sent({ jsonrpc: '2.0', id, method: 'skills/list' });
  const feed = (text: string, piece = 64) => {
    for (let i = 0; i < text.length; i += piece) buffer.append(Buffer.from(text.slice(i, i + piece)));
  };
  const drain = () => {
    const out: unknown[] = [];
    for (let m = buffer.readMessage(); m !== null; m = buffer.readMessage()) out.push(m);
    return out;
  };
  const stopped = () => log.list().filter((e) => e.text?.startsWith('Stopped at the cap'));
  return { log, caps, buffer, failures, send, sendBare, feed, drain, stopped };
}

const idFirst = (id: number, text: string) => `{"jsonrpc":"2.0","id":${id},"result":{"contents":[{"uri":"u","text":"${text}"}]}}\n`;
const idLast = (id: number, text: string) => `{"result":{"contents":[{"uri":"u","text":"${text}"}]},"jsonrpc":"2.0","id":${id}}\n`;
const answer = (id: number, text: string) => ({ jsonrpc: '2.0', id, result: { contents: [{ uri: 'u', text }] } });

describe('a line past its request\'s cap', () => {
  test('naming the request first: dropped at the cap, that request fails at once, the next line is whole', () => {
    const { failures, send, feed, drain, stopped } = wire();
    send(1, 300);
    const long = idFirst(1, 'x'.repeat(5000));
    // Up to the cap and one piece: the request has failed before the line ends.
    feed(long.slice(0, 384));
    expect(failures.get(1)).toEqual(new ResponseTooLarge(300, 320));
    feed(long.slice(384));
    feed(idFirst(2, 'ok'));
    expect(drain()).toEqual([answer(2, 'ok')]);
    expect(stopped()).toMatchObject([{ id: 1, method: 'resources/read', bytes: 320 }]);
  });

  test('naming it last (the SDK\'s order): dropped at the cap, the request its end names fails as it ends', () => {
    const { failures, send, feed, drain, stopped } = wire();
    send(1, 300);
    send(2, 400);
    const long = idLast(2, 'x'.repeat(5000));
    feed(long.slice(0, -1));
    // Not known yet: only capped requests wait, so it is dropped past the largest cap, 400.
    expect(failures.size).toBe(0);
    feed('\n');
    expect([...failures]).toEqual([[2, new ResponseTooLarge(400, 448)]]);
    // Request 1 was not failed for request 2's answer, and gets its own.
    feed(idLast(1, 'fits'));
    expect(drain()).toEqual([{ result: { contents: [{ uri: 'u', text: 'fits' }] }, jsonrpc: '2.0', id: 1 }]);
    expect(stopped()).toMatchObject([{ id: 2, bytes: 448 }]);
  });

  test('while an uncapped request waits too, an answer that does not say whose is held to the frame cap, then attributed', () => {
    const { failures, send, sendBare, feed, drain } = wire();
    send(1, 300);
    sendBare(2);
    // Within the frame cap and past request 1's cap: it could be request 2's, so it is kept whole.
    feed(idLast(2, 'y'.repeat(600)));
    expect(drain()).toEqual([{ result: { contents: [{ uri: 'u', text: 'y'.repeat(600) } ] }, jsonrpc: '2.0', id: 2 }]);
    expect(failures.size).toBe(0);
    // Past the frame cap, and it is request 1's: request 1 fails, the stream goes on.
    sendBare(3);
    feed(idLast(1, 'x'.repeat(3000)));
    expect([...failures]).toEqual([[1, new ResponseTooLarge(300, 1024)]]);
    feed(idLast(3, 'ok'));
    expect(drain()).toHaveLength(1);
  });

  test('past the frame cap and no capped request\'s: refused as ever (the transport hangs up)', () => {
    const { send, sendBare, feed, failures } = wire();
    send(1, 300);
    sendBare(2);
    expect(() => feed(idLast(2, 'x'.repeat(3000)))).toThrow(`ReadBuffer exceeded maximum size of ${FRAME} bytes`);
    expect(failures.size).toBe(0);
  });

  test('a line naming an uncapped request, or a notification, is held to the frame cap only', () => {
    const { send, sendBare, feed, drain, failures } = wire();
    send(1, 300);
    sendBare(2);
    feed(idFirst(2, 'z'.repeat(700)));
    feed(`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${'n'.repeat(700)}"}}\n`);
    expect(drain()).toHaveLength(2);
    expect(failures.size).toBe(0);
  });

  test('a dropped line that names no capped request fails none, and says so in the log', () => {
    const { send, feed, drain, failures, log } = wire();
    send(1, 300);
    const line = idLast(99, 'x'.repeat(500));
    feed(line);
    expect(failures.size).toBe(0);
    expect(drain()).toEqual([]);
    expect(log.list().at(-1)?.text).toBe(`The line stopped at 300 bytes ended after ${line.length - 1} bytes naming no capped request awaiting an answer (its id: 99); it was discarded.`);
    feed(idLast(1, 'ok'));
    expect(drain()).toHaveLength(1);
  });

  test('byte by byte, the start is read once enough of it has come', () => {
    const { send, feed, failures } = wire();
    send(7, 20);
    feed(idFirst(7, 'x'.repeat(200)), 1);
    // Held until its start named it (at `"id":7,`), then stopped: the cap of 20 and the 24 bytes it took.
    expect(failures.get(7)).toEqual(new ResponseTooLarge(20, 24));
  });

  test('released requests no longer cap anything: the frame cap is back', () => {
    const { caps, send, feed, drain } = wire();
    const sent = send(1, 300);
    caps.release(sent);
    feed(idFirst(1, 'x'.repeat(600)));
    expect(drain()).toHaveLength(1);
    expect(caps.floor).toBe(FRAME);
  });

  test('a discarded line is counted, not joined: no copies of its pieces', () => {
    const { send, buffer, failures } = wire();
    send(1, 64 * 1024);
    const concat = vi.spyOn(Buffer, 'concat');
    buffer.append(Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"text":"`));
    const piece = Buffer.alloc(64 * 1024, 0x61);
    for (let i = 0; i < 200; i++) buffer.append(piece);
    expect(failures.get(1)).toBeInstanceOf(ResponseTooLarge);
    // Two joins: the line's start (its first piece was short) — none per piece.
    expect(concat.mock.calls.length).toBeLessThanOrEqual(2);
  });
});

describe('reading ids from a line\'s ends', () => {
  test('its start', () => {
    expect(peekHead('{"jsonrpc":"2.0","id":12,"result":{')).toEqual({ kind: 'id', id: 12 });
    expect(peekHead(' { "id" : "a-1" , "jsonrpc":"2.0"')).toEqual({ kind: 'id', id: 'a-1' });
    expect(peekHead('{"jsonrpc":"2.0","method":"notifications/progress"')).toEqual({ kind: 'method' });
    expect(peekHead('{"result":{"contents":[')).toEqual({ kind: 'answer' });
    expect(peekHead('{"jsonrpc":"2.0","error":{')).toEqual({ kind: 'answer' });
    // A number cut where the head ends, or a nested id, says nothing.
    expect(peekHead('{"jsonrpc":"2.0","id":12')).toEqual({ kind: 'unknown' });
    expect(peekHead('{"params":{"id":3}')).toEqual({ kind: 'unknown' });
    expect(peekHead('not json')).toEqual({ kind: 'unknown' });
  });

  test('its end', () => {
    expect(tailId('…"}]},"jsonrpc":"2.0","id":12}')).toBe(12);
    expect(tailId('…"}]},"id":12,"jsonrpc":"2.0"}\r')).toBe(12);
    expect(tailId('…, "id" : "x" }')).toBe('x');
    // A nested object's id ends with two braces: not the message's.
    expect(tailId('…{"id":12}}')).toBeUndefined();
    expect(tailId('…"text":"abc"}}')).toBeUndefined();
  });
});
