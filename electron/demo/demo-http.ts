// The embedded sample skills server over Streamable HTTP (demo-server.ts has the catalog and stdio).
import { createServer, type Server } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { demoServerFactory, loadDemoCatalog } from './demo-server.js';

/** Serves on 127.0.0.1 only, at `/mcp`. Resolves with the bound port. */
export async function serveDemoHttp(port: number, dir?: string): Promise<{ server: Server; port: number; url: string }> {
  const catalog = await loadDemoCatalog(dir);
  const handler = toNodeHandler(createMcpHandler(demoServerFactory(catalog)));
  const validHost = localhostHostValidation();
  const validOrigin = localhostOriginValidation();
  const server = createServer((req, res) => {
    if (!validHost(req, res) || !validOrigin(req, res)) return;
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the MCP endpoint is /mcp\n');
      return;
    }
    void handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return { server, port: bound, url: `http://127.0.0.1:${bound}/mcp` };
}
