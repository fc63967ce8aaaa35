// How hosts reach the gateway: stdio (the host starts `skill-inspector
// gateway`), or Streamable HTTP on 127.0.0.1 only. Over HTTP every request
// needs the bearer token, and Host and Origin are checked as the app's bridge
// checks them (electron/web/bridge-server.ts): the Host must name the loopback
// address the gateway listens on, and a request from a web page (one with an
// Origin) is refused unless that page is the gateway's own origin — a page
// in the user's browser must not read the user's approved skills (the local-
// proxy class of CVE-2025-49596).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { Gateway } from './gateway.js';

const HOST = '127.0.0.1';

export function serveGatewayStdio(gateway: Gateway): StdioServerHandle {
  return serveStdio(() => gateway.createServer());
}

export interface GatewayHttp {
  readonly server: Server;
  readonly port: number;
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

export function newGatewayToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(`${message}\n`);
}

/** Serves the gateway at http://127.0.0.1:<port>/mcp; `port` 0 picks a free one. */
/** `paused`: while it says so, every request is refused with 503 and nothing is served (the gateway view's switch). */
export async function serveGatewayHttp(gateway: Gateway, options: { port: number; token: string; paused?: () => boolean }): Promise<GatewayHttp> {
  if (options.token.length < 16) throw new Error('The gateway token must be at least 16 characters.');
  const handler = createMcpHandler(() => gateway.createServer());
  const node = toNodeHandler(handler);
  // Servers built per request are closed by the time the set changes: publish on the handler (the SDK's advice).
  gateway.onChange(() => handler.notify.resourcesChanged());
  let port = options.port;
  const allowedHosts = () => new Set([`${HOST}:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://${HOST}:${port}`, `http://localhost:${port}`]);
  const check = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!allowedHosts().has(req.headers.host ?? '')) {
      refuse(res, 403, 'Forbidden: wrong Host header.');
      return false;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) {
      refuse(res, 403, 'Forbidden: foreign Origin.');
      return false;
    }
    const auth = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (!match?.[1] || !sameSecret(match[1], options.token)) {
      refuse(res, 401, 'Unauthorized: this gateway needs "Authorization: Bearer <token>".', { 'www-authenticate': 'Bearer realm="skill-inspector-gateway"' });
      return false;
    }
    return true;
  };
  const server = createServer((req, res) => {
    if (!check(req, res)) return;
    if (options.paused?.()) {
      refuse(res, 503, 'Service unavailable: the Skill Inspector gateway is paused. Resume it in the app\'s Gateway view.', { 'retry-after': '30' });
      return;
    }
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/mcp') {
      refuse(res, 404, 'Not found: the MCP endpoint is /mcp');
      return;
    }
    void node(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    port,
    url: `http://${HOST}:${port}/mcp`,
    token: options.token,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
