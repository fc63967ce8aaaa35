// Watch (the server developer's loop): which servers are watched, and each
// one's recent runs as the main process pushes them. These actions are the
// only code that calls the Watch methods; errors reach the caller.
import { create } from 'zustand';
import type { FailedWatchRun, ServerWatch, WatchRun } from '../../../shared/api-watch.js';
import { api } from '../api.js';

/** Runs kept per server while the app runs, newest first: enough to see the last few edits' effects. */
const HISTORY = 10;

interface ServerWatchState {
  /** Servers being watched now, by id. */
  watches: ReadonlyMap<string, ServerWatch>;
  /** Each server's recent runs, newest first; kept after a watch stops, until it starts again. */
  runs: ReadonlyMap<string, readonly (WatchRun | FailedWatchRun)[]>;
  load(): Promise<void>;
  apply(watch: ServerWatch): void;
  start(serverId: string, folder?: string): Promise<ServerWatch>;
  stop(serverId: string): Promise<void>;
}

export const useServerWatches = create<ServerWatchState>((set, get) => ({
  watches: new Map(),
  runs: new Map(),
  async load() {
    for (const watch of await api.call('servers.watches', {})) get().apply(watch);
  },
  apply(watch) {
    const watches = new Map(get().watches);
    if (watch.watching) watches.set(watch.serverId, watch);
    else watches.delete(watch.serverId);
    const runs = new Map(get().runs);
    const kept = runs.get(watch.serverId) ?? [];
    // A run is pushed when it starts (the last one again) and when it ends: each run is kept once.
    if (watch.last && kept[0]?.run !== watch.last.run) runs.set(watch.serverId, [watch.last, ...kept].slice(0, HISTORY));
    else if (watch.last) runs.set(watch.serverId, [watch.last, ...kept.slice(1)]);
    set({ watches, runs });
  },
  async start(serverId, folder) {
    // A new watch starts its own history: run 1 of it is not run 1 of the last one.
    const runs = new Map(get().runs);
    runs.delete(serverId);
    set({ runs });
    const watch = await api.call('servers.watch', { serverId, ...(folder !== undefined ? { folder } : {}) });
    get().apply(watch);
    return watch;
  },
  async stop(serverId) {
    await api.call('servers.stopWatching', { serverId });
    const watches = new Map(get().watches);
    watches.delete(serverId);
    set({ watches });
  },
}));
