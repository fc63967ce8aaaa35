// What the app keeps for a server's sign-in (OAuthRecord), what it is bound
// to (the server URL and client id it was made for), and what every vault
// offers: the secret store's (oauth-vault.ts) and the one that writes nothing
// (memory-vault.ts).
import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { LostSignIn } from '../../shared/oauth-model.js';

export interface OAuthRecord {
  tokens?: StoredOAuthTokens;
  /** Epoch ms when `tokens` were saved: with `expires_in`, when the access token runs out. */
  tokensSavedAt?: number;
  /** The dynamic registration's answer (a pre-registered client id lives in the server's config). */
  client?: StoredOAuthClientInformation;
  codeVerifier?: string;
  discovery?: OAuthDiscoveryState;
  /** Scope the server challenged for that the token lacked (step-up), for the next sign-in. */
  scopeWanted?: string;
  /** The authorization server refused the refresh token: until a sign-in, the diagnostic says so (not just "sign in"). */
  refreshRefused?: boolean;
  /** The server URL and client id the record was made for: after an edit to either, it no longer applies. */
  boundTo?: string;
  /**
   * In memory only: credentials dropped here (the authorization server refused them) that the store would not
   * delete, "<store> (<reason>)". The store still holds the older sign-in, which the next start reads again.
   */
  keptInStore?: string;
  /**
   * In memory only: the app kept a sign-in under this key (kept-sign-ins.ts) that no store gives now, and why.
   * Said until a write brings tokens (a sign-in) or leaves it out (a sign-out), or the record is forgotten (the
   * server removed): what a connection saves meanwhile (discovery, a registration, a verifier) does not end it.
   */
  lostSignIn?: LostSignIn;
  /**
   * In memory only: no store gives a sign-in under this key, and the note of kept sign-ins could not be read, so
   * whether there was one is not known (kept-sign-ins.ts unknownWords). Said until a sign-in brings tokens.
   */
  signInUnknown?: string;
  /** In memory only: the last renewal got no answer it could use (not a refusal). Ended by the next tokens saved. */
  renewalFailed?: true;
}

/** What a record is bound to; a record bound to something else reads as empty. */
export function bindingOf(url: string, clientId: string | undefined): string {
  return `${url}\n${clientId ?? ''}`;
}

export function applies(record: OAuthRecord | undefined, binding: string): OAuthRecord {
  return record && (record.boundTo === undefined || record.boundTo === binding) ? record : {};
}

export interface OAuthVault {
  read(key: string): Promise<OAuthRecord>;
  /** The record as last read or written here, without asking the store (a status to show at once). */
  peek(key: string): OAuthRecord | undefined;
  write(key: string, record: OAuthRecord): Promise<void>;
  /**
   * Writes a record with less in it (tokens or a client the authorization server refused): memory keeps it whatever
   * the store says, since the dropped ones only fail again. Resolves to "<store> (<reason>)" when the store refused.
   */
  drop(key: string, record: OAuthRecord): Promise<string | undefined>;
  /** Forgets the record in memory at once; rejects, saying which store kept it and why (a removal's words), when a store would not delete it. */
  forget(key: string): Promise<void>;
  /** Every secret value held (tokens, verifier, a registered client's secret), for redaction. */
  known(): string[];
  /** Whether a dropped record the store kept is remembered, so a later start does not use it again (stale-sign-ins.ts). */
  readonly remembersDropped?: boolean;
  /** The last drop of this key the store kept, when it could not be remembered: the file and the save's error. */
  unremembered?(key: string): NotRemembered | undefined;
}

/** A drop the data folder would not take (read-only, full): it holds only until the app or command quits. */
export interface NotRemembered {
  readonly file: string;
  readonly error: string;
}

export const vaultId = (key: string) => `oauth:${key}`;

/** The parts of a record that sign in: a record dropped whole that still has one in memory is still in use. */
export const SECRET_PARTS: readonly string[] = ['tokens', 'client', 'codeVerifier'];

/** Every secret value a record holds, for redaction. */
export function secretsOf(record: OAuthRecord): string[] {
  return [record.tokens?.access_token, record.tokens?.refresh_token, record.tokens?.id_token, record.codeVerifier, record.client?.client_secret].filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
}
