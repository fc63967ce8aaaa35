// One connection to one server: the SDK client, its transport, the protocol
// era, the protocol log, and a status snapshot pushed on every change. A server
// that hangs or dies affects only its own connection.
import { Client } from '@modelcontextprotocol/client';
import type { ConnectionSnapshot, Diagnostic, ServerConfig, Settings, TransportConfig } from '../../shared/model.js';
import { describeError, diagnose } from './diagnose.js';
import { ProtocolLog } from './protocol-log.js';
import { buildTransport, type BuiltTransport } from './transports.js';

export interface ConnectionDeps {
  readonly settings: () => Settings;
  /** Resolves what to actually start (the bundled demo server runs on this app's own runtime). */
  readonly resolveTransport: (server: ServerConfig) => TransportConfig;
  readonly onChange: (snapshot: ConnectionSnapshot) => void;
  readonly log: ProtocolLog;
  readonly clientInfo: { name: string; version: string };
}

/** JSON-schema-free result parsing: the inspector checks shapes itself so it can report, not throw. */
const anyResult = {
  '~standard': {
    version: 1 as const,
    vendor: 'skill-inspector',
    validate: (value: unknown) => ({ value }),
  },
};

export class Connection {
  private state: ConnectionSnapshot;
  private client: Client | undefined;
  private built: BuiltTransport | undefined;
  private closing = false;
  private connecting: Promise<ConnectionSnapshot> | undefined;
  private abort: AbortController | undefined;

  constructor(
    private server: ServerConfig,
    private readonly deps: ConnectionDeps,
  ) {
    this.state = { serverId: server.id, status: 'disconnected' };
  }

  get snapshot(): ConnectionSnapshot {
    return this.state;
  }

  get log(): ProtocolLog {
    return this.deps.log;
  }

  /** The live SDK client; throws a user-facing error when not connected. */
  get sdk(): Client {
    if (!this.client || this.state.status !== 'connected') {
      throw new Error(`"${this.server.label}" is not connected. Connect it first.`);
    }
    return this.client;
  }

  get isConnected(): boolean {
    return this.state.status === 'connected' && this.client !== undefined;
  }

  updateConfig(server: ServerConfig): void {
    this.server = server;
  }

  connect(): Promise<ConnectionSnapshot> {
    if (this.state.status === 'connected') return Promise.resolve(this.state);
    this.connecting ??= this.doConnect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async doConnect(): Promise<ConnectionSnapshot> {
    this.closing = false;
    this.set({ serverId: this.server.id, status: 'connecting', ...(this.state.lastError ? { lastError: this.state.lastError } : {}) });
    const first = await this.attempt('auto');
    if (first.ok) return this.state;
    // A 2025-era server built on an SDK that exits on any request before
    // `initialize` dies on the `server/discover` probe. Try the plain
    // handshake once before giving up, and say so in the log.
    if (first.retryLegacy && !this.closing) {
      this.log.note('The server closed the connection on the server/discover probe; retrying with the 2025 initialize handshake.');
      const second = await this.attempt('legacy');
      if (second.ok) return this.state;
      return this.fail(second.diagnostic);
    }
    return this.fail(first.diagnostic);
  }

  private async attempt(mode: 'auto' | 'legacy'): Promise<{ ok: true } | { ok: false; diagnostic: Diagnostic; retryLegacy: boolean }> {
    const settings = this.deps.settings();
    const transportConfig = this.deps.resolveTransport(this.server);
    const built = buildTransport(transportConfig, this.log, {
      maxMessageBytes: () => Math.max(settings.maxFileBytes * 2, 1024 * 1024),
    });
    const client = new Client(this.deps.clientInfo, {
      versionNegotiation: {
        mode,
        // On stdio, silence means a legacy server: don't wait the full request timeout for it.
        probe: { timeoutMs: Math.min(settings.requestTimeoutMs, 10_000) },
      },
      capabilities: {},
    });
    this.abort = new AbortController();
    this.log.resetPending();
    const startedAt = this.log.list().length;
    try {
      await client.connect(built.transport, { timeout: settings.requestTimeoutMs, signal: this.abort.signal });
    } catch (error) {
      await client.close().catch(() => undefined);
      const diagnostic = diagnose({
        error,
        transport: transportConfig,
        process: built.process,
        http: built.http,
        lastStderr: this.log.lastStderr(10),
        timeoutMs: settings.requestTimeoutMs,
      });
      this.log.note(`Connection failed: ${diagnostic.title}. ${describeError(error)}`);
      const exchange = this.log.list().slice(startedAt);
      const probed = exchange.some((e) => e.direction === 'out' && e.method === 'server/discover');
      const answered = exchange.some((e) => e.direction === 'in' && e.method === 'server/discover');
      const retryLegacy =
        mode === 'auto' && transportConfig.kind === 'stdio' && probed && !answered && diagnostic.code === 'process-exited';
      return { ok: false, diagnostic, retryLegacy };
    }
    this.client = client;
    this.built = built;
    const caps = client.getServerCapabilities();
    const info = client.getServerVersion();
    const pid = (built.transport as { pid?: number | null }).pid;
    this.set({
      serverId: this.server.id,
      status: 'connected',
      era: client.getProtocolEra() === 'modern' ? 'modern' : 'legacy',
      ...(client.getNegotiatedProtocolVersion() ? { protocolVersion: client.getNegotiatedProtocolVersion() } : {}),
      ...(caps ? { capabilities: caps as Record<string, unknown> } : {}),
      ...(client.getInstructions() !== undefined ? { instructions: client.getInstructions() } : {}),
      ...(info
        ? {
            selfReported: {
              name: String(info.name),
              version: String(info.version),
              ...(typeof info.title === 'string' ? { title: info.title } : {}),
            },
          }
        : {}),
      connectedAt: new Date().toISOString(),
      ...(typeof pid === 'number' ? { pid } : {}),
      ...(this.state.lastError ? { lastError: this.state.lastError } : {}),
    });
    client.onclose = () => this.handleClosed(built, transportConfig);
    return { ok: true };
  }

  private handleClosed(built: BuiltTransport, transportConfig: TransportConfig): void {
    if (this.built !== built) return;
    this.client = undefined;
    this.built = undefined;
    this.log.resetPending();
    if (this.closing) {
      this.set({ serverId: this.server.id, status: 'disconnected', ...(this.state.lastError ? { lastError: this.state.lastError } : {}) });
      return;
    }
    const diagnostic = diagnose({
      error: new Error('Connection closed'),
      transport: transportConfig,
      process: built.process,
      http: built.http,
      lastStderr: this.log.lastStderr(10),
      timeoutMs: this.deps.settings().requestTimeoutMs,
    });
    const lost: Diagnostic = {
      ...diagnostic,
      title: `Connection lost: ${diagnostic.title.toLowerCase()}`,
      detail: diagnostic.detail.replace('before the connection was established', 'while connected'),
    };
    this.log.note(`Connection lost. ${lost.detail}`);
    this.fail(lost);
  }

  private fail(diagnostic: Diagnostic): ConnectionSnapshot {
    this.set({ serverId: this.server.id, status: 'failed', error: diagnostic, lastError: diagnostic });
    return this.state;
  }

  async disconnect(): Promise<ConnectionSnapshot> {
    this.closing = true;
    this.abort?.abort();
    const client = this.client;
    this.client = undefined;
    this.built = undefined;
    if (client) await client.close().catch(() => undefined);
    await this.connecting?.catch(() => undefined);
    this.set({ serverId: this.server.id, status: 'disconnected', ...(this.state.lastError ? { lastError: this.state.lastError } : {}) });
    return this.state;
  }

  /**
   * A raw request whose result is returned unparsed, for the places where the
   * inspector must report a malformed answer instead of throwing on it.
   */
  async request(method: string, params: Record<string, unknown>, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<unknown> {
    const timeout = options.timeoutMs ?? this.deps.settings().requestTimeoutMs;
    return this.sdk.request({ method, params } as never, anyResult as never, {
      timeout,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  private set(snapshot: ConnectionSnapshot): void {
    this.state = snapshot;
    this.deps.onChange(snapshot);
  }
}
