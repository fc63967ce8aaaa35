// The embedded sample skills server: the official SDK's server side serving
// the skills in assets/demo-skills over stdio or Streamable HTTP, both eras,
// with `resources/directory/read`.
import { createServer, type Server } from 'node:http';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { loadSkills } from '@modelcontextprotocol/server/ext/skills/node';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import type { SkillCatalog } from '@modelcontextprotocol/server/ext/skills';
import { demoSkillsDir } from './demo-paths.js';

export const DEMO_INSTRUCTIONS =
  'Sample skills for Skill Inspector. Start with skill://hello-world/SKILL.md; ' +
  'release notes are drafted by skill://release-notes/SKILL.md.';

export async function loadDemoCatalog(dir = demoSkillsDir()): Promise<SkillCatalog> {
  // Warnings go to stderr, where the inspector's protocol log shows them.
  return loadSkills(dir, { cacheHint: { ttlMs: 60_000, cacheScope: 'public' }, onWarning: (w) => process.stderr.write(`${w.path}: ${w.message}\n`) });
}

function factory(catalog: SkillCatalog): () => McpServer {
  return () => {
    const server = new McpServer({ name: 'skill-inspector-samples', version: '1.0.0' }, { instructions: DEMO_INSTRUCTIONS });
    catalog.attach(server);
    return server;
  };
}

export async function serveDemoStdio(dir?: string): Promise<void> {
  const catalog = await loadDemoCatalog(dir);
  serveStdio(factory(catalog));
}

/** Serves on 127.0.0.1 only, at `/mcp`. Resolves with the bound port. */
export async function serveDemoHttp(port: number, dir?: string): Promise<{ server: Server; port: number; url: string }> {
  const catalog = await loadDemoCatalog(dir);
  const handler = toNodeHandler(createMcpHandler(factory(catalog)));
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
