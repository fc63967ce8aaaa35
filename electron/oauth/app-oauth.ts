// OAuth in the app: the sessions over the catalog's secret stores, the
// authorization page opened by Electron's checked openExternal (or, in browser
// mode, by the window on `oauth.authorizationUrl`), and the contract's
// servers.signIn / cancelSignIn / signOut / authStatus.
import type { EventName, Events } from '../../shared/api.js';
import type { ServerConfig, TransportConfig } from '../../shared/model.js';
import type { OAuthStatus, SignInResult } from '../../shared/oauth-model.js';
import { ApiFailure } from '../api-failure.js';
import type { ConnectionPool } from '../connections/pool.js';
import { describeError } from '../connections/diagnose.js';
import type { Handlers } from '../dispatch.js';
import type { ServerCatalog } from '../servers/catalog.js';
import { MissingSecrets, missingSecretsDiagnostic } from '../servers/missing-secrets.js';
import { credentialsRemoved } from '../connections/url-credentials.js';
import { diagnoseOAuth, oauthDiagnosticOf } from './oauth-errors.js';
import { KeptSignIns } from './kept-sign-ins.js';
import { OAuthSessions, type OAuthTarget, type TransportAuth } from './oauth-sessions.js';
import { StoredOAuthVault } from './oauth-vault.js';
import { StaleSignIns } from './stale-sign-ins.js';
import { unreadNotes } from './unread-notes.js';

export interface AppOAuthOptions {
  readonly catalog: ServerCatalog;
  readonly emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  /** Electron's checked openExternal; browser mode has none (the window opens the page). */
  readonly openExternal?: (url: string) => Promise<void>;
  /** A server's status changed: push the servers again. */
  readonly onChange: () => void;
  readonly note: (serverId: string, text: string) => void;
  readonly redact: <T>(value: T) => T;
  readonly timeoutMs?: number;
  /** The app's data folder: where a sign-in the secret store would not delete is remembered, so no later start uses it. */
  readonly dataDir?: string;
}

const isOAuth = (transport: TransportConfig): transport is Extract<TransportConfig, { kind: 'http' | 'sse' }> => transport.kind !== 'stdio' && transport.auth?.type === 'oauth';

export class AppOAuth {
  readonly sessions: OAuthSessions;
  /** Which sign-ins were kept (oauth-sign-ins.json): read at start, so one the system will not give is said at once. */
  private readonly kept: KeptSignIns | undefined;
  /** Sign-ins dropped that the store kept (oauth-dropped.json): read at start too. */
  private readonly stale: StaleSignIns | undefined;

  constructor(private readonly options: AppOAuthOptions) {
    this.kept = options.dataDir !== undefined ? new KeptSignIns(options.dataDir) : undefined;
    this.stale = options.dataDir !== undefined ? new StaleSignIns(options.dataDir) : undefined;
    this.sessions = new OAuthSessions({
      vault: new StoredOAuthVault(options.catalog.secrets.stores, this.stale, this.kept),
      clientName: 'Skill Inspector',
      openAuthorizationUrl: async (serverId, url) => {
        if (options.openExternal) {
          await options.openExternal(url);
          options.emit('oauth.authorizationUrl', { serverId, url, open: false });
        } else {
          options.emit('oauth.authorizationUrl', { serverId, url, open: true });
        }
      },
      onChange: () => options.onChange(),
      note: options.note,
      // Said where the person looks, and kept in the server's protocol log.
      keptInStore: (serverId, message) => {
        const label = options.catalog.list().find((s) => s.id === serverId)?.label ?? serverId;
        options.emit('app.alert', { level: 'warning', title: 'A dropped sign-in is still stored', message: `"${label}": ${message}` });
        options.note(serverId, message);
      },
      // Said where the person looks: they asked to sign out and must know no revocation happened.
      signedOutLost: (serverId, message) => {
        const label = options.catalog.list().find((s) => s.id === serverId)?.label ?? serverId;
        options.emit('app.alert', { level: 'warning', title: 'Nothing was revoked at sign-out', message: `"${label}": ${message}` });
      },
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
  }

  /** The target of a server that signs in with OAuth, its client secret put back; undefined for any other. */
  private targetOf(server: ServerConfig, resolved?: TransportConfig): OAuthTarget | undefined {
    const transport = resolved ?? this.withSecrets(server);
    if (!isOAuth(transport) || !transport.auth) return undefined;
    // The URL without a user name and password, as the connection signs in (url-credentials.ts): fetch refuses one
    // with them, and the tokens are bound to the one URL the sign-in, the connection and the status all name.
    return { key: server.id, serverId: server.id, url: credentialsRemoved(transport.url), settings: transport.auth };
  }

  /** The server's settings with their secrets; as stored when one is gone from the store (a status or a sign-out needs none, a sign-in is refused). */
  private withSecrets(server: ServerConfig): TransportConfig {
    try {
      return this.options.catalog.resolveTransport(server);
    } catch (error) {
      if (error instanceof MissingSecrets) return server.transport;
      throw error;
    }
  }

  private required(serverId: string): { server: ServerConfig; target: OAuthTarget } {
    const server = this.options.catalog.get(serverId);
    const target = this.targetOf(server);
    if (!target) throw new ApiFailure('failed', `"${server.label}" does not sign in with OAuth. Turn on OAuth sign-in in its settings first.`);
    return { server, target };
  }

  /** Reads every OAuth server's record, so the first list already says who is signed in. */
  async load(): Promise<void> {
    // Said like any store the app could not read (inspector.ts): which file, why, and that nothing replaces it.
    for (const { title, message } of await unreadNotes(this.stale, this.kept)) this.options.emit('app.alert', { level: 'error', title, message });
    await this.sessions.load(this.options.catalog.list().filter((s) => isOAuth(s.transport)).map((s) => s.id));
  }

  /** For the connection pool. */
  transportAuth(server: ServerConfig, transport: TransportConfig): TransportAuth | undefined {
    const target = this.targetOf(server, transport);
    return target ? this.sessions.transportAuth(target) : undefined;
  }

  /**
   * For the server list: only servers that sign in with OAuth have a status. Asked of the same target as the sign-in,
   * the connection and Sign out: a secret query parameter put back in the URL (servers.json keeps a placeholder),
   * since the tokens are bound to the URL they were got for (in the secret store's record, never in a clear file).
   */
  statusOf(server: ServerConfig): OAuthStatus | undefined {
    const target = this.targetOf(server);
    return target ? this.sessions.status(target) : undefined;
  }

  known(): string[] {
    return this.sessions.known();
  }

  /** Whether a sign-in is kept in the encrypted-file fallback (the app then says what that protects). */
  usesEncryptedFile(): boolean {
    return this.options.catalog.secrets.stores.primary.backend === 'encrypted-file' && this.options.catalog.list().some((s) => this.statusOf(s)?.signedIn);
  }

  forget(serverId: string): Promise<void> {
    return this.sessions.forget(serverId);
  }

  handlers(pool: ConnectionPool): Pick<Handlers, 'servers.signIn' | 'servers.cancelSignIn' | 'servers.signOut' | 'servers.authStatus'> {
    return {
      'servers.signIn': async ({ serverId }): Promise<SignInResult> => {
        const { server, target } = this.required(serverId);
        // A secret of the server gone from the store (its client secret, a header): it would not connect after (missing-secrets.ts).
        const missing = this.options.catalog.missingSecrets(serverId);
        if (missing.length > 0) return this.options.redact({ oauth: this.sessions.status(target), connection: pool.snapshot(serverId), error: missingSecretsDiagnostic(server.label, missing) });
        try {
          await this.sessions.signIn(target);
        } catch (error) {
          const diagnostic = diagnoseOAuth(error, target.url, true) ?? oauthDiagnosticOf('oauth-failed', describeError(error, this.sessions.known()));
          this.options.note(serverId, `OAuth sign-in failed: ${diagnostic.title}. ${diagnostic.detail}`);
          return this.options.redact({ oauth: this.sessions.status(target), connection: pool.snapshot(serverId), error: diagnostic });
        }
        // Connected again, so the new token (and its scope) is what the connection uses.
        const connection = await pool.for(server).reconnect();
        return this.options.redact({ oauth: this.sessions.status(target), connection });
      },
      'servers.cancelSignIn': async ({ serverId }) => ({ cancelled: this.sessions.cancel(this.required(serverId).target.key) }),
      'servers.signOut': async ({ serverId }) => {
        const { target } = this.required(serverId);
        await pool.find(serverId)?.disconnect();
        await this.sessions.signOut(target);
        return this.sessions.status(target);
      },
      'servers.authStatus': async ({ serverId }) => this.sessions.status(this.required(serverId).target),
    };
  }
}
