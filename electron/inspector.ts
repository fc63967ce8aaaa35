// The composition root: builds every feature and binds the contract's methods
// to them. Plain Node — Electron, browser mode, the CLI and the tests all call
// createInspector() and get the same handlers.
import path from 'node:path';
import type { AppAlert, EventName, Events } from '../shared/api.js';
import type { ServerConfig, ServerView, TransportConfig } from '../shared/model.js';
import { ApiFailure } from './api-failure.js';
import { ConnectionPool } from './connections/pool.js';
import { dispatch, type Handlers } from './dispatch.js';
import { EventBus, type EventListener } from './event-bus.js';
import { ServerCatalog } from './servers/catalog.js';
import { FolderWatches } from './skills/folder-watch.js';
import { sourceLimitsOf } from './skills/source-folder.js';
import { createSkillHandlers } from './skills/skill-handlers.js';
import { createWatchFeature } from './servers/server-watch-handlers.js';
import { createServerHandlers } from './servers/server-handlers.js';
import { eachAtMost } from '../shared/at-most.js';
import { appLimitNamer } from '../shared/limits.js';
import { SettingsStore } from './settings-store.js';
import { SkillsEngine } from './skills/engine.js';
import { ListingRefresher } from './skills/listing-refresh.js';
import { NoticeRelister } from './skills/relist-on-notice.js';
import { LISTING_AGAIN_TTL, withCause } from './connections/request-cause.js';
import { createApprovalHandlers } from './approvals/handlers.js';
import { createReviewHandlers } from './review/handlers.js';
import { createGatewayHandlers } from './gateway/handlers.js';
import { createTeamHandlers } from './team/team-handlers.js';
import { gatewayLaunchFor } from './gateway/host-config/gateway-entry.js';
import { createReviewer, reviewOrReport } from './review/review-pool.js';
import type { FeatureDeps } from './feature-deps.js';
import type { StoreProblem } from './storage/json-store.js';
import { lockDataDir, type InstanceLock } from './storage/instance-lock.js';
import { makeDataDir } from './data-dir.js';
import { RULESET } from '../shared/ruleset.js';
import { openSecretStores } from './secrets/open-secret-stores.js';
import type { SafeStorageLike } from './secrets/safe-storage-store.js';
import { redactValue } from './secrets/redact.js';
import { AppOAuth } from './oauth/app-oauth.js';
import type { SearchPath } from './connections/search-path.js';

/** How many saved servers connect together when the app starts. */
export const LAUNCH_CONNECTS_AT_ONCE = 3;

/** Results that carry connection states or the protocol log, where a server's words (and an echoed token) appear. */
const REDACTED_RESULTS = new Set(['servers.list', 'servers.connect', 'servers.reconnect', 'servers.disconnect', 'servers.test', 'log.get', 'log.export', 'log.replay']);

export interface InspectorOptions {
  readonly dataDir: string;
  readonly mode: 'electron' | 'browser';
  readonly appVersion: string;
  /** How to start the bundled demo server on this runtime. */
  readonly demoTransport: () => TransportConfig;
  /** Opens a checked http(s) URL in the OS browser; browser mode has none. */
  readonly openExternal?: (url: string) => Promise<void>;
  /** Put the sample server in an empty catalog (the app does; tests may not). */
  readonly seedDemo?: boolean;
  /** Connect every server in the catalog at start. */
  readonly autoConnect?: boolean;
  readonly settingsOverrides?: Partial<import('../shared/model.js').Settings>;
  /** Where local skill folders are looked for (default: the user's home, no project); tests pass temp folders. */
  readonly homeDir?: string;
  readonly projectDirs?: readonly string[];
  /**
   * The built review worker (review-worker.js beside the running bundle): the
   * app and browser mode pass it, and every content review runs in its pool.
   * Tests from source may pass the built one (test/support/paths.ts); without
   * it, reviews run in-process through the same function (review/review-pool.ts).
   */
  readonly reviewWorker?: string;
  /** Electron's safeStorage (main.ts); elsewhere secrets go to the OS keychain or the encrypted file (electron/secrets/). */
  readonly safeStorage?: SafeStorageLike;
  /** Run the in-app gateway on 127.0.0.1 (default true). */
  readonly inAppGateway?: boolean;
  /** The PATH stdio servers are looked up on: the login shell's for the desktop app (main.ts, connections/search-path.ts). */
  readonly searchPath?: () => Promise<SearchPath>;
}

export interface Inspector {
  readonly handlers: Handlers;
  call(method: unknown, params: unknown): ReturnType<typeof dispatch>;
  subscribe(listener: EventListener): () => void;
  /** Problems found while loading stores (a damaged file recovered from its backup, say). */
  readonly startupProblems: readonly StoreProblem[];
  readonly engine: SkillsEngine;
  readonly pool: ConnectionPool;
  readonly catalog: ServerCatalog;
  close(): Promise<void>;
}

export async function createInspector(options: InspectorOptions): Promise<Inspector> {
  // A folder that cannot be made stops the start with words (which, why, what to do), not Node's error (data-dir.ts).
  await makeDataDir(options.dataDir, { choosable: options.mode !== 'electron' });
  // One writer per data folder: a second instance fails here, naming the one that holds it (storage/instance-lock.ts).
  const instanceLock = await lockDataDir(options.dataDir, { kind: options.mode === 'electron' ? 'app' : 'browser mode', appVersion: options.appVersion });
  try {
    return await buildInspector(options, instanceLock);
  } catch (error) {
    await instanceLock.release();
    throw error;
  }
}

async function buildInspector(options: InspectorOptions, instanceLock: InstanceLock): Promise<Inspector> {
  const bus = new EventBus();
  const alerts: AppAlert[] = [];
  const emit = <E extends EventName>(event: E, payload: Events[E]) => {
    // Kept, not only pushed: the window that must show a startup alert opens after it was raised.
    if (event === 'app.alert') {
      alerts.push(payload as AppAlert);
      if (alerts.length > 50) alerts.shift();
    }
    bus.emit(event, payload);
  };
  const settings = new SettingsStore(options.dataDir, options.settingsOverrides);
  const catalog = new ServerCatalog(options.dataDir, await openSecretStores({ dataDir: options.dataDir, ...(options.safeStorage ? { safeStorage: options.safeStorage } : {}) }));
  // No secret leaves in the log, an export, a diagnostic or an error message (a server may echo a token back).
  const redact = <T>(value: T): T => redactValue(value, [...catalog.secrets.known(), ...oauth.known()]);
  const problems = [await settings.load(), await catalog.load({ seedDemo: options.seedDemo ?? true })].filter((p): p is StoreProblem => Boolean(p));
  // OAuth sign-in (electron/oauth/): tokens in the secret store, the page opened by openExternal or by the window.
  const oauth = new AppOAuth({
    catalog,
    emit,
    dataDir: options.dataDir,
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
    onChange: () => emitServers(),
    note: (serverId, text) => pool.find(serverId)?.log.note(text),
    redact,
  });
  await oauth.load();

  const engine = new SkillsEngine(() => settings.get(), {
    listed: (serverId, entries, replace, done) => {
      emit('skills.listed', { serverId, entries, replace, done });
      if (done) emitServers();
    },
    updated: (entries) => emit('skills.updated', { entries }),
    job: (job) => emit('job.progress', job),
  });

  // A stale listing is fetched again by itself, so a changed skill loses its approval without a click. Its timer was
  // set inside the listing before (Connect, Refresh…) and would say that listing's cause: it says its own.
  const refresher = new ListingRefresher({
    refresh: async (serverId) => withCause(LISTING_AGAIN_TTL, async () => refreshSkills(catalog.get(serverId))),
    minIntervalMs: () => settings.get().minListingRefreshMs,
  });

  // A server that says its listing changed is listed again, through Refresh's path (approvals revoked on change).
  const relister = new NoticeRelister({
    relist: async (serverId) => withCause('Server notification (list changed)', async () => refreshSkills(catalog.get(serverId))),
  });

  const pool = new ConnectionPool({
    settings: () => settings.get(),
    resolveTransport: (server) => (server.builtin === 'demo' ? options.demoTransport() : catalog.resolveTransport(server)),
    clientInfo: { name: 'skill-inspector', version: options.appVersion },
    ...(options.searchPath ? { searchPath: options.searchPath } : {}),
    oauth: (server, transport) => oauth.transportAuth(server, transport),
    onLog: (serverId, entries) => emit('log.appended', redact({ serverId, entries })),
    onNotice: (serverId, notice) => {
      if (notice.kind === 'updated') pool.find(serverId)?.log.note(`The server says ${notice.uri} changed (notifications/resources/updated); listing again.`);
      relister.notice(serverId);
    },
    onSnapshot: (snapshot, previous) => {
      emit('connection.changed', redact(snapshot));
      emitServers();
      if (snapshot.status !== 'connected') refresher.cancel(snapshot.serverId);
      if (snapshot.status !== 'connected') relister.cancel(snapshot.serverId);
      if (snapshot.status === 'connected' && previous?.status !== 'connected') {
        // Connecting lists skills and nothing more: no file is read until the user asks.
        const server = catalog.list().find((s) => s.id === snapshot.serverId);
        if (server) void refreshSkills(server).catch(() => undefined);
      }
    },
  });

  // Compare with a folder: after an edit a stdio server is restarted, so it serves the folder as it is now, then listed again.
  const folderWatches = new FolderWatches({
    list: (serverId) => engine.list(serverId),
    verify: async (serverId, skillUris) => {
      // A skill that cannot be read leaves its files unread: the comparison says their bytes are unknown.
      for (const skillUri of skillUris) await engine.verifySkill(rpcFor(serverId), skillUri).catch(() => undefined);
    },
    reload: async (serverId) => {
      const server = catalog.get(serverId);
      if (server.transport.kind === 'stdio') {
        const snapshot = await pool.for(server).reconnect();
        if (snapshot.status !== 'connected') throw new Error(`"${server.label}" did not start again: ${snapshot.error?.title ?? snapshot.status}.`);
      }
      await refreshSkills(server);
    },
    compared: (result) => emit('source.compared', redact(result)),
    limits: () => sourceLimitsOf(settings.get(), appLimitNamer),
  });
  catalog.onRemove(async (server) => {
    // Each step runs even when one before it fails: a sign-in the keychain would not delete is named, not skipped.
    const left: string[] = [];
    const attempt = async (step: () => Promise<unknown>, what: string) => {
      await step().catch((error: unknown) => left.push(`${what} (${error instanceof Error ? error.message : String(error)})`));
    };
    await attempt(() => folderWatches.stop(server.id), 'its folder comparison did not stop');
    await attempt(() => watch.watches.stop(server.id), 'its watch did not stop');
    refresher.cancel(server.id);
    relister.cancel(server.id);
    await attempt(() => pool.remove(server.id), 'its connection did not close');
    engine.forget(server.id);
    // Its words name the store, its reason and the id.
    await oauth.forget(server.id).catch((error: unknown) => left.push(error instanceof Error ? error.message : String(error)));
    if (left.length > 0) throw new Error(left.join('; '));
  });

  const labelOf = (serverId: string) => catalog.get(serverId).label;
  const rpcFor = (serverId: string) => pool.rpc(serverId, labelOf(serverId));

  function serverViews(): ServerView[] {
    return catalog.list().map((config) => {
      const state = engine.server(config.id);
      const worst = state.worstSeverity();
      const signIn = oauth.statusOf(config);
      return { config, connection: pool.snapshot(config.id), skillCount: state.records.size, ...(worst ? { worstSeverity: worst } : {}), ...(signIn ? { oauth: signIn } : {}) };
    });
  }
  // Said once, when a secret first sits in the fallback file (at start, or when the first one is saved): not to users with none.
  let warnedEncryptedFile = false;
  function warnIfEncryptedFile(): void {
    if (warnedEncryptedFile || !catalog.secrets.warning || !(catalog.usesEncryptedFile() || oauth.usesEncryptedFile())) return;
    warnedEncryptedFile = true;
    emit('app.alert', { level: 'warning', title: 'No keychain: secrets in an encrypted file', message: catalog.secrets.warning });
  }
  let serversTimer: NodeJS.Timeout | undefined;
  function emitServers(): void {
    warnIfEncryptedFile();
    // Coalesce bursts (many servers connecting at once) into one push.
    serversTimer ??= setTimeout(() => {
      serversTimer = undefined;
      emit('servers.changed', redact(serverViews()));
    }, 20);
  }

  async function refreshSkills(server: ServerConfig) {
    const connection = pool.find(server.id);
    if (!connection?.isConnected) throw new ApiFailure('failed', `"${server.label}" is not connected. Connect it first.`);
    const ttlMs = () => engine.server(server.id).listing?.cache?.ttlMs;
    try {
      const listed = await engine.refresh(rpcFor(server.id), connection.snapshot.capabilities);
      // Still connected: a listing that finished after a disconnect plans nothing.
      if (connection.isConnected) refresher.listed(server.id, ttlMs());
      connection.watchSkills(listed.map((entry) => entry.uri));
      return listed;
    } catch (error) {
      if (connection.isConnected) refresher.failed(server.id, ttlMs());
      throw error;
    }
  }

  const deps: FeatureDeps = {
    dataDir: options.dataDir,
    settings: () => settings.get(),
    engine,
    pool,
    catalog,
    emit,
    rpcFor,
    ...(options.homeDir !== undefined ? { homeDir: options.homeDir } : {}),
    ...(options.projectDirs !== undefined ? { projectDirs: options.projectDirs } : {}),
  };
  // Created here, ended by close(): threads start at the first review and end when idle.
  const reviewer = createReviewer(options.reviewWorker);
  const review = await createReviewHandlers(deps, reviewer);
  // Start review reads once: the approvals review hands its bytes to the content review.
  // The Changes tab's finding delta and the approve check run the same rules, in the same pool, on a version's exact bytes.
  // The in-app gateway reads approvals.json: a revocation or disable that a full disk keeps in memory reaches it from here.
  let gatewayHeldChanged = (): Promise<void> => Promise.resolve();
  const approvals = await createApprovalHandlers(deps, {
    reviewContent: review.reviewPass,
    reviewBytes: async (input, signal) => reviewOrReport(reviewer, input, [], signal ? { signal } : {}),
    onHeldInMemory: () => void gatewayHeldChanged(),
  });
  // Every view's verdict (and its Errors/Warnings counts) knows the skill's last review that still holds; a changed
  // approved skill without one, what the Changes tab's rules found in the version it serves now.
  engine.setReviewLookup((serverId, skillUri) => review.reviewCounts(serverId, skillUri) ?? approvals.changeReviewCounts(serverId, skillUri));

  // Watch (a stdio server's menu): each burst of edits of its folder restarts it, lists it and reviews every skill again.
  const watch = createWatchFeature(deps, { relist: refreshSkills, review: async (serverId, skillUri) => (await review.handlers['review.scanSkill']({ serverId, skillUri })).findings, redact });

  // A host starts the gateway the way the app starts its demo server: the same runtime and cli.js, another command.
  const gateway = await createGatewayHandlers(deps, {
    launch: () => gatewayLaunchFor(options.demoTransport(), options.dataDir),
    inApp: options.inAppGateway ?? true,
    heldInMemory: () => approvals.heldInMemory(),
  });
  gatewayHeldChanged = () => gateway.heldChanged();

  const handlers: Handlers = {
    ...approvals.handlers,
    ...gateway.handlers,
    ...review.handlers,
    ...createTeamHandlers(deps, approvals.handlers),
    ...oauth.handlers(pool),
    ...watch.handlers,
    'app.info': async () => ({ name: 'Skill Inspector', version: options.appVersion, mode: options.mode, dataDir: options.dataDir, platform: process.platform, ruleset: RULESET }),
    'app.alerts': async () => [...alerts],
    'app.openExternal': async ({ url }) => {
      if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw new ApiFailure('invalid-params', `Only http and https links can be opened; "${url.slice(0, 100)}" was refused.`);
      if (!options.openExternal) return { opened: false };
      await options.openExternal(url);
      return { opened: true };
    },

    'settings.get': async () => settings.get(),
    'settings.update': async (patch) => {
      const next = await settings.update(patch);
      pool.setLogLimits(next);
      emit('settings.changed', next);
      return next;
    },

    ...createServerHandlers({ catalog, pool, settings, oauth, options, serverViews, emitServers, redact, alert: (alert) => emit('app.alert', alert) }),

    ...createSkillHandlers({ engine, catalog, pool, folderWatches, rpcFor, refreshSkills, emitServers }),
  };

  for (const problem of problems) {
    emit('app.alert', { level: 'error', title: `${problem.unreadable ? 'Could not read' : 'Recovered'} ${path.basename(problem.file)}`, message: problem.message });
  }
  if (catalog.secretsNotice) emit('app.alert', { level: 'warning', title: 'Secrets moved out of servers.json', message: catalog.secretsNotice });
  warnIfEncryptedFile();
  if (catalog.repairNotice) emit('app.alert', { level: 'warning', title: 'Repaired servers.json', message: catalog.repairNotice });
  if (instanceLock.warning) emit('app.alert', { level: 'warning', title: 'Data folder not locked', message: instanceLock.warning });
  if (options.autoConnect) {
    // A few at a time, as Connect all does: every stdio server is a process spawned on this thread.
    void eachAtMost(catalog.list(), LAUNCH_CONNECTS_AT_ONCE, async (server) => pool.for(server).connect().then(() => undefined, () => undefined));
  }

  return {
    handlers,
    call: async (method, params) => {
      const envelope = await dispatch(handlers, method, params);
      // Errors and connection states may quote what a server said; skill bytes are shown as served.
      return !envelope.ok || (typeof method === 'string' && REDACTED_RESULTS.has(method)) ? redact(envelope) : envelope;
    },
    subscribe: (listener) => bus.subscribe(listener),
    startupProblems: problems,
    engine,
    pool,
    catalog,
    close: async () => {
      if (serversTimer) clearTimeout(serversTimer);
      refresher.close();
      relister.close();
      await folderWatches.closeAll();
      await watch.watches.closeAll();
      // A Review all still running is cancelled before its connections close: it leaves no part of a review behind.
      await review.close();
      await gateway.close();
      await pool.closeAll();
      // A listing or read that just finished may still be writing history or a revocation: nothing is lost at quit.
      await approvals.settled();
      await reviewer.close();
      await instanceLock.release();
    },
  };
}
