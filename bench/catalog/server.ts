// The synthetic catalog server: the official SDK's server side (a SkillSource
// behind SkillsExtension) over stdio or Streamable HTTP on 127.0.0.1.
//   node catalog-server.mjs --skills 10000 --files 5 [--transport stdio|http] [--port 0] [--page-size 100]
// Over HTTP it prints one JSON line with its URL once listening.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { SkillsExtension, type SkillSource } from '@modelcontextprotocol/server/ext/skills';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { localhostHostValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { SyntheticCatalog, locate, type CatalogShape } from './content.js';

export function catalogSource(catalog: SyntheticCatalog, pageSize: number): SkillSource {
  const { skills } = catalog.shape;
  return {
    async list({ cursor }) {
      // The cursor is the index of the page's first skill, made opaque enough that clients treat it so.
      const start = cursor === undefined ? 0 : Number.parseInt(Buffer.from(cursor, 'base64url').toString('latin1').replace(/^at:/, ''), 10);
      if (!Number.isInteger(start) || start < 0 || start > skills) throw new Error(`Invalid cursor ${JSON.stringify(cursor)}.`);
      const end = Math.min(skills, start + pageSize);
      const page = [];
      for (let i = start; i < end; i++) page.push(catalog.skill(i));
      return { skills: page.map(toSkill), ...(end < skills ? { nextCursor: Buffer.from(`at:${end}`, 'latin1').toString('base64url') } : {}) };
    },
    async get(uri) {
      const at = locate(uri, catalog.shape);
      return at && at.k === 0 ? toSkill(catalog.skill(at.i)) : undefined;
    },
    async read(uri) {
      return catalog.read(uri);
    },
  };
}

function toSkill(entry: ReturnType<SyntheticCatalog['skill']>) {
  return { uri: entry.uri, frontmatter: { ...entry.frontmatter }, resources: entry.resources.map((r) => ({ ...r })) };
}

function factory(extension: SkillsExtension): () => McpServer {
  return () => {
    const server = new McpServer({ name: 'synthetic-skill-catalog', version: '1.0.0' });
    extension.attach(server);
    return server;
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      skills: { type: 'string', default: '1000' },
      files: { type: 'string', default: '5' },
      transport: { type: 'string', default: 'stdio' },
      port: { type: 'string', default: '0' },
      'page-size': { type: 'string', default: '100' },
    },
  });
  const shape: CatalogShape = { skills: Number(values.skills), filesPerSkill: Number(values.files) };
  const pageSize = Number(values['page-size']);
  if (!Number.isInteger(shape.skills) || shape.skills < 1 || !Number.isInteger(shape.filesPerSkill) || shape.filesPerSkill < 1 || !Number.isInteger(pageSize) || pageSize < 1) {
    process.stderr.write('catalog-server: --skills, --files and --page-size must be positive integers.\n');
    process.exit(2);
  }
  const extension = new SkillsExtension({
    source: catalogSource(new SyntheticCatalog(shape), pageSize),
    cacheHint: { ttlMs: 300_000, cacheScope: 'public' },
  });
  if (values.transport === 'stdio') {
    serveStdio(factory(extension));
    return;
  }
  if (values.transport !== 'http') {
    process.stderr.write(`catalog-server: --transport must be stdio or http, got "${values.transport}".\n`);
    process.exit(2);
  }
  const handler = toNodeHandler(createMcpHandler(factory(extension)));
  const validHost = localhostHostValidation();
  const server = createServer((req, res) => {
    if (!validHost(req, res)) return;
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404).end();
      return;
    }
    void handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(values.port), '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/mcp` })}\n`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

await main();
