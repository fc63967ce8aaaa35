// The embedded sample skills server: the official SDK's server side serving
// the skills in assets/demo-skills over stdio (here) or Streamable HTTP
// (demo-http.ts, apart so a stdio server does not load the HTTP binding), both
// eras, with `resources/directory/read`.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { loadSkills } from '@modelcontextprotocol/server/ext/skills/node';
import type { SkillCatalog } from '@modelcontextprotocol/server/ext/skills';
import { demoSkillsDir } from './demo-paths.js';

export const DEMO_INSTRUCTIONS =
  'Sample skills for Skill Inspector. Start with skill://hello-world/SKILL.md; ' +
  'release notes are drafted by skill://release-notes/SKILL.md.';

export async function loadDemoCatalog(dir = demoSkillsDir()): Promise<SkillCatalog> {
  // Warnings go to stderr, where the inspector's protocol log shows them.
  return loadSkills(dir, { cacheHint: { ttlMs: 60_000, cacheScope: 'public' }, onWarning: (w) => process.stderr.write(`${w.path}: ${w.message}\n`) });
}

export function demoServerFactory(catalog: SkillCatalog): () => McpServer {
  return () => {
    const server = new McpServer({ name: 'skill-inspector-samples', version: '1.0.0' }, { instructions: DEMO_INSTRUCTIONS });
    catalog.attach(server);
    return server;
  };
}

export async function serveDemoStdio(dir?: string): Promise<void> {
  const catalog = await loadDemoCatalog(dir);
  serveStdio(demoServerFactory(catalog));
}
