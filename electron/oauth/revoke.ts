// Sign out: the tokens are revoked with the authorization server when it
// offers revocation (RFC 7009), best effort — the app forgets them either way.
// The SDK has discovery and client authentication helpers but no revocation.
import { assertSecureTokenEndpoint, discoverOAuthServerInfo, selectClientAuthMethod, type AuthorizationServerMetadata, type FetchLike } from '@modelcontextprotocol/client';
import { boundedFetch } from './bounded-fetch.js';
import type { OAuthRecord } from './oauth-record.js';

export interface RevokeOptions {
  readonly serverUrl: string;
  readonly record: OAuthRecord;
  /** The pre-registered client's id and secret, when the server has one. */
  readonly client?: { readonly client_id: string; readonly client_secret?: string };
  readonly fetchFn?: FetchLike;
  /** How long the whole revocation may take: a sign-out must end even when the authorization server never answers. */
  readonly timeoutMs?: number;
}

const REVOKE_TIMEOUT_MS = 10_000;

/** What happened, in words for the protocol log. */
export async function revokeTokens(options: RevokeOptions): Promise<string> {
  const tokens = options.record.tokens;
  if (!tokens) return 'No token was held.';
  const client = options.client ?? options.record.client;
  if (!client) return 'No client is registered; the tokens were forgotten here only.';
  const timeoutMs = options.timeoutMs ?? REVOKE_TIMEOUT_MS;
  const plainFetch = boundedFetch(options.fetchFn ?? fetch);
  // One deadline for discovery and both revocations together, so the sign-out waits at most that long.
  const deadline = AbortSignal.timeout(timeoutMs);
  const fetchFn: FetchLike = (url, init) =>
    plainFetch(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline }).catch((error: unknown) => {
      throw deadline.aborted ? new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`) : error;
    });
  let metadata: AuthorizationServerMetadata | undefined = options.record.discovery?.authorizationServerMetadata;
  if (!metadata) metadata = (await discoverOAuthServerInfo(options.serverUrl, { fetchFn }).catch(() => undefined))?.authorizationServerMetadata;
  // Only the issuer of these tokens may be sent them: the metadata came through the server's protected-resource
  // document, which may name another authorization server now (the SDK stamps each token with its issuer).
  const issuer = (tokens as { issuer?: unknown }).issuer ?? (client as { issuer?: unknown }).issuer;
  if (metadata && (typeof issuer !== 'string' || !sameIssuer(metadata.issuer, issuer))) {
    return `The server now names the authorization server ${metadata.issuer}, but the tokens were issued by ${typeof issuer === 'string' ? issuer : 'an authorization server not recorded'}; they were not sent to it, and were forgotten here only.`;
  }
  // RFC 8414's revocation fields, read from the document as sent (the SDK's metadata type leaves them out).
  const fields = (metadata ?? {}) as Record<string, unknown>;
  const endpoint = typeof fields['revocation_endpoint'] === 'string' ? fields['revocation_endpoint'] : undefined;
  const methods = Array.isArray(fields['revocation_endpoint_auth_methods_supported']) ? fields['revocation_endpoint_auth_methods_supported'].filter((m): m is string => typeof m === 'string') : undefined;
  if (!endpoint) return 'The authorization server offers no revocation endpoint; the tokens were forgotten here only.';
  const url = assertSecureTokenEndpoint(endpoint);
  const method = selectClientAuthMethod(client, methods ?? metadata?.token_endpoint_auth_methods_supported ?? []);
  const said: string[] = [];
  // The refresh token first: revoking it ends the grant, and with it the access token, at most servers.
  for (const [hint, token] of [['refresh_token', tokens.refresh_token], ['access_token', tokens.access_token]] as const) {
    if (!token) continue;
    const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' });
    const body = new URLSearchParams({ token, token_type_hint: hint });
    if (method === 'client_secret_basic' && client.client_secret) {
      headers.set('authorization', `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`);
    } else {
      body.set('client_id', client.client_id);
      if (method === 'client_secret_post' && client.client_secret) body.set('client_secret', client.client_secret);
    }
    const response = await fetchFn(url, { method: 'POST', headers, body }).catch((error: unknown) => error as Error);
    if (response instanceof Error) said.push(`revoking the ${hint.replace('_', ' ')} failed (${response.message})`);
    else {
      await response.body?.cancel().catch(() => undefined);
      said.push(response.ok ? `the ${hint.replace('_', ' ')} was revoked` : `revoking the ${hint.replace('_', ' ')} was answered HTTP ${response.status}`);
    }
  }
  return `Signed out: ${said.join('; ')}.`;
}

/** RFC 8414 issuers compared as the SDK does: exactly, but for one trailing slash. */
function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/$/, '') === b.replace(/\/$/, '');
}
