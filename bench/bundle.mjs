// Bundles the bench's TypeScript entries (and the engine code they import)
// into plain ESM that this Node runs, with npm packages left external.
import path from 'node:path';
import { build } from 'rolldown';

export const ROOT = path.resolve(import.meta.dirname, '..');
// Beside the build it measures when SI_OUT_DIR names one, so parallel work trees' benches do not share a bundle.
export const BENCH_OUT = process.env['SI_OUT_DIR'] ? path.join(ROOT, process.env['SI_OUT_DIR'], 'bench') : path.join(ROOT, 'out-bench');

export const ENTRIES = {
  'catalog-server': 'bench/catalog/server.ts',
  'engine-run': 'bench/engine-run.ts',
  'floor-run': 'bench/floor-run.ts',
  main: 'bench/main.ts',
  'review-run': 'bench/review-run.ts',
  // Many servers connecting in the app, and its bare-SDK floor.
  'connect-run': 'bench/connect-run.ts',
  'connect-floor-run': 'bench/connect-floor-run.ts',
  // The review pool's worker, bundled beside review-run (which loads it from there).
  'review-worker': 'electron/review/review-worker.ts',
};

/** Builds the named entries (all by default) into BENCH_OUT/<name>.mjs (or `outDir`); returns their paths. */
export async function bundleBench(names = Object.keys(ENTRIES), outDir = BENCH_OUT) {
  const input = Object.fromEntries(names.map((name) => [name, path.join(ROOT, ENTRIES[name])]));
  await build({
    input,
    cwd: ROOT,
    platform: 'node',
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
    output: { dir: outDir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs', sourcemap: true },
    logLevel: 'warn',
  });
  return Object.fromEntries(names.map((name) => [name, path.join(outDir, `${name}.mjs`)]));
}
