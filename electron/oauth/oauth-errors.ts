// What went wrong in an OAuth sign-in, in words a person can act on. The
// flow's own failures carry their diagnostic code (OAuthFlowError); the SDK's
// errors are recognised by class, and the few it raises as plain Errors by
// their message. Everything a server or its authorization server wrote is
// quoted, shortened, never trusted as markup.
import { InsufficientScopeError, IssuerMismatchError, OAuthError, RegistrationRejectedError, SdkError, UnauthorizedError } from '@modelcontextprotocol/client';
import type { Diagnostic, DiagnosticCode } from '../../shared/model.js';

export type OAuthProblem = Extract<DiagnosticCode, `oauth-${string}`>;

export class OAuthFlowError extends Error {
  override readonly name = 'OAuthFlowError';
  constructor(
    readonly problem: OAuthProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A server's words, on one line, short: they go into a diagnostic. */
export function quoted(text: string | undefined, max = 200): string {
  // Control characters become spaces: a server's text must not break the line it is quoted in.
  const visible = [...(text ?? '')].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('');
  const flat = visible.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}

const TITLES: Record<OAuthProblem, { title: string; hint: string }> = {
  'oauth-sign-in-required': { title: 'Sign-in needed', hint: 'Sign in: the authorization page opens in your browser, and the server connects when you come back.' },
  'oauth-no-metadata': {
    title: 'The server asks for credentials but publishes no OAuth metadata',
    hint: 'It cannot be signed in to with OAuth. Ask its operator for a token and set it as the bearer token (or an Authorization header) instead of OAuth.',
  },
  'oauth-wrong-audience': {
    title: 'The token is for another server',
    hint: 'The server and its authorization server disagree about which resource the token is for. Check the server URL (it must be the one the server names as its resource), then sign in again.',
  },
  'oauth-refresh-refused': { title: 'The sign-in has run out', hint: 'The authorization server refused to renew the token (it was revoked or expired). Sign in again.' },
  'oauth-denied': { title: 'The sign-in was refused', hint: 'The authorization page did not grant access. Sign in again and allow access, or ask the server operator for access.' },
  'oauth-state-mismatch': {
    title: 'The sign-in answer did not match',
    hint: 'The redirect carried a different state than this sign-in sent, so it was refused (it may be an old tab or another program). Start the sign-in again and finish it in the tab it opens.',
  },
  'oauth-registration-unsupported': {
    title: 'The authorization server does not register clients',
    hint: 'It offers no dynamic client registration. Register a client with it (redirect URI http://127.0.0.1/callback, any port), then enter its client ID (and secret, if it has one) in the server settings.',
  },
  'oauth-insufficient-scope': { title: 'The server asks for more access', hint: 'Sign in again to grant the scope it asks for.' },
  'oauth-timeout': { title: 'The sign-in was not finished in time', hint: 'Start the sign-in again and finish it in the browser tab it opens.' },
  'oauth-cancelled': { title: 'Sign-in cancelled', hint: 'Sign in again when ready.' },
  'oauth-failed': { title: 'The OAuth sign-in failed', hint: 'Open the protocol log for the exchange that failed; sign in again once the cause is fixed.' },
};

export function oauthDiagnosticOf(problem: OAuthProblem, detail: string): Diagnostic {
  return { code: problem, ...TITLES[problem], detail };
}

function chainOf(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 6; depth++) {
    out.push(current);
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return out;
}

/** An RFC 7591 error answer as its error code and description; any other body, its start. */
function refusalOf(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const fields = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (typeof fields['error'] !== 'string') return quoted(body);
  const description = fields['error_description'];
  return `${quoted(fields['error'], 80)}${typeof description === 'string' && description ? `: ${quoted(description)}` : ''}`;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The OAuth diagnostic for `error`, or undefined when it is not about OAuth. `where` names the server;
 * `oauth` says whether the server is set to sign in with OAuth (an UnauthorizedError means
 * "sign in" only then).
 */
export function diagnoseOAuth(error: unknown, where: string, oauth: boolean): Diagnostic | undefined {
  for (const link of chainOf(error)) {
    if (link instanceof OAuthFlowError) return oauthDiagnosticOf(link.problem, link.message);
    if (link instanceof InsufficientScopeError) {
      return oauthDiagnosticOf('oauth-insufficient-scope', `${where} refused the request: the token lacks scope ${quoted(link.requiredScope ?? '(not named)')}${link.errorDescription ? ` (${quoted(link.errorDescription)})` : ''}.`);
    }
    // Both issuers are the servers' words (a 1 MiB issuer is as valid a string as any): quoted short, as the rest.
    if (link instanceof IssuerMismatchError) {
      const issuers = `${quoted(link.expected)} was expected${link.kind === 'metadata' ? ' (the address it was looked up at)' : ''}, and it says ${link.received === undefined ? 'none' : quoted(link.received)}`;
      return oauthDiagnosticOf(
        'oauth-failed',
        link.kind === 'metadata'
          ? `The authorization server's metadata names another issuer: ${issuers}.`
          : `The answer the browser brought back names another issuer (RFC 9207): ${issuers}; it may come from another authorization server, so it was not used.`,
      );
    }
    // The SDK's message carries the whole answer (up to the 1 MiB an OAuth answer may be): say what and where, quote it short.
    if (link instanceof RegistrationRejectedError) {
      return oauthDiagnosticOf(
        'oauth-failed',
        `The authorization server of ${where} refused to register this app as a client (HTTP ${link.status}): ${refusalOf(link.body)}. Register a client with it yourself (redirect URI http://127.0.0.1/callback, any port), then enter its client ID in the server settings.`,
      );
    }
    if (link instanceof OAuthError) {
      if (link.code === 'access_denied') return oauthDiagnosticOf('oauth-denied', `The authorization server said: ${quoted(link.message)} (access_denied).`);
      if (link.code === 'invalid_grant') return oauthDiagnosticOf('oauth-refresh-refused', `The authorization server refused the grant: ${quoted(link.message)} (invalid_grant).`);
      return oauthDiagnosticOf('oauth-failed', `The authorization server answered ${quoted(link.code)}: ${quoted(link.message)}.`);
    }
    const message = messageOf(link);
    if (/^Protected resource .* does not match expected/.test(message)) return oauthDiagnosticOf('oauth-wrong-audience', `${where} says its protected resource is another one: ${quoted(message, 400)}.`);
    if (/does not support dynamic client registration/i.test(message)) return oauthDiagnosticOf('oauth-registration-unsupported', `${where}'s authorization server has no registration endpoint, and no client ID is set.`);
    if (oauth && link instanceof SdkError && link.code === 'CLIENT_HTTP_AUTHENTICATION' && /after re-authentication/.test(message)) {
      return oauthDiagnosticOf('oauth-wrong-audience', `${where} refused a token the authorization server had just issued (HTTP 401 after a fresh sign-in or refresh): the token is likely for another resource (audience).`);
    }
    if (oauth && link instanceof UnauthorizedError) return oauthDiagnosticOf('oauth-sign-in-required', `${where} needs a signed-in user (HTTP 401), and no valid token is stored for it.`);
  }
  return undefined;
}
