// The contract's servers.* and log.* methods: the Servers list (add, edit,
// duplicate, remove), connecting, Test connection, importing from a host's
// config file or pasted JSON, and each server's protocol log (export, replay,
// clear). The work is the catalog's and the pool's; these bind them to the
// contract and push the servers list when it changed.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { AppAlert } from '../../shared/api.js';
import type { ServerView, TransportConfig } from '../../shared/model.js';
import { toJsonLines } from '../../shared/log-pairs.js';
import { ApiFailure } from '../api-failure.js';
import type { ConnectionPool } from '../connections/pool.js';
import { replayRequest } from '../connections/replay.js';
import type { SearchPath } from '../connections/search-path.js';
import type { Handlers } from '../dispatch.js';
import type { AppOAuth } from '../oauth/app-oauth.js';
import type { ServerCatalog } from './catalog.js';
import { ConfigError, knownConfigFiles, parseConfigText, readConfigFile } from './config-import.js';
import { testConnection } from './test-connection.js';
import type { SettingsStore } from '../settings-store.js';

type ServerMethod =
  | 'servers.list'
  | 'servers.add'
  | 'servers.update'
  | 'servers.duplicate'
  | 'servers.remove'
  | 'servers.connect'
  | 'servers.disconnect'
  | 'servers.reconnect'
  | 'servers.test'
  | 'servers.importSources'
  | 'servers.importPreview'
  | 'servers.importApply'
  | 'log.get'
  | 'log.export'
  | 'log.replay'
  | 'log.clear';

export interface ServerHandlerDeps {
  readonly catalog: ServerCatalog;
  readonly pool: ConnectionPool;
  readonly settings: SettingsStore;
  readonly oauth: AppOAuth;
  /** What the app was started with: Test connection starts a server the way Connect does. */
  readonly options: { readonly appVersion: string; readonly demoTransport: () => TransportConfig; readonly searchPath?: () => Promise<SearchPath> };
  /** Every server with its connection, skill count, worst finding and sign-in. */
  readonly serverViews: () => ServerView[];
  /** Tells the window the servers changed (coalesced). */
  readonly emitServers: () => void;
  /** Secrets out of what is returned (a server may echo a token back into its log). */
  readonly redact: <T>(value: T) => T;
  /** Raises an alert in the window (app.alert). */
  readonly alert: (alert: AppAlert) => void;
}

export function createServerHandlers(deps: ServerHandlerDeps): Pick<Handlers, ServerMethod> {
  const { catalog, pool, settings, oauth, options, serverViews, emitServers, redact, alert } = deps;
  // An edit that replaced or removed a secret, or a save that failed after new ones were stored: what the store kept is said.
  catalog.onSecretsLeft((message) => alert({ level: 'warning', title: 'Secrets no server uses are still stored', message }));
  return {
    'servers.list': async () => serverViews(),
    'servers.add': async (input) => {
      const server = await catalog.add(input);
      emitServers();
      return server;
    },
    'servers.update': async ({ serverId, input }) => {
      const server = await catalog.update(serverId, input);
      pool.for(server);
      emitServers();
      return server;
    },
    'servers.duplicate': async ({ serverId }) => {
      const server = await catalog.duplicate(serverId);
      emitServers();
      return server;
    },
    'servers.remove': async ({ serverId }) => {
      const outcome = await catalog.remove(serverId);
      emitServers();
      // The server is gone; what a store kept (approvals, sign-in, secrets) is said, not left there without a word.
      if (outcome.dataLeft) alert({ level: 'warning', title: 'Data of a removed server is still stored', message: outcome.dataLeft });
      if (outcome.secretsLeft) alert({ level: 'warning', title: 'Secrets of a removed server are still stored', message: outcome.secretsLeft });
      return { removed: true };
    },
    'servers.connect': async ({ serverId }) => pool.for(catalog.get(serverId)).connect(),
    'servers.disconnect': async ({ serverId }) => {
      const connection = pool.find(serverId);
      catalog.get(serverId);
      return connection ? connection.disconnect() : pool.snapshot(serverId);
    },
    'servers.reconnect': async ({ serverId }) => pool.for(catalog.get(serverId)).reconnect(),
    'servers.test': async (params) => testConnection(params, { catalog, settings: () => settings.get(), clientInfo: { name: 'skill-inspector', version: options.appVersion }, demoTransport: options.demoTransport, ...(options.searchPath ? { searchPath: options.searchPath } : {}), oauth: (server, transport) => oauth.transportAuth(server, transport) }),
    'servers.importSources': async () =>
      Promise.all(
        knownConfigFiles().map(async (c) => ({
          path: c.path,
          kind: c.kind,
          exists: await fs.stat(c.path).then((s) => s.isFile(), () => false),
        })),
      ),
    'servers.importPreview': async (source) => {
      const labels = catalog.list().map((s) => s.label);
      try {
        if (source.from === 'file') {
          const text = await readConfigFile(source.path);
          const known = knownConfigFiles().find((k) => path.resolve(k.path) === path.resolve(source.path));
          return parseConfigText(text, source.path, labels, known?.kind);
        }
        return parseConfigText(source.text, source.name ?? 'pasted JSON', labels, 'pasted');
      } catch (error) {
        if (error instanceof ConfigError) throw new ApiFailure('invalid-params', error.message);
        throw error;
      }
    },
    'servers.importApply': async ({ items }) => {
      const added = await catalog.addMany(items);
      emitServers();
      return added;
    },

    'log.get': async ({ serverId }) => redact(pool.for(catalog.get(serverId)).log.list()),
    'log.export': async ({ serverId, format }) => {
      const server = catalog.get(serverId);
      const safe = server.label.replace(/[^a-z0-9-_]+/gi, '-').replace(/^-|-$/g, '') || 'server';
      const log = pool.for(server).log;
      if (format === 'jsonl') return { json: redact(toJsonLines(log.list())), fileName: `protocol-log-${safe}.jsonl` };
      return { json: redact(log.export(server.label)), fileName: `protocol-log-${safe}.json` };
    },
    'log.replay': async ({ serverId, method, params }) => replayRequest(pool.for(catalog.get(serverId)), method, params),
    'log.clear': async ({ serverId }) => {
      pool.for(catalog.get(serverId)).log.clear();
      return { cleared: true };
    },
  };
}
