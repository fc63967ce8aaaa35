// A folder watched for bursts of edits (chokidar): after the last change of a
// burst has settled for `debounceMs`, one run with every path that changed.
// Runs never overlap: edits during a run make one more run after it. The
// command's `watch` and the app's Watch share this, so both restart a server
// once per burst, never once per file.
import path from 'node:path';
import { watch } from 'chokidar';

/** Folders no skill lives in, whose churn (a VCS, an install) should not restart anything. */
const IGNORED = /(^|[\\/])(\.git|node_modules)([\\/]|$)/;

export interface BurstWatchOptions {
  readonly debounceMs: number;
  /** One run; `changed` are paths under the folder, `/`-separated and sorted (empty for a run asked for by runNow). */
  readonly run: (changed: readonly string[]) => Promise<void>;
  readonly onError?: (error: unknown) => void;
}

export interface BurstWatch {
  /** Resolves once the folder's current files are known, so only later edits count. */
  readonly ready: Promise<void>;
  /** A run now (the first run of a watch), or after the one under way. */
  runNow(): void;
  /** No more runs: the pending burst is dropped and the watcher closed. A run under way goes on; see settled(). */
  close(): Promise<void>;
  /** Resolves when no run is under way. */
  settled(): Promise<void>;
}

export function watchBursts(folder: string, options: BurstWatchOptions): BurstWatch {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const kick = (): void => {
    timer = undefined;
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    const changed = [...pending].sort();
    pending.clear();
    running = options
      .run(changed)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  };

  const watcher = watch(folder, { ignoreInitial: true, ignored: (p: string) => IGNORED.test(path.relative(folder, p)) });
  watcher.on('all', (_event, file) => {
    pending.add(path.relative(folder, file).split(path.sep).join('/') || '.');
    if (timer) clearTimeout(timer);
    timer = setTimeout(kick, options.debounceMs);
  });
  watcher.on('error', (error) => options.onError?.(error));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    ready,
    runNow: () => {
      if (timer) clearTimeout(timer);
      kick();
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await watcher.close();
    },
    settled: async () => {
      while (running) await running;
    },
  };
}
