import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Builds go to out/ unless SI_OUT_DIR says otherwise (parallel work trees share one checkout).
const out = process.env['SI_OUT_DIR'] ?? 'out';

export default defineConfig({
  main: {
    build: {
      outDir: `${out}/main`,
      sourcemap: false,
      rolldownOptions: {
        input: {
          main: resolve('electron/main.ts'),
          web: resolve('electron/web/serve.ts'),
          cli: resolve('electron/cli/index.ts'),
          // The content review worker: the review pool's threads load it beside the entry that runs them.
          'review-worker': resolve('electron/review/review-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: `${out}/preload`,
      // A sandboxed preload cannot require packages: bundle what it uses.
      externalizeDeps: false,
      sourcemap: false,
      rolldownOptions: {
        input: { preload: resolve('electron/preload.ts') },
        // Sandboxed preloads must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    build: {
      outDir: `${out}/renderer`,
      sourcemap: false,
      // electron-vite leaves the renderer unminified; minified, the window's first script is a third of the size to load and parse.
      minify: true,
      rolldownOptions: { input: resolve('renderer/index.html') },
    },
  },
});
