// The contract's skills.* methods: listing, loading by URI, the files tree, a
// file read, Verify (one skill, cancellable; all), the findings, instruction
// pointers, and the comparison with a source folder. The work is the
// engine's (engine.ts) and the folder watch's (folder-watch.ts); these only
// find the server, keep the Verify runs in flight, and say what went wrong in
// the user's words.
import type { ServerConfig, SkillEntry } from '../../shared/model.js';
import { ApiFailure } from '../api-failure.js';
import type { ConnectionPool } from '../connections/pool.js';
import type { Handlers } from '../dispatch.js';
import type { ServerCatalog } from '../servers/catalog.js';
import type { SkillsEngine } from './engine.js';
import type { FolderWatches } from './folder-watch.js';
import type { Rpc } from './rpc.js';

type SkillMethod = Extract<keyof Handlers, `skills.${string}`>;

export interface SkillHandlerDeps {
  readonly engine: SkillsEngine;
  readonly catalog: ServerCatalog;
  readonly pool: ConnectionPool;
  readonly folderWatches: FolderWatches;
  /** The server's connection as the engine talks to it; throws for an unknown or unconnected server. */
  readonly rpcFor: (serverId: string) => Rpc;
  /** Lists the server again (and plans the next listing on its ttlMs). */
  readonly refreshSkills: (server: ServerConfig) => Promise<readonly SkillEntry[]>;
  /** Tells the window the servers changed (a skill count, instruction pointers). */
  readonly emitServers: () => void;
}

export function createSkillHandlers(deps: SkillHandlerDeps): Pick<Handlers, SkillMethod> {
  const { engine, catalog, pool, folderWatches, rpcFor, refreshSkills, emitServers } = deps;
  /** Single-skill Verify runs in flight, by server and skill, so they can be cancelled. */
  const verifies = new Map<string, AbortController>();
  return {
    'skills.compareWithFolder': async ({ serverId, folder, watch }) => {
      catalog.get(serverId);
      return folderWatches.compare(serverId, folder, watch ?? false);
    },
    'skills.stopWatchingFolder': async ({ serverId }) => ({ stopped: await folderWatches.stop(serverId) }),
    'skills.list': async ({ serverId }) => {
      if (serverId) catalog.get(serverId);
      return engine.list(serverId);
    },
    'skills.refresh': async ({ serverId }) => refreshSkills(catalog.get(serverId)),
    'skills.loadByUri': async ({ serverId, uri }) => {
      try {
        const entry = await engine.loadByUri(rpcFor(serverId), uri, 'user-uri');
        // A skill added by URI changes the server's count in the sidebar.
        emitServers();
        return entry;
      } catch (error) {
        if (error instanceof ApiFailure) throw error;
        throw new ApiFailure('failed', error instanceof Error ? error.message : String(error));
      }
    },
    'skills.tree': async ({ serverId, skillUri }) => engine.tree(rpcFor(serverId), skillUri),
    'skills.readFile': async ({ serverId, skillUri, fileUri }) => {
      const { bytes: _bytes, ...content } = await engine.readFile(rpcFor(serverId), skillUri, fileUri);
      return content;
    },
    'skills.verify': async ({ serverId, skillUri, inspect }) => {
      const key = `${serverId}\n${skillUri}`;
      verifies.get(key)?.abort();
      const abort = new AbortController();
      verifies.set(key, abort);
      const cancelled = () => new ApiFailure('failed', `Verify of ${skillUri} was cancelled; the files read before it keep their results.`);
      try {
        // "Read the rest for inspection" reads past a failed SKILL.md; a plain Verify stops there, as a host would.
        const entry = await engine.verifySkill(rpcFor(serverId), skillUri, { signal: abort.signal, ...(inspect ? { inspect: true } : {}) });
        if (abort.signal.aborted) throw cancelled();
        return entry;
      } catch (error) {
        throw abort.signal.aborted ? cancelled() : error;
      } finally {
        if (verifies.get(key) === abort) verifies.delete(key);
      }
    },
    'skills.cancelVerify': async ({ serverId, skillUri }) => {
      const abort = verifies.get(`${serverId}\n${skillUri}`);
      abort?.abort();
      return { cancelled: Boolean(abort) };
    },
    'skills.verifyAll': async ({ serverId }) => {
      const ids = serverId ? [serverId] : pool.connected().map((c) => c.snapshot.serverId);
      const targets = ids.filter((id) => pool.find(id)?.isConnected).map((id) => rpcFor(id));
      if (serverId && targets.length === 0) rpcFor(serverId);
      return engine.startVerifyAll(targets);
    },
    'skills.cancelJob': async ({ jobId }) => engine.cancelJob(jobId),
    'skills.runningJobs': async () => engine.runningJobs(),
    'skills.findings': async ({ serverId, skillUri }) => engine.findings(serverId, skillUri),
    'skills.instructionPointers': async ({ serverId }) => {
      const connection = pool.find(serverId);
      const pointers = await engine.instructionPointers(rpcFor(serverId), connection?.snapshot.instructions);
      emitServers();
      return pointers;
    },
  };
}
