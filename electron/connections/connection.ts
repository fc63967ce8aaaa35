// One connection to one server: the SDK client, its transport, the protocol
// era, the protocol log, and a status snapshot pushed on every change. A server
// that hangs or dies affects only its own connection, and a connection attempt
// can always be cancelled.
import { Client } from '@modelcontextprotocol/client';
import type { ConnectionSnapshot, Diagnostic, ServerConfig, Settings, TransportConfig } from '../../shared/model.js';
import { ClosedByApp, type RequestOptions } from '../skills/rpc.js';
import { describeError } from './diagnose.js';
import { connectionLost, handshakeFailure } from './connection-failures.js';
import { ProtocolLog } from './protocol-log.js';
import { buildTransport, type BuiltTransport } from './transports.js';
import { ServerNotices, type ServerNotice } from './server-notices.js';
import type { SearchPath } from './search-path.js';
import { appLimitNamer, type LimitNamer } from '../../shared/limits.js';
import type { TransportAuth } from '../oauth/oauth-sessions.js';
import { withStepUp } from './oauth-requests.js';
import { sendRequest } from './send-request.js';
import { UnsendableCredentials, credentialsRemoved, withUrlCredentials } from './url-credentials.js';
import { MissingSecrets } from '../servers/missing-secrets.js';
import { shownUrl } from '../../shared/shown-url.js';

export interface ConnectionDeps {
  readonly settings: () => Settings;
  /** Resolves what to actually start (the bundled demo server runs on this app's own runtime). */
  readonly resolveTransport: (server: ServerConfig) => TransportConfig;
  readonly onChange: (snapshot: ConnectionSnapshot) => void;
  readonly log: ProtocolLog;
  readonly clientInfo: { name: string; version: string };
  /** How messages name a limit to raise: the app's Settings unless told otherwise (the command names its flags). */
  readonly limitName?: LimitNamer;
  /** The server said its listing (or one subscribed SKILL.md) changed. */
  readonly onNotice?: (notice: ServerNotice) => void;
  /** The PATH stdio commands are looked up on (the login shell's, search-path.ts); this process's own unless given. */
  readonly searchPath?: () => Promise<SearchPath>;
  /** The OAuth provider of a server that signs in with OAuth (electron/oauth/); without it such a server connects unauthenticated. */
  readonly oauth?: (server: ServerConfig, transport: TransportConfig) => TransportAuth | undefined;
}

/** On stdio, silence on the probe means a legacy server: don't wait the full request timeout for it. */
const MAX_PROBE_TIMEOUT_MS = 10_000;

/**
 * Closes the client and its transport. After a failed handshake the client
 * no longer holds its transport, and a stdio process would outlive the app.
 */
async function shutdown(client: Client, built: BuiltTransport): Promise<void> {
  await Promise.allSettled([client.close(), built.transport.close()]);
}

class CancelledAttempt extends Error {
  constructor() {
    super('The connection attempt was cancelled.');
    this.name = 'CancelledAttempt';
  }
}

type Attempt = { ok: true } | { ok: false; cancelled: true } | { ok: false; cancelled: false; diagnostic: Diagnostic; retryLegacy: boolean };

export class Connection {
  private state: ConnectionSnapshot;
  private client: Client | undefined;
  private built: BuiltTransport | undefined;
  /** Set by disconnect(): whatever is in flight is being cancelled, not failing. */
  private closing = false;
  private connecting: Promise<ConnectionSnapshot> | undefined;
  /** The attempt in flight, so disconnect() can stop it. */
  private inflight: { abort: AbortController; client: Client } | undefined;
  /** Log position when the live connection was made, for "connection lost" evidence. */
  private connectedSinceSeq = 0;
  /** Cancelled attempts whose transports are still being shut down. */
  private readonly stopping = new Set<Promise<void>>();
  /** The live connection's change notifications and subscriptions. */
  private notices: ServerNotices | undefined;
  /** The live connection's OAuth provider, for a step-up when a request lacks scope. */
  private auth: TransportAuth | undefined;

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

  private get limitName(): LimitNamer {
    return this.deps.limitName ?? appLimitNamer;
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

  /** Drops the connection (or the attempt in flight) and connects again with the current config. */
  async reconnect(): Promise<ConnectionSnapshot> {
    await this.disconnect();
    return this.connect();
  }

  private async doConnect(): Promise<ConnectionSnapshot> {
    this.closing = false;
    this.set({ serverId: this.server.id, status: 'connecting', ...this.keptError() });
    const first = await this.attempt('auto');
    if (first.ok) return this.state;
    if (first.cancelled) return this.cancelled();
    // A 2025-era server built on an SDK that exits on any request before
    // `initialize` dies on the `server/discover` probe. Try the plain
    // handshake once before giving up, and say so in the log.
    if (first.retryLegacy) {
      this.log.note('The server process exited on the server/discover probe; retrying once with the 2025 initialize handshake.');
      const second = await this.attempt('legacy');
      if (second.ok) return this.state;
      if (second.cancelled) return this.cancelled();
      return this.fail(second.diagnostic);
    }
    return this.fail(first.diagnostic);
  }

  private async attempt(mode: 'auto' | 'legacy'): Promise<Attempt> {
    const settings = this.deps.settings();
    let transportConfig: TransportConfig;
    try {
      // A user name and password in the URL go as Basic credentials, out of the address fetch is given (url-credentials.ts).
      transportConfig = withUrlCredentials(this.deps.resolveTransport(this.server), this.log);
    } catch (error) {
      // A stored secret gone from the store (servers/missing-secrets.ts), a user name Basic cannot carry: not attempted.
      if (!(error instanceof MissingSecrets) && !(error instanceof UnsendableCredentials)) throw error;
      this.log.note(`Not connected: ${error.diagnostic.title}. ${error.diagnostic.detail}`);
      return { ok: false, cancelled: false, diagnostic: error.diagnostic, retryLegacy: false };
    }
    // Resolved once per app run (at most a few seconds, the first time); a disconnect meanwhile cancels.
    const searchPath = transportConfig.kind === 'stdio' && this.deps.searchPath ? await this.deps.searchPath() : undefined;
    if (this.closing) return { ok: false, cancelled: true };
    const since = this.log.lastSeq;
    const auth = transportConfig.kind !== 'stdio' && transportConfig.auth?.type === 'oauth' ? this.deps.oauth?.(this.server, transportConfig) : undefined;
    const built = buildTransport(
      transportConfig,
      this.log,
      {
        // Never below a read's own wire cap (skills/reader.ts wireLimitFor: 2 × the per-file limit + 64 KiB), so a
        // file at the limit is stopped as "too large" for its read, not as a connection-wide frame overflow.
        maxMessageBytes: () => Math.max(settings.maxFileBytes * 2 + 64 * 1024, 1024 * 1024),
      },
      searchPath,
      auth,
    );
    const client = new Client(this.deps.clientInfo, {
      versionNegotiation: { mode, probe: { timeoutMs: Math.min(settings.requestTimeoutMs, MAX_PROBE_TIMEOUT_MS) } },
      capabilities: {},
    });
    const abort = new AbortController();
    this.inflight = { abort, client };
    this.log.resetPending();
    // The SDK does not stop a version probe when the signal fires; racing it
    // lets a cancel return at once while the abandoned handshake winds down.
    const cancelled = new Promise<never>((_resolve, reject) => {
      abort.signal.addEventListener('abort', () => reject(new CancelledAttempt()), { once: true });
    });
    cancelled.catch(() => undefined);
    const handshake = client.connect(built.transport, { timeout: settings.requestTimeoutMs, signal: abort.signal });
    handshake.catch(() => undefined);
    try {
      await Promise.race([handshake, cancelled]);
    } catch (error) {
      if (this.closing || error instanceof CancelledAttempt) {
        this.stopInBackground(client, built);
        return { ok: false, cancelled: true };
      }
      const { diagnostic, retryLegacy } = handshakeFailure(error, mode, { transport: transportConfig, built, log: this.log, since, timeoutMs: settings.requestTimeoutMs, limitName: this.limitName });
      if (!retryLegacy) this.log.note(`Connection failed: ${diagnostic.title}. ${describeError(error)}`);
      // Diagnosed first, so stopping the process cannot read as a crash; and
      // stopped in the background, so a server that ignores the end of its
      // input does not hold the failure back for seconds.
      this.stopInBackground(client, built);
      return { ok: false, cancelled: false, diagnostic, retryLegacy };
    } finally {
      if (this.inflight?.client === client) this.inflight = undefined;
    }
    if (this.closing) {
      // disconnect() arrived just as the handshake finished.
      await shutdown(client, built);
      return { ok: false, cancelled: true };
    }
    this.client = client;
    this.built = built;
    this.auth = auth;
    this.connectedSinceSeq = since;
    const caps = client.getServerCapabilities();
    const info = client.getServerVersion();
    const era = client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
    const protocolVersion = client.getNegotiatedProtocolVersion();
    const instructions = client.getInstructions();
    const pid = (built.transport as { pid?: number | null }).pid;
    const onNotice = this.deps.onNotice;
    this.notices = onNotice ? new ServerNotices(client, era, caps as Record<string, unknown> | undefined, this.log, onNotice) : undefined;
    this.notices?.start();
    this.log.note(`Connected: ${era === 'modern' ? '2026-07-28 era (server/discover)' : '2025 era (initialize)'}, protocol version ${protocolVersion ?? 'unknown'}.`);
    this.set({
      serverId: this.server.id,
      status: 'connected',
      era,
      ...(protocolVersion ? { protocolVersion } : {}),
      ...(caps ? { capabilities: caps as Record<string, unknown> } : {}),
      ...(instructions !== undefined ? { instructions } : {}),
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
      ...this.keptError(),
    });
    client.onclose = () => this.handleClosed(built, transportConfig);
    return { ok: true };
  }

  private handleClosed(built: BuiltTransport, transportConfig: TransportConfig): void {
    if (this.built !== built) return;
    this.client = undefined;
    this.built = undefined;
    this.stopNotices();
    this.log.resetPending();
    if (this.closing) {
      this.set({ serverId: this.server.id, status: 'disconnected', ...this.keptError() });
      return;
    }
    const timeoutMs = this.deps.settings().requestTimeoutMs;
    const lost = connectionLost({ transport: transportConfig, built, log: this.log, since: this.connectedSinceSeq, timeoutMs, limitName: this.limitName });
    this.log.note(`Connection lost. ${lost.detail}`);
    this.fail(lost);
  }

  private fail(diagnostic: Diagnostic): ConnectionSnapshot {
    this.set({ serverId: this.server.id, status: 'failed', error: diagnostic, lastError: diagnostic });
    return this.state;
  }

  private cancelled(): ConnectionSnapshot {
    this.log.note('Connection attempt cancelled.');
    this.set({ serverId: this.server.id, status: 'disconnected', ...this.keptError() });
    return this.state;
  }

  /**
   * Closes the connection, or cancels the attempt in flight: the handshake is
   * aborted and a stdio process is stopped, however long the server would
   * have kept the app waiting.
   */
  async disconnect(): Promise<ConnectionSnapshot> {
    this.closing = true;
    const inflight = this.inflight;
    // The attempt's process is stopped in the background: a server that
    // ignores the end of its input takes seconds to be killed, and nobody
    // should wait for that.
    inflight?.abort.abort();
    const client = this.client;
    const built = this.built;
    this.client = undefined;
    this.built = undefined;
    this.stopNotices();
    if (client && built) await shutdown(client, built);
    await this.connecting?.catch(() => undefined);
    if (this.state.status !== 'disconnected') {
      this.set({ serverId: this.server.id, status: 'disconnected', ...this.keptError() });
    }
    return this.state;
  }

  /** Subscribes to these skills' SKILL.md where the server offers resources.subscribe (bounded; see server-notices.ts). */
  watchSkills(uris: readonly string[]): void {
    if (this.isConnected) this.notices?.watch(uris);
  }

  private stopNotices(): void {
    this.notices?.close();
    this.notices = undefined;
  }

  /** Resolves once every cancelled attempt's process or session is gone (the app waits for this on quit). */
  async stopped(): Promise<void> {
    await Promise.allSettled([...this.stopping]);
  }

  private stopInBackground(client: Client, built: BuiltTransport): void {
    const done: Promise<void> = shutdown(client, built).finally(() => this.stopping.delete(done));
    this.stopping.add(done);
  }

  /**
   * A raw request whose result is returned unparsed, for the places where the
   * inspector must report a malformed answer instead of throwing on it. Every
   * request has the settings' timeout unless given one, and can be cancelled
   * with `signal` (the server is sent notifications/cancelled).
   *
   * With `maxResponseBytes` the transport stops receiving the answer at that
   * many bytes; the request then fails with ResponseTooLarge and is cancelled
   * with the server, and the connection goes on.
   */
  async request(method: string, params: Record<string, unknown>, options: RequestOptions = {}): Promise<unknown> {
    // Step-up on 403 insufficient_scope, and a token gone for good ends the connection (oauth-requests.ts).
    return withStepUp(() => this.requestOnce(method, params, options), {
      auth: this.auth,
      log: this.log,
      method,
      // Named in a step-up's diagnostic: without a user name and password the URL may hold, a key in its path or query masked.
      url: this.server.transport.kind === 'stdio' ? '' : shownUrl(credentialsRemoved(this.server.transport.url)),
      signal: options.signal,
      lost: (diagnostic) => this.authLost(diagnostic),
    });
  }

  private async requestOnce(method: string, params: Record<string, unknown>, options: RequestOptions): Promise<unknown> {
    const timeoutMs = options.timeoutMs ?? this.deps.settings().requestTimeoutMs;
    if (options.purpose) this.log.note(options.purpose);
    try {
      // Timeout, answer cap and the caller's cancel: send-request.ts.
      const built = this.built!;
      return await sendRequest({ sdk: this.sdk, caps: built.caps, timeoutMs, limitName: this.limitName, unreadOutput: built.process.unreadOutput }, method, params, options);
    } catch (error) {
      // disconnect() closed the connection under this request, or before it was sent: not the server's failure.
      if (this.closing) throw new ClosedByApp(this.server.label, method);
      throw error;
    }
  }

  /**
   * The token ran out and could not be renewed (revoked, refresh refused), or a sign-in is needed: the
   * connection cannot be used any more, so it fails with the diagnostic that says to sign in again.
   */
  private authLost(diagnostic: Diagnostic): void {
    const client = this.client;
    const built = this.built;
    if (!client || !built) return;
    this.client = undefined;
    this.built = undefined;
    this.auth = undefined;
    this.stopNotices();
    this.log.note(`Connection lost: ${diagnostic.title}. ${diagnostic.detail}`);
    this.fail(diagnostic);
    this.stopInBackground(client, built);
  }

  /** The last failure stays visible after a later success, as `lastError`. */
  private keptError(): { lastError?: Diagnostic } {
    return this.state.lastError ? { lastError: this.state.lastError } : {};
  }

  private set(snapshot: ConnectionSnapshot): void {
    this.state = snapshot;
    this.deps.onChange(snapshot);
  }
}
