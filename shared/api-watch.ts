// The Watch part of the contract (the server developer's loop in the app): a
// stdio server's working folder watched; after each burst of edits the server
// is started again, listed and reviewed, and what changed since the last run
// is pushed (shared/catalog-diff.ts, the diff `skill-inspector watch` prints).
import { z } from 'zod';
import type { RunDiff } from './catalog-diff.js';

const id = z.string().min(1).max(200);

export const WATCH_PARAMS = {
  /**
   * Starts watching a stdio server's folder: `folder` (absolute), else its configured working folder.
   * The first run (connect if need be, list, review every skill) is the baseline; each burst of edits
   * after it restarts the server and runs again. Watching a server already watched starts over.
   */
  'servers.watch': z.object({ serverId: id, folder: z.string().trim().min(1).max(4096).optional() }).strict(),
  'servers.stopWatching': z.object({ serverId: id }).strict(),
  /** Every server being watched, with its last run: a window opened later shows them too. */
  'servers.watches': z.object({}).strict(),
} as const;

/** One run of a watch: what the server served after a burst of edits, against the run before. */
export interface WatchRun {
  readonly run: number;
  readonly finishedAt: string;
  /** Paths under the folder whose change caused this run, `/`-separated (none for the first run). */
  readonly changed: readonly string[];
  readonly skillCount: number;
  /** Every finding of this run by severity: listing, verification and content review. */
  readonly counts: { readonly error: number; readonly warning: number; readonly info: number };
  /** Since the last run that finished (for the first run: everything it saw). Each list holds at most WATCH_DIFF_CAP items. */
  readonly diff: RunDiff;
  /** Items the caps left out of `diff`, all lists together. */
  readonly omitted: number;
  /** Skills whose review could not run this time (their findings are missing from the diff). */
  readonly notReviewed: readonly { readonly skillUri: string; readonly error: string }[];
}

/** A run that could not finish (the server did not start again): the last good run stays the baseline. */
export interface FailedWatchRun {
  readonly run: number;
  readonly finishedAt: string;
  readonly changed: readonly string[];
  readonly error: string;
}

export const WATCH_DIFF_CAP = 200;

/** A watched server as the window shows it. */
export interface ServerWatch {
  readonly serverId: string;
  /** The absolute folder watched. */
  readonly folder: string;
  /** false once stopped (pushed once, then the server is no longer listed by servers.watches). */
  readonly watching: boolean;
  /** A run is under way: the server restarting, listing or being reviewed. */
  readonly running: boolean;
  /** How many times the watch started the server again. */
  readonly restarts: number;
  /** The last run, finished or failed. */
  readonly last?: WatchRun | FailedWatchRun;
}

export interface WatchResults {
  'servers.watch': ServerWatch;
  'servers.stopWatching': { readonly stopped: boolean };
  'servers.watches': readonly ServerWatch[];
}

export interface WatchEvents {
  /** A watch started, began or finished a run, or stopped. */
  'servers.watchChanged': ServerWatch;
}

export const WATCH_EVENT_NAMES: { readonly [E in keyof WatchEvents]: true } = {
  'servers.watchChanged': true,
};

export function isFailedRun(run: WatchRun | FailedWatchRun): run is FailedWatchRun {
  return 'error' in run;
}
