// An authorization server's endpoints must be https (RFC 6749 §3.1, §3.2;
// RFC 7591 §5; the MCP authorization spec), but for one on this machine, whose
// requests never cross the network (a local server in development or a test).
// The token endpoint is sent the authorization code, the PKCE verifier and any
// client secret; the registration endpoint answers with the client secret. Both
// are checked as soon as the metadata is known: before registering, before the
// page opens, so nothing goes to either in clear.
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { OAuthFlowError, quoted } from './oauth-errors.js';

/** This machine: a local authorization server in development or a test, whose requests never cross the network. */
export const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** What goes there in clear, in the person's words. */
const CARRIES = {
  'token endpoint': 'the authorization code, the PKCE verifier and any client secret sent there',
  'registration endpoint': 'the client secret it answers with',
} as const;

/** The SDK's own fallbacks when the metadata names no endpoint: /token and /register on the authorization server. */
const FALLBACK = { 'token endpoint': '/token', 'registration endpoint': '/register' } as const;

function addressOf(named: unknown, fallback: string, server: string | undefined): URL | undefined {
  try {
    if (typeof named === 'string') return new URL(named);
    return server ? new URL(fallback, server) : undefined;
  } catch {
    return undefined; // No URL at all: the SDK's own checks refuse it.
  }
}

/**
 * Refuses metadata that names its token or registration endpoint on plain http (or any scheme but https) on another
 * machine. `interactive`: a sign-in, whose page has not opened yet; else a connection's silent refresh.
 */
export function refusePlainEndpoints(state: OAuthDiscoveryState, interactive: boolean): void {
  const metadata = state.authorizationServerMetadata as Record<string, unknown> | undefined;
  for (const [what, field] of [['token endpoint', 'token_endpoint'], ['registration endpoint', 'registration_endpoint']] as const) {
    // No registration endpoint named: the SDK registers nowhere (it only falls back to /register without metadata).
    if (metadata && metadata[field] === undefined && what === 'registration endpoint') continue;
    const url = addressOf(metadata?.[field], FALLBACK[what], state.authorizationServerUrl);
    if (!url || url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) continue;
    const after = interactive ? 'The sign-in was refused before the page opened' : 'Nothing was sent there';
    throw new OAuthFlowError(
      'oauth-failed',
      url.protocol === 'http:'
        ? `The authorization server names its ${what} at ${url.origin}${url.pathname}, on plain http: ${CARRIES[what]} would cross the network unencrypted. ${after}; its operator must serve it over https.`
        : `The authorization server names its ${what} at ${quoted(url.href, 100)}, which is no https address. ${after}.`,
    );
  }
}
