// All live connections, one per server, each with its own protocol log.
import type { ConnectionSnapshot, ProtocolLogEntry, ServerConfig, Settings, TransportConfig } from '../../shared/model.js';
import { ApiFailure } from '../api-failure.js';
import type { Rpc } from '../skills/rpc.js';
import { Connection, type ConnectionDeps } from './connection.js';
import type { ServerNotice } from './server-notices.js';
import { ProtocolLog } from './protocol-log.js';
import type { SearchPath } from './search-path.js';

export interface PoolDeps {
  readonly settings: () => Settings;
  readonly resolveTransport: (server: ServerConfig) => TransportConfig;
  readonly clientInfo: { name: string; version: string };
  readonly onSnapshot: (snapshot: ConnectionSnapshot, previous: ConnectionSnapshot | undefined) => void;
  readonly onLog: (serverId: string, entries: ProtocolLogEntry[]) => void;
  /** A connected server said its listing (or a subscribed SKILL.md) changed. */
  readonly onNotice?: (serverId: string, notice: ServerNotice) => void;
  /** The PATH stdio commands are looked up on (search-path.ts). */
  readonly searchPath?: () => Promise<SearchPath>;
  /** The OAuth provider of a server that signs in with OAuth (electron/oauth/). */
  readonly oauth?: ConnectionDeps['oauth'];
}

export class ConnectionPool {
  private readonly connections = new Map<string, Connection>();

  constructor(private readonly deps: PoolDeps) {}

  for(server: ServerConfig): Connection {
    let connection = this.connections.get(server.id);
    if (!connection) {
      const settings = this.deps.settings();
      const log = new ProtocolLog(server.id, settings.logLimit, (entries) => this.deps.onLog(server.id, entries), settings.logBodyBytes);
      let previous: ConnectionSnapshot | undefined;
      connection = new Connection(server, {
        settings: this.deps.settings,
        resolveTransport: this.deps.resolveTransport,
        clientInfo: this.deps.clientInfo,
        log,
        ...(this.deps.searchPath ? { searchPath: this.deps.searchPath } : {}),
        ...(this.deps.oauth ? { oauth: this.deps.oauth } : {}),
        ...(this.deps.onNotice ? { onNotice: (notice: ServerNotice) => this.deps.onNotice?.(server.id, notice) } : {}),
        onChange: (snapshot) => {
          const before = previous;
          previous = snapshot;
          this.deps.onSnapshot(snapshot, before);
        },
      });
      this.connections.set(server.id, connection);
    } else {
      connection.updateConfig(server);
    }
    return connection;
  }

  find(serverId: string): Connection | undefined {
    return this.connections.get(serverId);
  }

  snapshot(serverId: string): ConnectionSnapshot {
    return this.connections.get(serverId)?.snapshot ?? { serverId, status: 'disconnected' };
  }

  /** The engine's view of a connected server; a clear error when it is not connected. */
  rpc(serverId: string, label: string): Rpc {
    const connection = this.connections.get(serverId);
    if (!connection?.isConnected) {
      throw new ApiFailure('failed', `"${label}" is not connected. Connect it first (its status is ${connection?.snapshot.status ?? 'disconnected'}).`);
    }
    return {
      serverId,
      era: connection.snapshot.era ?? 'legacy',
      request: (method, params, options) => connection.request(method, params, options),
    };
  }

  setLogLimits(settings: Pick<Settings, 'logLimit' | 'logBodyBytes'>): void {
    for (const connection of this.connections.values()) {
      connection.log.setLimit(settings.logLimit);
      connection.log.setBodyBudget(settings.logBodyBytes);
    }
  }

  async remove(serverId: string): Promise<void> {
    const connection = this.connections.get(serverId);
    this.connections.delete(serverId);
    await connection?.disconnect();
  }

  /** Disconnects everything and waits until no server process started by the app is left running. */
  async closeAll(): Promise<void> {
    const all = [...this.connections.values()];
    await Promise.all(all.map((c) => c.disconnect()));
    await Promise.all(all.map((c) => c.stopped()));
  }

  connected(): Connection[] {
    return [...this.connections.values()].filter((c) => c.isConnected);
  }
}
