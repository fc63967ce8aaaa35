// Watch, in a stdio server's menu: the server developer's loop in the app, as
// `skill-inspector watch` is on the command line. The server's working folder
// (or one the user names) is watched (skills/burst-watch.ts: chokidar,
// debounced, .git and node_modules ignored); after each burst of edits the
// server is started again, listed again and every skill reviewed (read,
// verified, the content rules run), and what changed since the last run is
// pushed: skills added, removed and changed, digests per file, findings new
// and fixed (shared/catalog-diff.ts, the command's diff). One watch per server;
// stop() and closeAll() leave no watcher behind.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { WATCH_DIFF_CAP, type FailedWatchRun, type ServerWatch, type WatchRun } from '../../shared/api-watch.js';
import { diffRuns, runState, type RunDiff, type RunState } from '../../shared/catalog-diff.js';
import type { ConnectionSnapshot, Finding, ServerConfig, SkillEntry } from '../../shared/model.js';
import { ApiFailure } from '../api-failure.js';
import { withCause } from '../connections/request-cause.js';
import { watchBursts, type BurstWatch } from '../skills/burst-watch.js';
import { WatchTooLargeError } from '../skills/watch-bounds.js';
import { forEachLimited } from '../skills/concurrency.js';

const DEBOUNCE_MS = 300;
/** What the protocol log says the watch's requests were for. */
const CAUSE = 'Watch (files changed)';

export interface ServerWatchDeps {
  /** The server's configuration; throws not-found for an id the catalog does not hold. */
  server(serverId: string): ServerConfig;
  isConnected(serverId: string): boolean;
  connect(serverId: string): Promise<ConnectionSnapshot>;
  /** Stops the server's process and starts it again. */
  reconnect(serverId: string): Promise<ConnectionSnapshot>;
  /** Lists the server's skills again (the app's Refresh). */
  relist(serverId: string): Promise<readonly SkillEntry[]>;
  /** Reads and reviews one skill (the app's Review): its content-risk findings. */
  review(serverId: string, skillUri: string): Promise<readonly Finding[]>;
  /** The server's listing and verification findings, as the engine holds them now. */
  findings(serverId: string): readonly Finding[];
  skills(serverId: string): readonly SkillEntry[];
  /** Skills reviewed at once. */
  concurrency(): number;
  changed(watch: ServerWatch): void;
  readonly debounceMs?: number;
  /** Files and folders one watch may take on (skills/watch-bounds.ts MAX_WATCHED_ENTRIES by default). */
  readonly maxWatchedEntries?: number;
}

interface Watched {
  readonly serverId: string;
  readonly folder: string;
  readonly bursts: BurstWatch;
  runs: number;
  restarts: number;
  running: boolean;
  baseline?: RunState;
  last?: WatchRun | FailedWatchRun;
}

export class ServerWatches {
  private readonly watched = new Map<string, Watched>();

  constructor(private readonly deps: ServerWatchDeps) {}

  list(): ServerWatch[] {
    return [...this.watched.values()].map((w) => this.view(w));
  }

  /** Starts watching (over again, if it was); the first run begins at once and is pushed as it ends. */
  async start(serverId: string, folder?: string): Promise<ServerWatch> {
    const server = this.deps.server(serverId);
    const dir = await watchedFolder(server, folder);
    await this.stop(serverId);
    const bursts = watchBursts(dir, {
      debounceMs: this.deps.debounceMs ?? DEBOUNCE_MS,
      run: async (changed) => this.run(w, changed),
      ...(this.deps.maxWatchedEntries !== undefined ? { maxEntries: this.deps.maxWatchedEntries } : {}),
    });
    const w: Watched = { serverId, folder: dir, bursts, runs: 0, restarts: 0, running: false };
    this.watched.set(serverId, w);
    try {
      await bursts.ready;
    } catch (error) {
      // Nothing is watched: the server is not listed as watched, and no run starts.
      if (this.watched.get(serverId) === w) this.watched.delete(serverId);
      await bursts.close();
      if (error instanceof WatchTooLargeError) throw new ApiFailure('invalid-params', `${error.message} Name the folder to watch, or set the server's working folder in Edit.`);
      throw error;
    }
    if (this.watched.get(serverId) !== w) return { ...this.view(w), watching: false };
    bursts.runNow();
    return this.view(w);
  }

  async stop(serverId: string): Promise<boolean> {
    const w = this.watched.get(serverId);
    if (!w) return false;
    this.watched.delete(serverId);
    await w.bursts.close();
    await w.bursts.settled();
    w.running = false;
    this.deps.changed({ ...this.view(w), watching: false });
    return true;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.watched.keys()].map((id) => this.stop(id)));
  }

  private view(w: Watched): ServerWatch {
    return { serverId: w.serverId, folder: w.folder, watching: this.watched.get(w.serverId) === w, running: w.running, restarts: w.restarts, ...(w.last ? { last: w.last } : {}) };
  }

  private current(w: Watched): boolean {
    return this.watched.get(w.serverId) === w;
  }

  private async run(w: Watched, changed: readonly string[]): Promise<void> {
    if (!this.current(w)) return;
    const run = ++w.runs;
    w.running = true;
    this.deps.changed(this.view(w));
    try {
      const result = await withCause(CAUSE, async () => this.runOnce(w, run, changed));
      if (!this.current(w)) return;
      w.last = result;
    } catch (error) {
      if (!this.current(w)) return;
      w.last = { run, finishedAt: new Date().toISOString(), changed: [...changed], error: error instanceof Error ? error.message : String(error) };
    }
    w.running = false;
    this.deps.changed(this.view(w));
  }

  private async runOnce(w: Watched, run: number, changed: readonly string[]): Promise<WatchRun> {
    const { serverId } = w;
    const label = this.deps.server(serverId).label;
    // The first run takes the server as it is (connecting it if need be); every later one starts it again,
    // so a server that reads its skills once at start serves the edited files.
    if (run > 1 || !this.deps.isConnected(serverId)) {
      if (run > 1) w.restarts++;
      const snapshot = run > 1 ? await this.deps.reconnect(serverId) : await this.deps.connect(serverId);
      if (snapshot.status !== 'connected') throw new Error(`"${label}" did not start${run > 1 ? ' again' : ''}: ${snapshot.error?.title ?? snapshot.status}.`);
    }
    const listed = await this.deps.relist(serverId);
    const risks = new Map<string, readonly Finding[]>();
    const notReviewed: { skillUri: string; error: string }[] = [];
    await forEachLimited(listed, this.deps.concurrency(), async (skill) => {
      if (!this.current(w)) return;
      try {
        risks.set(skill.uri, await this.deps.review(serverId, skill.uri));
      } catch (error) {
        notReviewed.push({ skillUri: skill.uri, error: error instanceof Error ? error.message : String(error) });
      }
    });
    // In listing order, whatever order the reviews finished in.
    const findings = [...this.deps.findings(serverId), ...listed.flatMap((s) => risks.get(s.uri) ?? [])];
    const skills = this.deps.skills(serverId);
    const state = runState(skills, findings);
    const { diff, omitted } = capped(diffRuns(w.baseline, state));
    w.baseline = state;
    const count = (severity: Finding['severity']) => findings.filter((f) => f.severity === severity).length;
    return {
      run,
      finishedAt: new Date().toISOString(),
      changed: [...changed],
      skillCount: skills.length,
      counts: { error: count('error'), warning: count('warning'), info: count('info') },
      diff,
      omitted,
      notReviewed: notReviewed.sort((a, b) => (a.skillUri < b.skillUri ? -1 : 1)),
    };
  }
}

/** The folder to watch: the one named, else the server's working folder; absolute and a directory. */
async function watchedFolder(server: ServerConfig, named: string | undefined): Promise<string> {
  const { transport } = server;
  if (transport.kind !== 'stdio') {
    throw new ApiFailure('invalid-params', `Watch starts a server again after each edit; "${server.label}" is reached over ${transport.kind.toUpperCase()}, not started by the app. Use Compare with a folder and its Watch for the folder it serves.`);
  }
  const folder = named ?? transport.cwd;
  if (folder === undefined || folder.trim() === '') {
    throw new ApiFailure('invalid-params', `"${server.label}" has no working folder to watch. Name the folder (where its skills are), or set a working folder in Edit.`);
  }
  if (!path.isAbsolute(folder)) throw new ApiFailure('invalid-params', `Give the folder to watch as an absolute path; "${folder}" is relative.`);
  const stat = await fs.stat(folder).catch((error: NodeJS.ErrnoException) => error);
  if (stat instanceof Error) throw new ApiFailure('invalid-params', `${folder} cannot be watched: ${stat.code === 'ENOENT' ? 'no such folder' : (stat.code ?? stat.message)}.`);
  if (!stat.isDirectory()) throw new ApiFailure('invalid-params', `${folder} cannot be watched: it is not a folder.`);
  return path.resolve(folder);
}

/** At most WATCH_DIFF_CAP items a list: a first run over a large catalog says every skill is new. */
function capped(diff: RunDiff): { diff: RunDiff; omitted: number } {
  let omitted = 0;
  const cap = <T>(list: readonly T[]): readonly T[] => {
    omitted += Math.max(0, list.length - WATCH_DIFF_CAP);
    return list.length > WATCH_DIFF_CAP ? list.slice(0, WATCH_DIFF_CAP) : list;
  };
  return {
    diff: {
      skillsAdded: cap(diff.skillsAdded),
      skillsRemoved: cap(diff.skillsRemoved),
      skillsChanged: cap(diff.skillsChanged),
      filesAdded: cap(diff.filesAdded),
      filesRemoved: cap(diff.filesRemoved),
      digestsChanged: cap(diff.digestsChanged),
      fileListsChanged: cap(diff.fileListsChanged),
      findingsNew: cap(diff.findingsNew),
      findingsFixed: cap(diff.findingsFixed),
      findingsChanged: cap(diff.findingsChanged),
    },
    omitted,
  };
}
