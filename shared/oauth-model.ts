// What the app may say about an OAuth sign-in: whether a server is signed in,
// what its token allows and until when — never a token, a code or a client
// secret. Plain JSON, shared by the main process and the renderer.
import type { ConnectionSnapshot, Diagnostic } from './model.js';

/** How a server's transport signs in: OAuth 2.1 authorization code with PKCE, through the system browser. */
export interface OAuthSettings {
  readonly type: 'oauth';
  /** A client id registered with the authorization server beforehand; without one the app registers itself (dynamic client registration). */
  readonly clientId?: string;
  /**
   * The pre-registered client's secret. Only ever sent by the form: the catalog moves it to the
   * secret store at once (secret field `oauth:clientSecret`) and never hands it back.
   */
  readonly clientSecret?: string;
  /** Scopes to ask for; without them, the server's protected-resource metadata says (scopes_supported). */
  readonly scopes?: readonly string[];
}

/**
 * A sign-in the app kept in the secret store that the store does not give now, so the server is not signed in:
 * `missing` when the store answered and has no entry for it (another program deleted it), `unreadable` when the
 * store refused to give it (locked, damaged, or a store this machine cannot open). Either way, signing in again
 * replaces it; an unreadable one may still be there once the store gives it again.
 */
export interface LostSignIn {
  readonly problem: 'missing' | 'unreadable';
  /** The store, in the user's words ("the system keychain (Secret Service)"). */
  readonly store: string;
  /** Why, in words: "it has no entry for it", or the store's refusal. */
  readonly reason: string;
}

/** What the token of a server allows, as the authorization server said; shown on the server overview. */
export interface OAuthStatus {
  readonly serverId: string;
  readonly signedIn: boolean;
  /** A sign-in is waiting for the browser (the authorization page is open). */
  readonly signingIn: boolean;
  /** The scopes granted, in the authorization server's words (the token answer's `scope`). */
  readonly scopes?: readonly string[];
  /** When the access token runs out (ISO 8601); the app refreshes it by itself when `refreshable`. */
  readonly expiresAt?: string;
  /** A refresh token is held: an expired access token is renewed without the browser. */
  readonly refreshable?: boolean;
  /** The authorization server that issued the token (its `issuer`). */
  readonly issuer?: string;
  /** The client id the app signs in as (not a secret), and how it got it. */
  readonly clientId?: string;
  readonly registration?: 'dynamic' | 'pre-registered';
  /** Scope the server asked for that the token lacks (step-up); a new sign-in asks for it. */
  readonly scopeWanted?: readonly string[];
  /** Signed in before, but the secret store no longer gives that sign-in: not the same as never signed in. */
  readonly lostSignIn?: LostSignIn;
  /** The last renewal got no answer it could use (unreachable, HTTP 5xx): the sign-in is kept, and renewed once it answers. */
  readonly renewalFailed?: boolean;
}

/** How `servers.signIn` went: the status after it, the connection after it, the diagnostic when it failed. */
export interface SignInResult {
  readonly oauth: OAuthStatus;
  readonly connection: ConnectionSnapshot;
  readonly error?: Diagnostic;
}

/**
 * Pushed when a sign-in (or a step-up) needs the authorization page. `open`: the window must open
 * `url` itself (browser mode; a new tab); false: the app opened it in the system browser already
 * (the window may show the address, to open again or copy).
 */
export interface OAuthAuthorizationUrl {
  readonly serverId: string;
  readonly url: string;
  readonly open: boolean;
}
