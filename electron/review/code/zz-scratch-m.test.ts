import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { textSources, prepareFiles } from '../rules/sources.js';
import { analyzeCode } from './analyze.js';
import { loadGrammars } from './grammars.js';

it('dump', async () => {
  const g = await loadGrammars();
  const files = (process.env.DUMP ?? '').split(',').filter(Boolean);
  const input = { serverId: 's', skillUri: 'skill://t/SKILL.md', files: files.map((p) => ({ uri: `skill://t/${p.split('/').pop()}`, path: p.split('/').pop()!, bytes: readFileSync(p) })), listedFileCount: files.length };
  const prepared = prepareFiles(input as never);
  const a = analyzeCode(textSources(prepared) as never, g);
  for (const s of a.snippets) console.log(s.snippet.source.path, s.snippet.language, JSON.stringify(s.facts, (k, v) => (v instanceof Map ? Object.fromEntries(v) : k === 'offsets' ? undefined : v), 1));
});
