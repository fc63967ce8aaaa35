// A connection that fails in a way the app has no words for is said in the
// words of the error, and those can be a server's: an HTTP server that answers
// 300 (a status the SDK neither follows nor names) puts its whole body into the
// SDK's error. In the diagnostic the window shows, and in the log's note, that
// text is on one line and short. A real HTTP server on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { cliLimitNamer } from '../cli/limit-flags.js';
import { Connection } from './connection.js';
import { describeError } from './diagnose.js';
import { ProtocolLog } from './protocol-log.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

const BODY = `{"error": "moved",\r\n"detail": "\u001b[2J\u001b[Hsee\r\nbelow", "list": "${'z '.repeat(200_000)}"}`;

async function start(): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(300, { 'content-type': 'application/json' }).end(BODY);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

describe('a connection failure the app does not recognise', () => {
  it("says the server's text on one line, 200 characters of it, in the diagnostic and the log", { timeout: 20_000 }, async () => {
    const url = await start();
    const log = new ProtocolLog('notes', 200, () => undefined);
    const connection = new Connection(
      { id: 'notes', label: 'notes', transport: { kind: 'http', url, headers: {} }, createdAt: '2026-01-01T00:00:00.000Z' },
      { settings: () => DEFAULT_SETTINGS, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'test', version: '1' }, limitName: cliLimitNamer },
    );
    const snapshot = await connection.connect();
    await connection.disconnect();
    const shown = `Error POSTing to endpoint: {"error": "moved", "detail": "\u001b[2J\u001b[Hsee below", "list": "${'z '.repeat(57)}z`;
    expect(shown.length).toBe(200);
    const rest = `Error POSTing to endpoint: ${BODY}`.replace(/\s+/g, ' ').length - shown.length - 1;
    expect(snapshot.error).toEqual({ code: 'unknown', title: 'Connection failed', detail: `${shown}… (${rest} more characters)`, hint: 'Open the protocol log for the exchange that failed.' });
    const notes = log.list().filter((e) => e.kind === 'note' && e.text?.startsWith('Connection failed'));
    expect(notes.map((e) => e.text)).toEqual([`Connection failed: Connection failed. ${shown}… (${rest} more characters)`]);
  });
});

describe("a transport error's note in the protocol log", () => {
  it("keeps the first 64K characters of the server's body, saying how many more were not kept", { timeout: 20_000 }, async () => {
    const url = await start();
    const log = new ProtocolLog('notes', 200, () => undefined);
    const connection = new Connection(
      { id: 'notes', label: 'notes', transport: { kind: 'http', url, headers: {} }, createdAt: '2026-01-01T00:00:00.000Z' },
      { settings: () => DEFAULT_SETTINGS, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'test', version: '1' }, limitName: cliLimitNamer },
    );
    await connection.connect();
    await connection.disconnect();
    const whole = `Transport error: Error POSTing to endpoint: ${BODY}`;
    const notes = log.list().filter((e) => e.kind === 'note' && e.text?.startsWith('Transport error'));
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect(note).toMatchObject({ text: `${whole.slice(0, 65_536)}… (${whole.length - 65_536} more characters not kept)`, bytes: whole.length, truncated: true });
  });
});

describe('describeError', () => {
  it('redacts the secrets it is given before cutting, so no part of one is left at the cut', () => {
    const secret = 'sk-live-4f9a2b7c1d3e5f7a9b0c2d4e6f8a0b1c';
    const error = new Error('fetch failed', { cause: new Error(`${'a '.repeat(80)}token ${secret} ${'b '.repeat(100)}`) });
    expect(describeError(error, [secret])).toBe(`fetch failed: ${'a '.repeat(80)}token [secret] b b b b b b… (187 more characters)`);
    // Not given the secret (a connection's own diagnosis: the app redacts what it shows), the word across the cut is left out whole.
    expect(describeError(error)).toBe(`fetch failed: ${'a '.repeat(80)}token… (240 more characters)`);
  });
});
