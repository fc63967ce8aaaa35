// A TypeScript entry bundled with Vite (the app's own build tool) into one
// .mjs that a real child process runs: the child runs the app's code
// unchanged, imports and all, with no TypeScript loader.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { ROOT } from './paths.js';

/** Bundles `entry` to a new temp folder; resolves with the .mjs to run and the folder (to remove when done). */
export async function bundleForChild(entry: string, name: string): Promise<{ file: string; outDir: string }> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), `si-${name}-`));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    ssr: { noExternal: true },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: `${name}.mjs` } },
    },
  });
  return { file: path.join(outDir, `${name}.mjs`), outDir };
}
