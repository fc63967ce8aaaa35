// A token answer is the authorization server's JSON, and the SDK takes much
// of it as it comes: any token_type (its transport then sends the token as
// Bearer anyway, where RFC 6749 §7.1 says a client must not use a token whose
// type it does not understand), a negative expires_in, a token no HTTP header
// can carry (every request then fails in fetch, which quotes the header, token
// and all). What it does refuse (expires_in "soon", 1e309) came out as the
// schema's list of issues, naming neither the field's meaning nor the server.
// This fetch reads each token answer first and refuses it, naming the field
// and the token endpoint, never quoting a token; nothing is saved. A renewal
// the connection runs (the refresh_token grant) reads its answer the same way.
import type { FetchLike } from '@modelcontextprotocol/client';
import { boundedFetch, OversizedAnswerError } from './bounded-fetch.js';
import { OAuthFlowError, quoted } from './oauth-errors.js';

/** How a refused answer ends in a sign-in: nothing of it is kept. */
export const SIGN_IN_NOT_KEPT = 'The sign-in was not kept.';
/** How a refused answer ends in a renewal: the sign-in it would have replaced stays. */
export const RENEWAL_NOT_KEPT = 'The renewed token was not kept: the sign-in stays as it was, and the app tries to renew it again at the next connection.';

/** Far past any real token (a JWT with many claims is a few KB) and what an HTTP server is sure to take in one header. */
export const MAX_TOKEN_CHARS = 16 * 1024;

/** What a header value can carry as a token: visible ASCII, no spaces (RFC 6750's b64token is narrower still). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;
const SECONDS = /^\d+(\.\d+)?$/;

const isTokenRequest = (init: RequestInit | undefined): boolean => {
  const body = init?.body;
  if (body instanceof URLSearchParams) return body.has('grant_type');
  return typeof body === 'string' && new URLSearchParams(body).has('grant_type');
};

/** What keeps the answer from being a token the app can use, or undefined. */
export function tokenAnswerProblem(answer: Record<string, unknown>): string | undefined {
  const type = answer['token_type'];
  if (typeof type === 'string' && type.toLowerCase() !== 'bearer') {
    return `its token_type is ${quoted(type)}: the app sends only Bearer tokens (RFC 6750), and must not use a token of a type it does not know (RFC 6749 §7.1)`;
  }
  const lifetime = answer['expires_in'];
  const seconds = typeof lifetime === 'number' ? lifetime : typeof lifetime === 'string' && SECONDS.test(lifetime) ? Number(lifetime) : Number.NaN;
  if (lifetime !== undefined && lifetime !== null && !(Number.isFinite(seconds) && seconds >= 0)) {
    const shown = typeof lifetime === 'number' ? (Number.isFinite(lifetime) ? String(lifetime) : 'a number too large to hold') : typeof lifetime === 'string' ? quoted(lifetime) : `of type ${typeof lifetime}`;
    return `its expires_in is ${shown}, not a number of seconds the token lasts`;
  }
  const token = answer['access_token'];
  if (typeof token === 'string') {
    if (token.length > MAX_TOKEN_CHARS) return `its access_token is ${token.length} characters long, past the ${MAX_TOKEN_CHARS} an HTTP header is sure to carry`;
    if (!HEADER_SAFE.test(token)) return 'its access_token holds characters an HTTP header cannot carry (control characters, spaces or non-ASCII)';
  }
  const scope = answer['scope'];
  // eslint-disable-next-line no-control-regex
  if (typeof scope === 'string' && /[\x00-\x1f\x7f]/.test(scope)) return 'its scope holds control characters';
  return undefined;
}

export function checkedTokenAnswers(base: FetchLike, notKept = SIGN_IN_NOT_KEPT): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.ok || !isTokenRequest(init)) return response;
    // Already bounded (bounded-fetch.ts); read here, then handed on as read.
    const text = await response.text();
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    const problem = typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? tokenAnswerProblem(answer as Record<string, unknown>) : undefined;
    if (problem) throw new OAuthFlowError('oauth-failed', `The authorization server's token answer from ${String(url)} cannot be used: ${problem}. ${notKept}`);
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

export interface CheckedRenewal {
  /** The connection's fetch, each answer bounded and each token answer read first. */
  readonly fetchFn: FetchLike;
  /** Why the renewal's answer was refused, once it was. */
  readonly refusal: () => OAuthFlowError | undefined;
}

/**
 * The SDK takes any failure of a refresh other than the authorization server's own OAuth error for a server that
 * was down: it goes on to a new authorization, and the refusal's words are lost. This notes the refusal, for the
 * renewal to say instead; its answer reached nothing, so the stored sign-in is as it was.
 */
export function checkedRenewal(base: FetchLike): CheckedRenewal {
  let refused: OAuthFlowError | undefined;
  const checked = checkedTokenAnswers(boundedFetch(base), RENEWAL_NOT_KEPT);
  return {
    fetchFn: async (url, init) => {
      try {
        return await checked(url, init);
      } catch (error) {
        if (error instanceof OAuthFlowError) refused = error;
        else if (error instanceof OversizedAnswerError) refused = new OAuthFlowError('oauth-failed', `${error.message} ${RENEWAL_NOT_KEPT}`, { cause: error });
        throw error;
      }
    },
    refusal: () => refused,
  };
}
