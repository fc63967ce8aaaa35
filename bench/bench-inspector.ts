// The Inspector a measured run drives, in its own process: the real
// composition root (createInspector, as browser mode and the app build it) on
// a fresh data folder, with an empty home so no local skill folder of this
// machine's user takes part, and the review pool's worker bundled beside the run.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInspector, type Inspector } from '../electron/inspector.js';

export interface BenchInspector {
  readonly inspector: Inspector;
  readonly dataDir: string;
  /** Closes the Inspector and removes its folders. */
  close(): Promise<void>;
}

/**
 * `name` names the temp folders (si-bench-<name>-…); `worker` is the review
 * worker's bundle, which the run's entry locates (beside itself: this module
 * may be bundled into a chunk elsewhere).
 */
export async function openBenchInspector(name: string, worker: string): Promise<BenchInspector> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `si-bench-${name}-`));
  const homeDir = mkdtempSync(path.join(os.tmpdir(), 'si-bench-home-'));
  const inspector = await createInspector({
    dataDir,
    mode: 'browser',
    appVersion: '0.0.0-bench',
    demoTransport: () => ({ kind: 'stdio', command: process.execPath, args: [], env: {} }),
    seedDemo: false,
    autoConnect: false,
    homeDir,
    projectDirs: [],
    reviewWorker: worker,
  });
  return {
    inspector,
    dataDir,
    close: async () => {
      await inspector.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(homeDir, { recursive: true, force: true });
    },
  };
}
