// The transport's side of a sign-in, renewing its tokens one at a time. The
// SDK's transports run auth() once per 401 answer, so the requests in flight
// when the access token runs out (Verify all has eight) each renew it at the
// same moment, spending the same refresh token several times. An
// authorization server that rotates refresh tokens refuses every use after the
// first (invalid_grant) and revokes the whole grant, as RFC 9700 §4.14.2
// advises, and a good sign-in is lost: "The sign-in has run out". Here a 401
// that comes while a renewal runs waits for that renewal, and its request is
// sent again with the tokens it saved. A 401 that comes after that renewal
// has ended (its request was sent with the old token, its answer was slow)
// renews nothing either: the tokens it was refused for are already replaced,
// and its request is sent again with the new ones. The renewal's answers are
// the authorization server's: bounded and read first (token-answer.ts).
import { auth, extractWWWAuthenticateParams, UnauthorizedError, type AuthProvider, type FetchLike, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { checkedRenewal } from './token-answer.js';

export interface RenewingAuth extends AuthProvider {
  /** Wraps the transport's fetch to note the token each refused request carried, for onUnauthorized to compare. */
  readonly observe: (fetch: FetchLike) => FetchLike;
}

/** What the transport is given for the server's bearer token and its 401s: the SDK's own OAuth handling, one renewal at a time. */
export function renewingOneAtATime(provider: OAuthClientProvider): RenewingAuth {
  let renewing: Promise<void> | undefined;
  /** The access token each 401 answer was for (the transport hands onUnauthorized the answer, not its request). */
  const refusedToken = new WeakMap<Response, string>();
  return {
    token: async () => (await provider.tokens())?.access_token,
    observe: (fetch) => async (url, init) => {
      const response = await fetch(url, init);
      const sent = response.status === 401 ? bearerOf(init?.headers) : undefined;
      if (sent) refusedToken.set(response, sent);
      return response;
    },
    onUnauthorized: async (ctx) => {
      const refused = refusedToken.get(ctx.response);
      if (!renewing && refused !== undefined && refused !== (await provider.tokens())?.access_token) return;
      // As the SDK's adapter for an OAuthClientProvider does it (auth() with the 401's resource metadata and scope),
      // shared by every 401 that arrives before it ends.
      renewing ??= (async () => {
        const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(ctx.response);
        // A token answer the app cannot use is refused before it is saved; said as such, not as a server that was down.
        const checked = checkedRenewal(ctx.fetchFn);
        const result = await auth(provider, { serverUrl: ctx.serverUrl, ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope } : {}), fetchFn: checked.fetchFn }).catch((error: unknown) => {
          throw checked.refusal() ?? error;
        });
        if (result !== 'AUTHORIZED') throw new UnauthorizedError();
      })().finally(() => {
        renewing = undefined;
      });
      return renewing;
    },
  };
}

function bearerOf(headers: RequestInit['headers']): string | undefined {
  const value = new Headers(headers).get('authorization');
  return value?.toLowerCase().startsWith('bearer ') ? value.slice('bearer '.length) : undefined;
}
