// The HTTP transport's fetch keeps the start of an error answer (or of a page
// that is not MCP) as evidence for the diagnostic. A hostile server can make
// that body as long as it likes: it is read up to the message cap like any
// other answer, never to its end. A real HTTP server on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cappedFetch, type HttpObservation } from './transports.js';

const CAP = 1024 * 1024;
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** Answers every request with `status` and a body of `line` that never ends (64 KiB a millisecond); counts what it sent. */
async function endlessAnswer(status: number, contentType: string): Promise<{ url: string; sent: () => number }> {
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 'Internal error. ');
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      res.write(chunk);
      sent += chunk.byteLength;
    }, 1);
    res.on('close', () => clearInterval(timer));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, sent: () => sent };
}

describe('cappedFetch: an answer kept as evidence', () => {
  for (const [status, type] of [
    [500, 'text/plain'],
    [200, 'text/html'],
  ] as const) {
    it(`${status} ${type} with a body that never ends: read up to the cap, then the answer is handed on`, async () => {
      const server = await endlessAnswer(status, type);
      const observation: HttpObservation = {};
      const fetching = cappedFetch(() => CAP, observation)(server.url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      const settled = await Promise.race([fetching.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('still reading'), 3000))]);
      expect(settled).toBe('settled');
      const response = await fetching;
      expect(response.status).toBe(status);
      expect(observation.bodyExcerpt).toMatch(/^Internal error\. Internal error\./);
      expect((await response.text()).length).toBeLessThanOrEqual(CAP);
    });
  }
});
