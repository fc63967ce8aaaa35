// Watch, bound to the app: the composition root's features (the pool, the
// catalog, the engine, Refresh and Review) behind the deps server-watch.ts
// needs, and the contract's servers.watch* methods.
import type { WATCH_PARAMS } from '../../shared/api-watch.js';
import type { Finding, ServerConfig, SkillEntry } from '../../shared/model.js';
import type { Handlers } from '../dispatch.js';
import type { FeatureDeps } from '../feature-deps.js';
import { ServerWatches } from './server-watch.js';

export type WatchHandlers = Pick<Handlers, keyof typeof WATCH_PARAMS>;

export interface WatchFeature {
  readonly handlers: WatchHandlers;
  readonly watches: ServerWatches;
}

export interface WatchBindings {
  /** Refresh: lists the server again (approvals revoked on change, as always). */
  relist(server: ServerConfig): Promise<readonly SkillEntry[]>;
  /** Review of one skill (review.scanSkill): reads it, verifies it and keeps its review; its risk findings. */
  review(serverId: string, skillUri: string): Promise<readonly Finding[]>;
  /** Secrets out of what is pushed (a server may echo a token back into a finding). */
  redact<T>(value: T): T;
  readonly debounceMs?: number;
}

export function createWatchFeature(deps: FeatureDeps, bind: WatchBindings): WatchFeature {
  const { catalog, pool, engine } = deps;
  const watches = new ServerWatches({
    server: (serverId) => catalog.get(serverId),
    isConnected: (serverId) => pool.find(serverId)?.isConnected ?? false,
    connect: async (serverId) => pool.for(catalog.get(serverId)).connect(),
    reconnect: async (serverId) => pool.for(catalog.get(serverId)).reconnect(),
    relist: async (serverId) => bind.relist(catalog.get(serverId)),
    review: async (serverId, skillUri) => bind.review(serverId, skillUri),
    findings: (serverId) => engine.findings(serverId),
    skills: (serverId) => engine.list(serverId),
    concurrency: () => deps.settings().readConcurrency,
    changed: (watch) => deps.emit('servers.watchChanged', bind.redact(watch)),
    ...(bind.debounceMs !== undefined ? { debounceMs: bind.debounceMs } : {}),
  });
  const handlers: WatchHandlers = {
    'servers.watch': async ({ serverId, folder }) => bind.redact(await watches.start(serverId, folder)),
    'servers.stopWatching': async ({ serverId }) => {
      catalog.get(serverId);
      return { stopped: await watches.stop(serverId) };
    },
    'servers.watches': async () => bind.redact(watches.list()),
  };
  return { handlers, watches };
}
