// The SDK's OAuthClientProvider over the vault: the SDK's auth() runs the flow
// (discovery, registration, PKCE, the token and refresh requests, step-up's
// scope union); this says where its state is kept and what "open the
// authorization page" means. Silent (the transport's, while connected): a
// refresh is fine, a page to open is a "sign in" diagnostic. Interactive (a
// sign-in): the page opens through the injected function, with this sign-in's
// state and loopback redirect.
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import { lostSignInWords } from '../../shared/lost-sign-in.js';
import type { OAuthSettings } from '../../shared/oauth-model.js';
import { OAuthFlowError, quoted } from './oauth-errors.js';
import { applies, bindingOf, type OAuthRecord, type OAuthVault } from './oauth-record.js';
import { refusePlainEndpoints } from './plain-endpoints.js';
import { resourceIndicator } from './resource-indicator.js';

/** The redirect URI a client is registered with when no sign-in is running (RFC 8252: the port is not part of the match). */
const RESTING_REDIRECT = 'http://127.0.0.1/callback';

export interface Interactive {
  readonly redirectUrl: string;
  readonly state: string;
  /** Opens the authorization page (the system browser, the window's tab, or a line on stderr). */
  readonly open: (url: URL) => Promise<void>;
}

export interface ProviderOptions {
  readonly vault: OAuthVault;
  readonly key: string;
  /** The server URL the record is for (with the client id: bindingOf). */
  readonly serverUrl: string;
  /** The server's OAuth settings, the client secret put back from the secret store. */
  readonly settings: OAuthSettings;
  readonly clientName: string;
  readonly interactive?: Interactive;
  /** Called after anything a status shows changed (tokens saved or dropped). */
  readonly onChange?: () => void;
  /** Credentials dropped here that the store would not delete ("<store> (<reason>)"): the person must hear of it. */
  readonly onKeptInStore?: (dropped: DroppedCredentials, where: string) => void;
}

/** What an invalidation dropped, in the person's words. */
export type DroppedCredentials = 'sign-in' | 'signed out' | 'tokens' | 'client registration';

export class StoredOAuthProvider implements OAuthClientProvider {
  constructor(private readonly options: ProviderOptions) {}

  private get binding(): string {
    return bindingOf(this.options.serverUrl, this.options.settings.clientId);
  }

  /** The record, or an empty one when it was made for another URL or client id (the server was edited). */
  private async read(): Promise<OAuthRecord> {
    return applies(await this.options.vault.read(this.options.key), this.binding);
  }

  private async change(edit: (record: OAuthRecord) => OAuthRecord): Promise<void> {
    await this.options.vault.write(this.options.key, { ...edit({ ...(await this.read()) }), boundTo: this.binding });
    this.options.onChange?.();
  }

  get redirectUrl(): string {
    return this.options.interactive?.redirectUrl ?? RESTING_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scope = this.options.settings.scopes?.join(' ');
    return {
      client_name: this.options.clientName,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A public client: the app cannot keep a secret from its user, PKCE stands in for one.
      token_endpoint_auth_method: 'none',
      ...(scope ? { scope } : {}),
    };
  }

  state(): string {
    // Silent: asked just before the page would open, which redirectToAuthorization refuses with the reason.
    return this.options.interactive?.state ?? randomBytes(16).toString('base64url');
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    const { clientId, clientSecret } = this.options.settings;
    if (clientId) return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) };
    const record = await this.read();
    if (record.client) return record.client;
    if (!this.options.interactive) {
      // The person signed in before and the store lost it (its registration with it): not "never signed in".
      if (record.lostSignIn) throw new OAuthFlowError('oauth-sign-in-required', lostSignInWords(record.lostSignIn));
      // The note of kept sign-ins could not be read: "not signed in yet" may be untrue.
      if (record.signInUnknown) throw new OAuthFlowError('oauth-sign-in-required', `The server needs a sign-in. ${record.signInUnknown}`);
      throw new OAuthFlowError('oauth-sign-in-required', 'The server needs a sign-in, and the app has not signed in to it yet.');
    }
    const metadata = record.discovery?.authorizationServerMetadata;
    if (metadata && !metadata.registration_endpoint) {
      throw new OAuthFlowError('oauth-registration-unsupported', `The authorization server ${metadata.issuer} offers no dynamic client registration (its metadata has no registration_endpoint), and no client ID is set for this server.`);
    }
    return undefined;
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    // A pre-registered client is the user's setting, not something to store.
    if (this.options.settings.clientId) return;
    // The authorization server's text, shown in the status and sent back in every request: control characters
    // (ESC sequences, CR LF) in it are refused here, before it is kept.
    // eslint-disable-next-line no-control-regex
    if (typeof client.client_id === 'string' && /[\x00-\x1f\x7f]/.test(client.client_id)) {
      const issuer = (await this.read()).discovery?.authorizationServerMetadata?.issuer ?? 'of this server';
      throw new OAuthFlowError(
        'oauth-failed',
        `The authorization server ${issuer} registered this app with a client_id that holds control characters (${quoted(client.client_id, 40)}), which the app would show and send back in every request. The registration was not kept; register a client with it yourself, then enter its client ID in the server settings.`,
      );
    }
    await this.change((record) => ({ ...record, client }));
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.read()).tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.change((record) => {
      const { codeVerifier: _used, scopeWanted, refreshRefused: _over, renewalFailed: _renewed, ...rest } = record;
      const granted = new Set((tokens.scope ?? '').split(' ').filter(Boolean));
      const stillWanted = (scopeWanted ?? '').split(' ').filter((s) => s && !granted.has(s));
      // A refresh answer may leave the refresh token out: the old one still holds (RFC 6749 §6).
      const kept = tokens.refresh_token === undefined && record.tokens?.refresh_token ? { ...tokens, refresh_token: record.tokens.refresh_token } : tokens;
      return { ...rest, tokens: kept, tokensSavedAt: Date.now(), ...(stillWanted.length > 0 ? { scopeWanted: stillWanted.join(' ') } : {}) };
    });
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const interactive = this.options.interactive;
    if (!interactive) {
      const record = await this.read();
      // Not "no token is stored": the person signed in, and the store lost it.
      if (record.lostSignIn) throw new OAuthFlowError('oauth-sign-in-required', lostSignInWords(record.lostSignIn));
      if (record.refreshRefused) {
        throw new OAuthFlowError('oauth-refresh-refused', 'The authorization server refused to renew the token (the refresh token was revoked or has expired), so the server cannot be used until you sign in again.');
      }
      // A refresh token still held here means the SDK tried it and got no answer it could use (no connection, HTTP
      // 5xx): it goes on to a new authorization without a word, and "no valid token is stored" sent the person to
      // sign in again for an authorization server that was only down. A refusal drops the tokens (refreshRefused).
      // Tokens for another authorization server than the one discovered now are not tried: those fall through.
      const issuer = record.discovery?.authorizationServerMetadata?.issuer;
      if (record.tokens?.refresh_token && (record.tokens.issuer === undefined || issuer === undefined || record.tokens.issuer === issuer)) {
        // Shown on the overview too (statusOf), not only in this diagnostic: there the sign-in read as renewing by itself.
        // Memory only, so nothing is written; a store refusing would not change what is said here.
        await this.change((r) => ({ ...r, renewalFailed: true })).catch(() => undefined);
        throw new OAuthFlowError(
          'oauth-failed',
          'The authorization server did not renew the token: it could not be reached or it failed (not a refusal). The sign-in is kept: the app renews it at the next connection once the authorization server answers, so signing in again is not needed.',
        );
      }
      throw new OAuthFlowError('oauth-sign-in-required', `The server needs a sign-in: no valid token is stored for it.${record.signInUnknown ? ` ${record.signInUnknown}` : ''}`);
    }
    // The address comes from the authorization server's metadata: only a web page may be opened.
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OAuthFlowError('oauth-failed', `The authorization page's address is not a web address (${url.protocol}); it was not opened.`);
    await interactive.open(url);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    // A silent provider stops at the page anyway; nothing to keep.
    if (!this.options.interactive) return;
    await this.change((record) => ({ ...record, codeVerifier }));
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.read()).codeVerifier;
    if (!verifier) throw new OAuthFlowError('oauth-failed', 'The PKCE code verifier of this sign-in is missing; start the sign-in again.');
    return verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const { vault, key } = this.options;
    if (scope === 'all') {
      // The SDK's sign-in goes on with the record forgotten in memory; a store that kept it is said, not passed over.
      const where = await vault.forget(key).then(
        () => undefined,
        (error: unknown) => vault.peek(key)?.keptInStore ?? (error instanceof Error ? error.message : String(error)),
      );
      this.options.onChange?.();
      if (where !== undefined) this.options.onKeptInStore?.('sign-in', where);
      return;
    }
    if (scope === 'tokens' || scope === 'client') {
      // Refused by the authorization server (invalid_grant, invalid_client): dropped in memory even when the store
      // will not delete them (a locked keychain), since used again they only fail again; the person is told.
      const next = { ...(await this.read()) };
      // auth() drops the tokens after the authorization server refused them (invalid_grant): remember why.
      if (scope === 'tokens' && next.tokens?.refresh_token) next.refreshRefused = true;
      if (scope === 'client') delete next.client;
      if (scope === 'tokens') {
        delete next.tokens;
        delete next.tokensSavedAt;
      }
      const where = await vault.drop(key, { ...next, boundTo: this.binding });
      this.options.onChange?.();
      if (where !== undefined) this.options.onKeptInStore?.(scope === 'client' ? 'client registration' : 'tokens', where);
      return;
    }
    await this.change((r) => {
      const next = { ...r };
      if (scope === 'verifier') delete next.codeVerifier;
      if (scope === 'discovery') delete next.discovery;
      return next;
    });
  }

  /** The resource indicator sent to the authorization server: the metadata's, without the URL's secret query parameters. */
  async validateResourceURL(serverUrl: string | URL, resource?: string): Promise<URL | undefined> {
    return resourceIndicator(serverUrl, resource);
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    if (!state.resourceMetadata && !state.authorizationServerMetadata) {
      throw new OAuthFlowError(
        'oauth-no-metadata',
        `The server answered 401 but publishes neither protected-resource metadata (RFC 9728) nor authorization-server metadata at ${state.authorizationServerUrl} (RFC 8414), so there is nothing to sign in with.`,
      );
    }
    // Checked as soon as it is known: registration comes next, and the token endpoint is sent the code after the page.
    refusePlainEndpoints(state, this.options.interactive !== undefined);
    // Kept in memory only (the vault leaves discovery out of the store): it is public, and a keychain entry is small.
    await this.change((record) => ({ ...record, discovery: state }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.read()).discovery;
  }
}
