// What a feature (approvals, review, …) gets from the composition root. Features
// see each other only through what inspector.ts hands them here.
import type { EventName, Events } from '../shared/api.js';
import type { Settings } from '../shared/model.js';
import type { ConnectionPool } from './connections/pool.js';
import type { ServerCatalog } from './servers/catalog.js';
import type { SkillsEngine } from './skills/engine.js';
import type { Rpc } from './skills/rpc.js';

export interface FeatureDeps {
  readonly dataDir: string;
  readonly settings: () => Settings;
  readonly engine: SkillsEngine;
  readonly pool: ConnectionPool;
  readonly catalog: ServerCatalog;
  /** Where local skill folders are looked for; default the user's home and no project folder. */
  readonly homeDir?: string;
  readonly projectDirs?: readonly string[];
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  /** The engine's view of a connected server; throws a user-facing error when not connected. */
  rpcFor(serverId: string): Rpc;
}
