// The per-request answer cap (RequestOptions.maxResponseBytes) in the real
// transports: a real server process over stdio and Streamable HTTP (JSON and
// SSE bodies, both eras) answers one read with 8 MiB of text, streamed. The
// request with a 256 KiB cap fails with ResponseTooLarge having taken no more
// than its cap and one chunk; the protocol log says so; requests in flight
// beside it (an uncapped listing, a capped read whose answer fits) are answered; the
// connection stays up and the next read works.
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { Connection } from '../../electron/connections/connection.js';
import { ProtocolLog } from '../../electron/connections/protocol-log.js';
import { ResponseTooLarge } from '../../electron/skills/rpc.js';
import { DEFAULT_SETTINGS, type Settings, type TransportConfig } from '../../shared/model.js';
import { startHostileEdgesHttp } from '../fixtures/hostile-edges/harness.js';

const SERVER = path.join(import.meta.dirname, '..', 'fixtures', 'answer-caps', 'server.mjs');
const KiB = 1024;
const MiB = 1024 * KiB;
/** A small per-file limit, so the frame cap is its floor of 1 MiB (max(2 × 64 KiB, 1 MiB)). */
const SETTINGS: Settings = { ...DEFAULT_SETTINGS, maxFileBytes: 64 * KiB, requestTimeoutMs: 30_000 };
const FRAME = MiB;
const CAP = 256 * KiB;
const BIG = 'skill://big/8192.md';
const SMALL = 'skill://small/notes.md';
/** What one read from a pipe or a socket may bring past the cap at most. */
const CHUNK = 64 * KiB;

interface Route {
  readonly name: string;
  readonly args: string[];
  readonly http: boolean;
  /** The id ends the line (the SDK's order): on stdio the line is decided as it ends. */
  readonly idLast: boolean;
}

const ROUTES: Route[] = [
  { name: 'stdio, id first', args: ['--id', 'first'], http: false, idLast: false },
  { name: 'stdio, id last', args: ['--id', 'last'], http: false, idLast: true },
  { name: 'stdio, id last, 2025 era', args: ['--id', 'last', '--era', 'legacy'], http: false, idLast: true },
  { name: 'HTTP, JSON body', args: [], http: true, idLast: true },
  { name: 'HTTP, JSON body, 2025 era', args: ['--era', 'legacy'], http: true, idLast: true },
  { name: 'HTTP, SSE body', args: ['--sse'], http: true, idLast: true },
  { name: 'HTTP, SSE body, 2025 era', args: ['--sse', '--era', 'legacy'], http: true, idLast: true },
];

const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function connect(route: Route): Promise<{ connection: Connection; log: ProtocolLog }> {
  let transport: TransportConfig;
  if (route.http) {
    const http = await startHostileEdgesHttp([SERVER, ...route.args]);
    stops.push(() => http.stop());
    transport = { kind: 'http', url: http.url, headers: {} };
  } else {
    transport = { kind: 'stdio', command: process.execPath, args: [SERVER, ...route.args], env: {} };
  }
  const log = new ProtocolLog('caps', 1000, () => undefined);
  const connection = new Connection(
    { id: 'caps', label: 'Answer caps', transport, createdAt: new Date().toISOString() },
    { settings: () => SETTINGS, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'answer-caps-test', version: '0' } },
  );
  stops.push(() => connection.disconnect());
  expect((await connection.connect()).status).toBe('connected');
  return { connection, log };
}

const read = (connection: Connection, uri: string, maxResponseBytes?: number) =>
  connection.request('resources/read', { uri }, maxResponseBytes === undefined ? {} : { maxResponseBytes });

/** An uncapped request (ping is gone from the 2026 era). */
const list = (connection: Connection) => connection.request('skills/list', {});

const textOf = (result: unknown) => (result as { contents: Array<{ text: string }> }).contents[0]!.text;

async function tooLarge(answer: Promise<unknown>): Promise<ResponseTooLarge> {
  const error = await answer.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResponseTooLarge);
  return error as ResponseTooLarge;
}

/** The log's entry for the stopped answer: the read's id, the bytes taken, never the body. */
function stoppedEntry(log: ProtocolLog, error: ResponseTooLarge) {
  const stopped = log.list().filter((e) => e.direction === 'in' && e.text?.startsWith('Stopped at the cap'));
  expect(stopped).toHaveLength(1);
  expect(stopped[0]).toMatchObject({
    kind: 'response',
    method: 'resources/read',
    bytes: error.received,
    text: `Stopped at the cap: ${error.received} bytes received of an answer over this request's ${error.limit}-byte cap; the rest was discarded.`,
  });
  expect(stopped[0]!.message).toBeUndefined();
  expect(stopped[0]!.truncated).toBeUndefined();
  return stopped[0]!;
}

describe.each(ROUTES)('a capped read answered with 8 MiB ($name)', (route) => {
  test('fails with ResponseTooLarge at its cap; uncapped and fitting requests beside it are answered; the next read works', async () => {
    const { connection, log } = await connect(route);
    const big = read(connection, BIG, CAP);
    const listing = list(connection);
    const small = read(connection, SMALL, CAP);
    const error = await tooLarge(big);
    expect(await listing).toMatchObject({ skills: [] });
    expect(textOf(await small)).toBe(`The file at ${SMALL}.`);
    expect(error.limit).toBe(CAP);
    // Over stdio an answer whose id comes last cannot be told from the ping's
    // until it ends, so it is held as far as the listing's answer could go (the
    // frame cap), then dropped; everywhere else it stops at its own cap.
    const bound = !route.http && route.idLast ? FRAME : CAP;
    expect(error.received).toBeGreaterThan(bound);
    expect(error.received).toBeLessThanOrEqual(bound + CHUNK);
    expect(error.message).toBe(`The answer passed ${CAP} bytes on the wire (${error.received} received when it was stopped).`);
    const entry = stoppedEntry(log, error);
    expect(log.list().some((e) => e.direction === 'out' && e.method === 'resources/read' && e.id === entry.id && (e.message as { params: { uri: string } }).params.uri === BIG)).toBe(true);

    expect(connection.snapshot.status).toBe('connected');
    expect(textOf(await read(connection, SMALL, CAP))).toBe(`The file at ${SMALL}.`);
    expect(textOf(await read(connection, 'skill://big/64.md', CAP))).toHaveLength(64 * KiB);
    expect(connection.snapshot.status).toBe('connected');
  });

  test('alone, it takes no more than its cap and one chunk', async () => {
    const { connection, log } = await connect(route);
    const error = await tooLarge(read(connection, BIG, CAP));
    expect(error.limit).toBe(CAP);
    expect(error.received).toBeGreaterThan(CAP);
    expect(error.received).toBeLessThanOrEqual(CAP + CHUNK);
    stoppedEntry(log, error);
    expect(await list(connection)).toMatchObject({ skills: [] });
  });

  test('without a cap the frame cap applies as before (an SSE body fails its request at once: it waited for the timeout)', async () => {
    const { connection, log } = await connect(route);
    const error = await read(connection, BIG).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(ResponseTooLarge);
    if (route.http) {
      // Over HTTP only that request fails.
      expect((error as Error).message).toBe(`The server's response passed the ${FRAME}-byte limit; reading stopped.`);
      const stopped = log.list().filter((e) => e.direction === 'in' && e.text?.startsWith('Stopped at the cap'));
      expect(stopped).toMatchObject([{ method: 'resources/read', text: expect.stringContaining(`of an answer over the ${FRAME}-byte message cap; the rest was discarded.`) }]);
      expect(textOf(await read(connection, SMALL))).toBe(`The file at ${SMALL}.`);
    } else {
      // Over stdio the app hangs up on a server whose message passed the frame cap, as it always has.
      expect((error as Error).message).toMatch(/Connection closed/);
      await expect.poll(() => connection.snapshot.status).toBe('failed');
      expect(log.list().some((e) => e.text === `Transport error: ReadBuffer exceeded maximum size of ${FRAME} bytes`)).toBe(true);
    }
  });
});

test('a declared Content-Length over the cap is not read at all', async () => {
  const { connection, log } = await connect({ name: 'HTTP, declared length', args: ['--declare-length'], http: true, idLast: true });
  const error = await tooLarge(read(connection, BIG, CAP));
  expect({ limit: error.limit, received: error.received }).toEqual({ limit: CAP, received: 0 });
  stoppedEntry(log, error);
  expect(textOf(await read(connection, SMALL, CAP))).toBe(`The file at ${SMALL}.`);
});
