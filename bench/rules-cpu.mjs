// Bundles bench/rules-cpu.ts (and the rules it runs) as the bench does, then runs it in this process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, process.env['SI_OUT_DIR'] ?? 'out-bench', 'rules-cpu');
await build({
  input: { 'rules-cpu': path.join(root, 'bench/rules-cpu.ts') },
  cwd: root,
  platform: 'node',
  external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
  output: { dir: outDir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs', sourcemap: true },
  logLevel: 'warn',
});
await import(pathToFileURL(path.join(outDir, 'rules-cpu.mjs')).href);
