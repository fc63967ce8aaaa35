// The OAuth part of the contract: signing a server in (authorization code with
// PKCE through the browser and a loopback redirect), signing it out, and what
// its token allows. No method returns a token.
import { z } from 'zod';
import type { OAuthAuthorizationUrl, OAuthStatus, SignInResult } from './oauth-model.js';

const serverId = z.string().min(1).max(200);

export const OAUTH_PARAMS = {
  /**
   * Signs the server in: discovery, registration when needed, the authorization page (opened by the app,
   * or by the window on `oauth.authorizationUrl` with `open`), the redirect to 127.0.0.1, the token; then connects.
   * Resolves when the sign-in ends, with a diagnostic when it failed (denied, state mismatch, timed out…).
   */
  'servers.signIn': z.object({ serverId }).strict(),
  /** Stops a sign-in waiting for the browser; its `servers.signIn` resolves with the `oauth-cancelled` diagnostic. */
  'servers.cancelSignIn': z.object({ serverId }).strict(),
  /** Forgets the server's tokens (revoked with the authorization server when it offers revocation) and disconnects it. */
  'servers.signOut': z.object({ serverId }).strict(),
  /** What the server's token allows now. */
  'servers.authStatus': z.object({ serverId }).strict(),
} as const satisfies Record<string, z.ZodType>;

export interface OAuthResults {
  'servers.signIn': SignInResult;
  'servers.cancelSignIn': { readonly cancelled: boolean };
  'servers.signOut': OAuthStatus;
  'servers.authStatus': OAuthStatus;
}

export interface OAuthEvents {
  'oauth.authorizationUrl': OAuthAuthorizationUrl;
}

export const OAUTH_EVENT_NAMES: { readonly [E in keyof OAuthEvents]: true } = {
  'oauth.authorizationUrl': true,
};
