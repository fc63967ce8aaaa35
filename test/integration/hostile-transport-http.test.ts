// Real HTTP servers that misbehave at the transport after an honest
// initialize (test/fixtures/hostile-transport/http-server.ts): each request
// ends with an error that says what was wrong, the connection stays up and
// answers the next request, and what is read stays within the message cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { Connection } from '../../electron/connections/connection.js';
import { ProtocolLog } from '../../electron/connections/protocol-log.js';
import { startHostileHttp, type HostileHttp } from '../fixtures/hostile-transport/http-server.js';

let hostile: HostileHttp;
beforeAll(async () => {
  hostile = await startHostileHttp();
});
afterAll(async () => {
  await hostile.close();
});

/** The message cap with Settings' file cap at 1 MiB: twice that plus 64 KiB (connection.ts). */
const CAP = 2 * 1024 * 1024 + 64 * 1024;

async function connected() {
  const log = new ProtocolLog('hostile', 1000, () => undefined);
  const connection = new Connection(
    { id: 'hostile', label: 'Hostile', transport: { kind: 'http', url: hostile.url, headers: {} }, createdAt: new Date().toISOString() },
    {
      settings: () => ({ ...DEFAULT_SETTINGS, requestTimeoutMs: 2_000, maxFileBytes: 1024 * 1024 }),
      resolveTransport: (s) => s.transport,
      onChange: () => undefined,
      log,
      clientInfo: { name: 'hostile-transport', version: '0' },
    },
  );
  expect((await connection.connect()).status).toBe('connected');
  return { log, connection };
}

async function outcome(behaviour: string, notes: (string | undefined)[] = []): Promise<string> {
  const { connection, log } = await connected();
  try {
    const said = await connection.request(`test/${behaviour}`, {}).then(
      (result) => `answered ${JSON.stringify(result)}`,
      (error: Error) => error.message,
    );
    // The app stays up: the same connection answers the next request.
    expect(await connection.request('test/ping', {})).toEqual({ pong: true });
    expect(connection.snapshot.status).toBe('connected');
    notes.push(...log.list().filter((e) => e.kind === 'note' && !e.text?.startsWith('Connected:')).map((e) => e.text));
    return said;
  } finally {
    await connection.disconnect();
  }
}

describe('an HTTP server that misbehaves at the transport', { timeout: 60_000 }, () => {
  it('closes the connection in the middle of its answer: said so, with the bytes that came', async () => {
    expect(await outcome('close-mid-body')).toBe('The server closed the connection before its answer ended (20 bytes received of the 56 it announced).');
  });

  it('closes an event stream in the middle of its event: the log says so; the request, whose answer may still come on a stream resumed, times out', async () => {
    const notes: (string | undefined)[] = [];
    expect(await outcome('close-mid-event', notes)).toBe('no answer within 2 s (the request timeout: Settings › Request timeout)');
    expect(notes).toEqual(['Transport error: SSE stream disconnected: Error: The server closed the connection before its answer ended (38 bytes received).']);
  });

  it('answers text/event-stream and never sends an event: the request times out saying so', async () => {
    expect(await outcome('silent-event-stream')).toBe('no answer within 2 s (the request timeout: Settings › Request timeout)');
  });

  it('promises more bytes than it sends and keeps the socket open: the request times out', async () => {
    expect(await outcome('length-longer')).toBe('no answer within 2 s (the request timeout: Settings › Request timeout)');
  });

  it('sends one event of 50 MB: reading stops at the message cap', async () => {
    expect(await outcome('one-huge-event')).toBe(`The server's response passed the ${CAP}-byte limit; reading stopped.`);
  });

  it('sends a gzip bomb (200 MB of spaces in about 200 KB): reading stops at the message cap, counted unpacked', async () => {
    expect(await outcome('gzip-bomb')).toBe(`The server's response passed the ${CAP}-byte limit; reading stopped.`);
  });
});
