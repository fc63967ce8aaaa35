// How much a watch may take on. chokidar watches every file and folder under
// the folder it is given, following symbolic links: a server started in `/` or
// the home folder (the command run there without --cwd or --source, a working
// folder left at ~) had it walk the whole disk, taking an inotify watch per
// folder until the system's limit and memory per file, and every change
// anywhere (a browser's cache, a download) started the server again. Before a
// watch starts, the tree is counted, up to the limit, the way chokidar will
// walk it; past the limit the watch is refused, naming the folder and why.
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Files and folders one watch takes on, .git and node_modules not counted. A server's project holds far fewer. */
export const MAX_WATCHED_ENTRIES = 20_000;

/** Folders no skill lives in, whose churn (a VCS, an install) should not restart anything; neither watched nor counted. */
export const IGNORED_FOLDERS = new Set(['.git', 'node_modules']);

export class WatchTooLargeError extends Error {
  override readonly name = 'WatchTooLargeError';
}

/**
 * Counts the entries under `folder` as chokidar walks them (symbolic links to
 * folders followed, each folder once), stopping at `limit`; throws
 * WatchTooLargeError once there are more. Folders that cannot be read are
 * skipped, as chokidar skips them.
 */
export async function assertWatchable(folder: string, limit: number = MAX_WATCHED_ENTRIES): Promise<void> {
  const seen = new Set<string>();
  const queue = [folder];
  let count = 0;
  while (queue.length > 0) {
    const dir = queue.shift()!;
    const stat = await fs.stat(dir).catch(() => undefined);
    if (!stat?.isDirectory()) continue;
    const key = `${stat.dev}:${stat.ino}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const handle = await fs.opendir(dir).catch(() => undefined);
    if (!handle) continue;
    for await (const entry of handle) {
      if (IGNORED_FOLDERS.has(entry.name)) continue;
      count += 1;
      if (count > limit) {
        // The loop ends early; `for await` closes the handle.
        throw new WatchTooLargeError(
          `${folder} holds more than ${limit} files and folders (not counting .git and node_modules), too many to watch: every change anywhere under it would start the run again, and watching them all takes a system watch per folder. Watch the folder that holds the skills instead.`,
        );
      }
      if (entry.isDirectory() || entry.isSymbolicLink()) queue.push(path.join(dir, entry.name));
    }
  }
}
