// Browser mode: the built renderer and the contract, served on 127.0.0.1 only.
// The bridge can start processes (any stdio server), so it is guarded like a
// door: a random per-launch token on every connection, the exact Origin of the
// page it served, and a Host header naming the loopback address it listens on
// (DNS rebinding, CVE-2025-49596). Everything else is refused.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseBridgeRequest, type BridgeEvent, type BridgeResponse } from '../../shared/api.js';
import { answerText } from '../../shared/answer-text.js';
import { safeStringify } from '../../shared/nesting.js';
import type { Inspector } from '../inspector.js';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy.js';

export interface WebServerOptions {
  readonly inspector: Pick<Inspector, 'call' | 'subscribe'>;
  /** The built renderer (out/renderer). */
  readonly staticDir: string;
  readonly port?: number;
  /** Fixed token for tests; random otherwise. */
  readonly token?: string;
}

export interface WebServer {
  readonly url: string;
  /** The page URL with the token in its fragment (never sent to the server, never in a Referer). */
  readonly pageUrl: string;
  readonly token: string;
  readonly port: number;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};


function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(32).toString('hex');
  const staticRoot = path.resolve(options.staticDir);
  let port = 0;
  const expectedHost = () => `${HOST}:${port}`;
  const expectedOrigin = () => `http://${HOST}:${port}`;

  const server: Server = createServer((req, res) => {
    void serveStatic(req, res);
  });

  async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== expectedHost()) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden: wrong Host header.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', expectedOrigin()).pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request path.\n');
      return;
    }
    const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
    const file = path.resolve(staticRoot, relative);
    if (!file.startsWith(staticRoot + path.sep)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await fs.readFile(file);
      res.writeHead(200, {
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const clients = new Set<WebSocket>();

  function refuse(socket: Duplex, status: number, reason: string): void {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length + 1}\r\n\r\n${reason}\n`);
  }

  server.on('upgrade', (req, socket, head) => {
    // A reset or broken connection before the handshake completes is that connection's problem only.
    socket.on('error', () => socket.destroy());
    if (req.headers.host !== expectedHost()) return refuse(socket, 403, 'Forbidden: wrong Host header');
    if (req.headers.origin !== expectedOrigin()) return refuse(socket, 403, 'Forbidden: foreign Origin');
    // A target that is not a URL ("http://[") must be refused here: a throw in this listener
    // is uncaught and would end browser mode for anyone who can reach the port, token or not.
    let url: URL;
    try {
      url = new URL(req.url ?? '/', expectedOrigin());
    } catch {
      return refuse(socket, 400, 'Bad request target');
    }
    if (url.pathname !== '/bridge') return refuse(socket, 404, 'Not found');
    const given = url.searchParams.get('token') ?? '';
    if (!given || !sameSecret(given, token)) return refuse(socket, 401, 'Unauthorized: missing or wrong token');
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      // ws reports a malformed frame (over maxPayload, invalid UTF-8, RSV bits, an unmasked or
      // unknown frame) as an 'error' event; with no listener that event throws and ends the
      // process, the demo server with it. It closes this socket only (ws has already sent the
      // close code: 1009, 1007, 1002…); every other client carries on.
      ws.on('error', () => {
        clients.delete(ws);
        ws.terminate();
      });
      ws.on('close', () => clients.delete(ws));
      ws.on('message', (data, isBinary) => {
        handleMessage(ws, isBinary ? undefined : data.toString()).catch(() => ws.terminate());
      });
    });
  });

  /** Sends text to one socket; a socket that fails to take it is closed, never the process. */
  function sendTo(ws: WebSocket, text: string): void {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(text, (error) => {
      if (error) ws.terminate();
    });
  }

  async function handleMessage(ws: WebSocket, raw: string | undefined): Promise<void> {
    const parsed = parseBridgeRequest(raw ?? '');
    if (!parsed.ok) {
      sendTo(ws, answerText({ id: parsed.id ?? -1, ok: false, error: parsed.error } satisfies BridgeResponse, 'page'));
      return;
    }
    const envelope = await options.inspector.call(parsed.request.method, parsed.request.params);
    sendTo(ws, answerText({ id: parsed.request.id, ...envelope } satisfies BridgeResponse, 'page'));
  }

  const unsubscribe = options.inspector.subscribe((event, payload) => {
    if (clients.size === 0) return;
    const text = safeStringify({ event, payload } satisfies BridgeEvent);
    // An event that cannot be serialised is dropped (the page refetches on the next one); the process lives.
    if (!text.ok) return;
    for (const ws of clients) sendTo(ws, text.text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://${HOST}:${port}/`;
  return {
    url,
    pageUrl: `${url}#token=${token}`,
    token,
    port,
    close: async () => {
      unsubscribe();
      for (const ws of clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
