// A folder watched for bursts of edits (chokidar): after the last change of a
// burst has settled for `debounceMs`, one run with every path that changed.
// Runs never overlap: edits during a run make one more run after it. The
// command's `watch` and the app's Watch share this, so both restart a server
// once per burst, never once per file.
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { MAX_WATCHED_ENTRIES, assertWatchable } from './watch-bounds.js';

/** Folders no skill lives in, whose churn (a VCS, an install) should not restart anything (watch-bounds.ts IGNORED_FOLDERS). */
const IGNORED = /(^|[\\/])(\.git|node_modules)([\\/]|$)/;

export interface BurstWatchOptions {
  readonly debounceMs: number;
  /** One run; `changed` are paths under the folder, `/`-separated and sorted (empty for a run asked for by runNow). */
  readonly run: (changed: readonly string[]) => Promise<void>;
  readonly onError?: (error: unknown) => void;
  /** Files and folders the watch may take on (watch-bounds.ts); past it `ready` rejects with WatchTooLargeError and nothing is watched. */
  readonly maxEntries?: number;
}

export interface BurstWatch {
  /** Resolves once the folder's current files are known, so only later edits count; rejects (WatchTooLargeError) for a folder too large to watch. */
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

  let watcher: FSWatcher | undefined;
  const start = (): Promise<void> => {
    if (closed) return Promise.resolve();
    const w = watch(folder, { ignoreInitial: true, ignored: (p: string) => IGNORED.test(path.relative(folder, p)) });
    watcher = w;
    w.on('all', (_event, file) => {
      pending.add(path.relative(folder, file).split(path.sep).join('/') || '.');
      if (timer) clearTimeout(timer);
      timer = setTimeout(kick, options.debounceMs);
    });
    w.on('error', (error) => options.onError?.(error));
    return new Promise<void>((resolve) => w.once('ready', () => resolve()));
  };
  // Counted first: chokidar given `/` or the home folder would walk the whole disk before it is ready.
  const ready = assertWatchable(folder, options.maxEntries ?? MAX_WATCHED_ENTRIES).then(start);

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
      await watcher?.close();
    },
    settled: async () => {
      while (running) await running;
    },
  };
}
