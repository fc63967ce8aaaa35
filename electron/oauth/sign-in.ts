// One interactive sign-in: a loopback listener, the SDK's auth() up to the
// authorization page (discovery, registration, PKCE S256, the state), the
// wait for the browser to come back, then auth() again with the code for the
// token. A token that can simply be refreshed needs no browser at all.
import { randomBytes } from 'node:crypto';
import { auth, OAuthError, type FetchLike } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../../shared/oauth-model.js';
import { boundedFetch } from './bounded-fetch.js';
import { LoopbackRedirect, type RedirectAnswer } from './loopback-redirect.js';
import { OAuthFlowError, quoted } from './oauth-errors.js';
import type { OAuthVault } from './oauth-record.js';
import { isLoopback } from './plain-endpoints.js';
import { StoredOAuthProvider, type DroppedCredentials } from './stored-provider.js';
import { checkedTokenAnswers } from './token-answer.js';

export interface SignInOptions {
  readonly vault: OAuthVault;
  readonly key: string;
  readonly serverUrl: string;
  readonly settings: OAuthSettings;
  readonly clientName: string;
  /** Opens the authorization page; resolves once it is handed over (not when the user is done). */
  readonly openAuthorizationUrl: (url: string) => Promise<void>;
  /** Scope to ask for beyond the settings' (a step-up's challenge). */
  readonly extraScope?: string;
  /** Skip the refresh: the scope wanted is more than the token has (refresh cannot widen it, RFC 6749 §6). */
  readonly forceReauthorization?: boolean;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly fetchFn?: FetchLike;
  readonly onChange?: () => void;
  readonly onKeptInStore?: (dropped: DroppedCredentials, where: string) => void;
}

/**
 * The person types their password on the authorization page: on plain http to another machine it would cross the
 * network unencrypted (RFC 6749 §3.1 requires TLS there). Refused before the page opens.
 */
function refusePlainPage(url: URL): void {
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) return;
  const page = `${url.origin}${url.pathname}`;
  throw new OAuthFlowError(
    'oauth-failed',
    url.protocol === 'http:'
      ? `The authorization server names its authorization page at ${page}, on plain http: the password typed there would cross the network unencrypted. The sign-in was refused before the page opened; its operator must serve it over https.`
      : `The authorization server names its authorization page at ${quoted(url.href, 100)}, which is no https address. The sign-in was refused before the page opened.`,
  );
}

/** The scopes to ask for, each once: the settings', then the challenged ones. */
export function scopeToAsk(settings: OAuthSettings, extra?: string): string | undefined {
  const words = [...(settings.scopes ?? []), ...(extra ?? '').split(' ')].filter(Boolean);
  return words.length > 0 ? [...new Set(words)].join(' ') : undefined;
}

export async function signIn(options: SignInOptions): Promise<void> {
  const loopback = await LoopbackRedirect.open();
  const state = randomBytes(32).toString('base64url');
  let answer: Promise<RedirectAnswer> | undefined;
  const provider = new StoredOAuthProvider({
    vault: options.vault,
    key: options.key,
    serverUrl: options.serverUrl,
    settings: options.settings,
    clientName: options.clientName,
    ...(options.onChange ? { onChange: options.onChange } : {}),
    ...(options.onKeptInStore ? { onKeptInStore: options.onKeptInStore } : {}),
    interactive: {
      redirectUrl: loopback.redirectUrl,
      state,
      open: async (url) => {
        refusePlainPage(url);
        // Listening before the page opens: a fast authorization server must not find nobody home.
        answer = loopback.wait(state, { ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}), ...(options.signal ? { signal: options.signal } : {}) });
        answer.catch(() => undefined);
        await options.openAuthorizationUrl(url.href);
      },
    },
  });
  const scope = scopeToAsk(options.settings, options.extraScope);
  // Cancel reaches every request too (discovery, registration, the token), not only the wait for the browser:
  // a server that never answers one must not hold the sign-in until Node gives up on it minutes later.
  const signal = options.signal;
  // Every answer is bounded too: a metadata document without end is cut off, not read into memory whole. A token
  // answer the app cannot use (a type other than Bearer, a lifetime that is no number) is refused before it is kept.
  const plainFetch = checkedTokenAnswers(boundedFetch(options.fetchFn ?? fetch));
  const fetchFn: FetchLike = signal ? (url, init) => plainFetch(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }) : plainFetch;
  const common = { serverUrl: options.serverUrl, ...(scope ? { scope } : {}), fetchFn };
  try {
    const first = await auth(provider, { ...common, ...(options.forceReauthorization ? { forceReauthorization: true } : {}) });
    if (first === 'AUTHORIZED') return;
    if (!answer) throw new OAuthFlowError('oauth-failed', 'The sign-in stopped before the authorization page was opened.');
    const { code, iss } = await answer;
    try {
      const second = await auth(provider, { ...common, authorizationCode: code, ...(iss !== undefined ? { iss } : {}) });
      if (second !== 'AUTHORIZED') throw new OAuthFlowError('oauth-failed', 'The authorization server did not give a token for the authorization code.');
    } catch (error) {
      if (error instanceof OAuthError) {
        throw new OAuthFlowError('oauth-failed', `The authorization server refused to exchange the authorization code for a token: ${quoted(error.message)} (${error.code}). With PKCE this also means the code verifier did not match the challenge.`, { cause: error });
      }
      throw error;
    }
  } catch (error) {
    if (signal?.aborted && !(error instanceof OAuthFlowError)) throw new OAuthFlowError('oauth-cancelled', 'The sign-in was cancelled while waiting for the server or its authorization server to answer.', { cause: error });
    throw error;
  } finally {
    await provider.invalidateCredentials('verifier').catch(() => undefined);
    await loopback.close();
  }
}
