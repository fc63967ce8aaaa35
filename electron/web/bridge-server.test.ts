import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { frame, openRawBridgeSocket, type FrameSpec } from '../../test/fixtures/raw-websocket.js';
import { createInspector, type Inspector } from '../inspector.js';
import { startWebServer, type WebServer } from './bridge-server.js';

function tmp(prefix: string) {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Opens a bridge socket with full control of the headers; resolves with the HTTP status on refusal. */
function openSocket(web: WebServer, options: { token?: string; origin?: string; host?: string; path?: string }): Promise<{ ws?: WebSocket; status?: number }> {
  const token = options.token === undefined ? '' : `?token=${options.token}`;
  const url = `ws://127.0.0.1:${web.port}${options.path ?? '/bridge'}${token}`;
  const headers: Record<string, string> = {};
  if (options.origin !== undefined) headers['Origin'] = options.origin;
  if (options.host !== undefined) headers['Host'] = options.host;
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
    ws.once('error', () => resolve({}));
  });
}

function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const parsed = JSON.parse(data.toString()) as Record<string, unknown>;
      if ('id' in parsed) {
        ws.off('message', onMessage);
        resolve(parsed);
      }
    };
    ws.on('message', onMessage);
  });
}

function httpGet(port: number, pathname: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser-mode bridge', () => {
  let inspector: Inspector;
  let web: WebServer;
  let origin: string;

  beforeAll(async () => {
    const staticDir = tmp('si-static-');
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    inspector = await createInspector({
      dataDir: tmp('si-bridge-'),
      mode: 'browser',
      appVersion: '0.0.0-test',
      demoTransport: () => ({ kind: 'stdio', command: 'false', args: [], env: {} }),
      seedDemo: false,
    });
    web = await startWebServer({ inspector, staticDir });
    origin = `http://127.0.0.1:${web.port}`;
  });
  afterAll(async () => {
    await web.close();
    await inspector.close();
  });

  it('round-trips a call through the contract with the right token, Origin and Host', async () => {
    const { ws } = await openSocket(web, { token: web.token, origin });
    expect(ws).toBeDefined();
    const reply = nextMessage(ws!);
    ws!.send(JSON.stringify({ id: 7, method: 'app.info', params: {} }));
    expect(await reply).toMatchObject({ id: 7, ok: true, result: { name: 'Skill Inspector', mode: 'browser', version: '0.0.0-test' } });
    ws!.close();
  });

  it('refuses a missing token', async () => {
    expect(await openSocket(web, { origin })).toEqual({ status: 401 });
  });

  it('refuses a wrong token of the same length', async () => {
    const wrong = web.token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect(await openSocket(web, { token: wrong, origin })).toEqual({ status: 401 });
  });

  it('refuses a foreign Origin, and a missing one', async () => {
    expect(await openSocket(web, { token: web.token, origin: 'http://evil.example' })).toEqual({ status: 403 });
    expect(await openSocket(web, { token: web.token, origin: `http://localhost:${web.port}` })).toEqual({ status: 403 });
    expect(await openSocket(web, { token: web.token })).toEqual({ status: 403 });
  });

  it('refuses a Host header that is not the loopback address it serves (DNS rebinding)', async () => {
    expect(await openSocket(web, { token: web.token, origin, host: `evil.example:${web.port}` })).toEqual({ status: 403 });
    expect(await httpGet(web.port, '/', `rebind.attacker.test:${web.port}`)).toBe(403);
    expect(await httpGet(web.port, '/', `127.0.0.1:${web.port}`)).toBe(200);
  });

  it('answers malformed messages with an error and keeps the connection open', async () => {
    const { ws } = await openSocket(web, { token: web.token, origin });
    const socket = ws!;
    const send = async (raw: string) => {
      const reply = nextMessage(socket);
      socket.send(raw);
      return reply;
    };
    expect(await send('{not json')).toMatchObject({ id: -1, ok: false, error: { code: 'invalid-params' } });
    expect(await send('[1,2]')).toMatchObject({ id: -1, ok: false, error: { code: 'invalid-params' } });
    expect(await send('{"method":"app.info"}')).toMatchObject({ id: -1, ok: false, error: { message: 'The message needs a numeric "id".' } });
    expect(await send('{"id":1,"method":"process.exec"}')).toMatchObject({ id: 1, ok: false, error: { code: 'unknown-method' } });
    expect(await send('{"id":2,"method":"servers.add","params":{"label":""}}')).toMatchObject({ id: 2, ok: false, error: { code: 'invalid-params' } });
    expect(await send('{"id":3,"method":"__proto__"}')).toMatchObject({ id: 3, ok: false, error: { code: 'unknown-method' } });
    // Still usable afterwards.
    expect(await send('{"id":4,"method":"app.info","params":{}}')).toMatchObject({ id: 4, ok: true });
    socket.close();
  });

  it('does not serve files outside the renderer folder', async () => {
    expect(await httpGet(web.port, '/../../etc/passwd', `127.0.0.1:${web.port}`)).toBe(404);
    expect(await httpGet(web.port, '/%2e%2e/%2e%2e/etc/passwd', `127.0.0.1:${web.port}`)).toBe(404);
    expect(await httpGet(web.port, '/%E0%A4%A', `127.0.0.1:${web.port}`)).toBe(400);
  });

  // Item 13 of issue 13: each malformed frame used to raise an 'error' event on the socket with
  // no listener, which threw and ended the process (and the demo server with it). Now ws closes
  // that one socket with the close code for the fault; the bridge and its other clients live on.
  const TEXT = 0x1;
  const BAD_FRAMES: ReadonlyArray<readonly [kind: string, spec: FrameSpec, closeCode: number]> = [
    ['a text frame over the 8 MiB size cap', { opcode: TEXT, declaredLength: 8 * 1024 * 1024 + 1 }, 1009],
    ['a text frame of invalid UTF-8', { opcode: TEXT, payload: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }, 1007],
    ['a frame with RSV1 set and no extension agreed', { opcode: TEXT, rsv: 4, payload: Buffer.from('{}') }, 1002],
    ['a frame with RSV2 and RSV3 set', { opcode: TEXT, rsv: 3, payload: Buffer.from('{}') }, 1002],
    ['an unmasked client frame', { opcode: TEXT, mask: false, payload: Buffer.from('{}') }, 1002],
    ['an unknown opcode (0x3)', { opcode: 0x3, payload: Buffer.from('{}') }, 1002],
    ['an unknown control opcode (0xB)', { opcode: 0xb }, 1002],
    ['a fragmented ping (control frames must not be fragmented)', { opcode: 0x9, fin: false }, 1002],
    ['a ping longer than 125 bytes', { opcode: 0x9, payload: Buffer.alloc(126) }, 1002],
    ['a continuation frame with nothing to continue', { opcode: 0x0, payload: Buffer.from('x') }, 1002],
  ];

  for (const [kind, spec, closeCode] of BAD_FRAMES) {
    it(`closes only the socket that sent ${kind} (close code ${closeCode}); the bridge and other clients carry on`, async () => {
      const { ws: healthy } = await openSocket(web, { token: web.token, origin });
      const raw = await openRawBridgeSocket(web.port, web.token);
      raw.write(frame(spec));
      expect(await raw.ended).toEqual({ closeCode });
      // The healthy client is still connected and answered; a new client can still connect.
      const reply = nextMessage(healthy!);
      healthy!.send(JSON.stringify({ id: 11, method: 'app.info', params: {} }));
      expect(await reply).toMatchObject({ id: 11, ok: true, result: { mode: 'browser' } });
      const { ws: fresh } = await openSocket(web, { token: web.token, origin });
      expect(fresh?.readyState).toBe(WebSocket.OPEN);
      fresh!.close();
      healthy!.close();
    });
  }

  // An upgrade request whose target is not a URL ("http://[") made new URL() throw inside the
  // 'upgrade' listener, before any check: an uncaught exception that ended browser mode, with no
  // token needed. Now it is refused with 400 and the bridge carries on.
  it('refuses an upgrade request whose target is not a URL, and keeps serving', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(web.port, '127.0.0.1', () => {
        socket.write(`GET http://[ HTTP/1.1\r\nHost: 127.0.0.1:${web.port}\r\nOrigin: ${origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${'A'.repeat(22)}==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(text));
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad request target');
    const { ws } = await openSocket(web, { token: web.token, origin });
    const reply = nextMessage(ws!);
    ws!.send(JSON.stringify({ id: 13, method: 'app.info', params: {} }));
    expect(await reply).toMatchObject({ id: 13, ok: true });
    ws!.close();
  });

  it('survives a client that resets its connection mid-frame', async () => {
    const raw = await openRawBridgeSocket(web.port, web.token);
    // Half a frame header, then a TCP reset.
    raw.write(frame({ opcode: TEXT, payload: Buffer.from('{"id":1,"method":"app.info"}') }).subarray(0, 5));
    raw.socket.resetAndDestroy();
    await raw.ended;
    const { ws } = await openSocket(web, { token: web.token, origin });
    const reply = nextMessage(ws!);
    ws!.send(JSON.stringify({ id: 12, method: 'app.info', params: {} }));
    expect(await reply).toMatchObject({ id: 12, ok: true });
    ws!.close();
  });
});

describe('browser-mode bridge: replies that cannot be serialised', () => {
  it('answers with an error reply carrying the same id, and keeps serving', { timeout: 20_000 }, async () => {
    const staticDir = tmp('si-static-');
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    // A value nested far deeper than JSON.stringify follows, as a handler could once return.
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    const inspector = {
      call: (method: string) => Promise.resolve(method === 'skills.list' ? { ok: true as const, result: deep } : { ok: true as const, result: { fine: true } }),
      subscribe: () => () => undefined,
    };
    const web = await startWebServer({ inspector, staticDir });
    try {
      const { ws } = await openSocket(web, { token: web.token, origin: `http://127.0.0.1:${web.port}` });
      let reply = nextMessage(ws!);
      ws!.send(JSON.stringify({ id: 21, method: 'skills.list', params: {} }));
      expect(await reply).toMatchObject({ id: 21, ok: false, error: { code: 'failed', message: expect.stringContaining('could not be sent to the page') } });
      reply = nextMessage(ws!);
      ws!.send(JSON.stringify({ id: 22, method: 'app.info', params: {} }));
      expect(await reply).toEqual({ id: 22, ok: true, result: { fine: true } });
      ws!.close();
    } finally {
      await web.close();
    }
  });
});
