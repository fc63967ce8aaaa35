// Every OAuth server's sign-in, for the app and the command alike: the silent
// provider its transport uses, one interactive sign-in at a time per server
// (a second Sign in joins the first), cancel, sign out, step-up, and the
// status the overview shows. Keys name a vault record: the server id in the
// app, a digest of the URL and client id in the command.
import { InsufficientScopeError, computeScopeUnion, isStrictScopeSuperset, type FetchLike, type OAuthClientProvider } from '@modelcontextprotocol/client';
import type { LostSignIn, OAuthSettings, OAuthStatus } from '../../shared/oauth-model.js';
import { OAuthFlowError } from './oauth-errors.js';
import { applies, bindingOf, vaultId, type NotRemembered, type OAuthRecord, type OAuthVault } from './oauth-record.js';
import { revokeTokens } from './revoke.js';
import { signIn } from './sign-in.js';
import { renewingOneAtATime, type RenewingAuth } from './one-renewal.js';
import { StoredOAuthProvider, type DroppedCredentials } from './stored-provider.js';
import { UntilRemoved } from './until-removed.js';
import { APP_READS, capitalised, type NoteReader } from './unread-note.js';

/** A server as the sessions need it: where its record is, its URL, its OAuth settings (secret put back). */
export interface OAuthTarget {
  readonly key: string;
  readonly serverId: string;
  readonly url: string;
  readonly settings: OAuthSettings;
}

/** What a transport gets: the provider for the SDK, and what to do when the server asks for more scope. */
export interface TransportAuth {
  /** What the transport is given: the bearer token, and the renewal on a 401, one at a time (one-renewal.ts). */
  readonly provider: RenewingAuth;
  /** The sign-in's stored record as the SDK's provider, which those renewals read and save. */
  readonly record: OAuthClientProvider;
  /** Runs a sign-in for the challenged scope; resolves once the token has it (the request can be sent again). */
  readonly stepUp: (challenge: InsufficientScopeError) => Promise<void>;
}

export interface OAuthSessionsOptions {
  readonly vault: OAuthVault;
  readonly clientName: string;
  /** Opens the authorization page for a server (Electron: the system browser; browser mode: the window; the command: stderr). */
  readonly openAuthorizationUrl: (serverId: string, url: string) => Promise<void>;
  /** A server's status changed (signing in, signed in, out, scopes). */
  readonly onChange?: (serverId: string) => void;
  readonly timeoutMs?: number;
  readonly fetchFn?: FetchLike;
  /** A line for the server's protocol log (sign-in started, refreshed, signed out…). */
  readonly note?: (serverId: string, text: string) => void;
  /** Credentials the app dropped that the secret store would not delete (keptInStoreWords): an alert, a line on stderr. */
  readonly keptInStore?: (serverId: string, message: string) => void;
  /** A sign-out that could revoke nothing, its token gone from the store (lostSignOutWords): said where the person looks. */
  readonly signedOutLost?: (serverId: string, message: string) => void;
  /** Who drops sign-ins, in what the person is told: the app (the default) or the command. */
  readonly reader?: NoteReader;
}

/** What a sign-out says when the sign-in's token was gone from the store: nothing could be revoked, and why. */
export function lostSignOutWords(lost: LostSignIn): string {
  const why = lost.problem === 'missing' ? `its token is no longer in ${lost.store} (${lost.reason})` : `${lost.store} would not give its token (${lost.reason})`;
  return `Signed out, but nothing could be revoked at the authorization server: ${why}, so there was no token to send it. The app's record of the sign-in is cleared. A token that was not revoked stays valid at the authorization server until it runs out; to end it sooner, revoke the app's access there.`;
}

/**
 * What the person is told when the store keeps credentials the app (or the command: `reader`) dropped: what,
 * where, and what the next start does.
 */
export function keptInStoreWords(dropped: DroppedCredentials, where: string, key: string, remembered: boolean | NotRemembered = false, reader: NoteReader = APP_READS): string {
  const who = reader.name;
  const Who = capitalised(who);
  const what = {
    'sign-in': `${Who} forgot its sign-in, so it no longer uses it, but it could not be deleted from`,
    'signed out': `You signed out, so ${who} no longer uses the sign-in, but it could not be deleted from`,
    tokens: `The authorization server refused its tokens, so ${who} no longer uses them, but they could not be deleted from`,
    'client registration': `The authorization server no longer accepts the client ${who} registered, so ${who} no longer uses it, but it could not be deleted from`,
  }[dropped];
  const deleteNow = `To delete it now, ${reader.deleteNow(vaultId(key))}.`;
  // Remembered (the app's data folder): later starts do not use it, and delete it without another word once the store lets them.
  // Not remembered because the data folder refused the save: the drop holds only while this run lasts, and the person must know.
  const next =
    typeof remembered === 'object'
      ? `${Who} no longer uses it while it runs, but could not note in ${remembered.file} that it must not use it again: ${remembered.error} So when ${who} starts again, it will use that old sign-in again if it is still stored. ${deleteNow}`
      : remembered
        ? `${Who} will not use it again, and deletes it at a later start or change to this sign-in once the store lets it. ${deleteNow}`
        : `${Who} tries the deletion again at the next change to this sign-in; if it is still stored when ${who} starts again, that old sign-in will be tried again then. ${reader.whenUnlocked}`;
  return `${what} ${where}; the old sign-in is still stored there under the id ${vaultId(key)}. ${next}`;
}

export class OAuthSessions {
  private readonly running = new Map<string, { done: Promise<void>; abort: AbortController }>();
  /** How many times each key was forgotten (its server removed): a sign-in or renewal from before writes nothing. */
  private readonly removals = new Map<string, number>();

  constructor(private readonly options: OAuthSessionsOptions) {}

  /** The vault for a sign-in or a transport started now: once the server is removed, its writes are dropped. */
  private vaultFor(key: string): OAuthVault {
    const removals = this.removals.get(key) ?? 0;
    return new UntilRemoved(this.options.vault, () => (this.removals.get(key) ?? 0) !== removals);
  }

  private changed(serverId: string): void {
    this.options.onChange?.(serverId);
  }

  private keptInStore(target: OAuthTarget): (dropped: DroppedCredentials, where: string) => void {
    return (dropped, where) => {
      const vault = this.options.vault;
      const message = keptInStoreWords(dropped, where, target.key, vault.unremembered?.(target.key) ?? vault.remembersDropped === true, this.options.reader);
      if (this.options.keptInStore) this.options.keptInStore(target.serverId, message);
      else this.options.note?.(target.serverId, message);
    };
  }

  /** Reads the records of these targets so their status is known before anything asks (app start). */
  async load(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.options.vault.read(key).catch(() => undefined);
  }

  transportAuth(target: OAuthTarget): TransportAuth {
    const record = new StoredOAuthProvider({ vault: this.vaultFor(target.key), key: target.key, serverUrl: target.url, settings: target.settings, clientName: this.options.clientName, onChange: () => this.changed(target.serverId), onKeptInStore: this.keptInStore(target) });
    return {
      provider: renewingOneAtATime(record),
      record,
      stepUp: (challenge) => this.stepUp(target, challenge),
    };
  }

  /** Signs in; a second call while one runs waits for the same sign-in. */
  signIn(target: OAuthTarget, more: { extraScope?: string; forceReauthorization?: boolean } = {}): Promise<void> {
    const current = this.running.get(target.key);
    if (current) return current.done;
    // A scope the server asked for before (step-up) is asked for again, with a fresh authorization (refresh cannot widen it).
    const wanted = applies(this.options.vault.peek(target.key), bindingOf(target.url, target.settings.clientId)).scopeWanted;
    if (wanted && !more.extraScope) more = { extraScope: wanted, forceReauthorization: true };
    const abort = new AbortController();
    this.options.note?.(target.serverId, 'OAuth sign-in started: discovery, then the authorization page in the browser.');
    const done = signIn({
      vault: this.vaultFor(target.key),
      key: target.key,
      serverUrl: target.url,
      settings: target.settings,
      clientName: this.options.clientName,
      openAuthorizationUrl: (url) => this.options.openAuthorizationUrl(target.serverId, url),
      signal: abort.signal,
      onChange: () => this.changed(target.serverId),
      onKeptInStore: this.keptInStore(target),
      ...(more.extraScope ? { extraScope: more.extraScope } : {}),
      ...(more.forceReauthorization ? { forceReauthorization: true } : {}),
      ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(this.options.fetchFn ? { fetchFn: this.options.fetchFn } : {}),
    })
      .then(() => this.options.note?.(target.serverId, `OAuth sign-in done; the token grants ${this.status(target).scopes?.join(' ') || 'no named scope'}.`))
      .finally(() => {
        this.running.delete(target.key);
        this.changed(target.serverId);
      });
    this.running.set(target.key, { done, abort });
    this.changed(target.serverId);
    return done;
  }

  cancel(key: string): boolean {
    const current = this.running.get(key);
    current?.abort.abort();
    return current !== undefined;
  }

  isSigningIn(key: string): boolean {
    return this.running.has(key);
  }

  /** The server asked for scope the token lacks: remember it, and sign in for the union (a refresh cannot widen a grant). */
  private async record(target: OAuthTarget): Promise<OAuthRecord> {
    return applies(await this.options.vault.read(target.key), bindingOf(target.url, target.settings.clientId));
  }

  async stepUp(target: OAuthTarget, challenge: InsufficientScopeError): Promise<void> {
    const record = await this.record(target);
    const granted = record.tokens?.scope;
    const wanted = computeScopeUnion(granted, record.scopeWanted, challenge.requiredScope);
    if (!challenge.requiredScope || !isStrictScopeSuperset(wanted, granted)) {
      throw new OAuthFlowError('oauth-insufficient-scope', `The server refused the request for lack of scope ${JSON.stringify(challenge.requiredScope ?? '')}, but the token already has every scope it named: signing in again would not change that.`, { cause: challenge });
    }
    // A client the app registered itself with a narrower scope would be refused the wider one (invalid_scope): register anew.
    const registered = (record.client as { scope?: unknown } | undefined)?.scope;
    const outgrown = !target.settings.clientId && typeof registered === 'string' && (wanted ?? '').split(' ').some((s) => s && !registered.split(' ').includes(s));
    const { client, ...rest } = record;
    await this.options.vault.write(target.key, { ...(outgrown ? rest : { ...rest, ...(client ? { client } : {}) }), ...(wanted ? { scopeWanted: wanted } : {}), boundTo: bindingOf(target.url, target.settings.clientId) });
    this.changed(target.serverId);
    this.options.note?.(target.serverId, `The server asks for more scope (${challenge.requiredScope}); signing in again for ${wanted}.`);
    await this.signIn(target, { ...(wanted ? { extraScope: wanted } : {}), forceReauthorization: true });
  }

  async signOut(target: OAuthTarget): Promise<void> {
    this.cancel(target.key);
    const record = await this.record(target);
    const { clientId, clientSecret } = target.settings;
    const lost = record.lostSignIn;
    const said = lost ? lostSignOutWords(lost) : await revokeTokens({
      serverUrl: target.url,
      record,
      ...(clientId ? { client: { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) } } : {}),
      ...(this.options.fetchFn ? { fetchFn: this.options.fetchFn } : {}),
    }).catch((error: unknown) => `Signed out; revoking the tokens failed (${error instanceof Error ? error.message : String(error)}).`);
    // The registered client stays: signing in again needs no new registration.
    const { tokens: _t, tokensSavedAt: _s, codeVerifier: _v, scopeWanted: _w, lostSignIn: _l, renewalFailed: _r, ...kept } = record;
    // Dropped in memory whatever the store says: no token is used once the person signed out. A store that keeps
    // them (a locked keychain) is said once, naming the entry; the vault remembers it so a later start does not use it.
    const where = await this.options.vault.drop(target.key, kept);
    this.options.note?.(target.serverId, said);
    if (lost) this.options.signedOutLost?.(target.serverId, said);
    if (where !== undefined) this.keptInStore(target)('signed out', where);
    this.changed(target.serverId);
  }

  /** Forgets everything about a removed server, its registration too. */
  async forget(key: string): Promise<void> {
    this.removals.set(key, (this.removals.get(key) ?? 0) + 1);
    this.cancel(key);
    await this.options.vault.forget(key);
  }

  status(target: OAuthTarget): OAuthStatus {
    return statusOf(target, applies(this.options.vault.peek(target.key), bindingOf(target.url, target.settings.clientId)), this.running.has(target.key));
  }

  known(): string[] {
    return this.options.vault.known();
  }
}

export function statusOf(target: OAuthTarget, record: OAuthRecord, signingIn: boolean): OAuthStatus {
  const tokens = record.tokens;
  const scopes = tokens?.scope?.split(' ').filter(Boolean);
  const expiry = tokens?.expires_in !== undefined && record.tokensSavedAt !== undefined ? new Date(record.tokensSavedAt + tokens.expires_in * 1000) : undefined;
  // The lifetime is the authorization server's number: one past the last date a Date holds has no date to show (toISOString would throw).
  const expiresAt = expiry && Number.isFinite(expiry.getTime()) ? expiry.toISOString() : undefined;
  const clientId = target.settings.clientId ?? record.client?.client_id;
  const wanted = record.scopeWanted?.split(' ').filter((s) => s && !(scopes ?? []).includes(s));
  return {
    serverId: target.serverId,
    signedIn: Boolean(tokens?.access_token),
    signingIn,
    ...(scopes ? { scopes } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    ...(tokens ? { refreshable: Boolean(tokens.refresh_token) } : {}),
    ...(tokens?.issuer ?? record.client?.issuer ? { issuer: tokens?.issuer ?? record.client?.issuer } : {}),
    ...(clientId ? { clientId, registration: target.settings.clientId ? ('pre-registered' as const) : ('dynamic' as const) } : {}),
    ...(wanted && wanted.length > 0 ? { scopeWanted: wanted } : {}),
    ...(record.lostSignIn ? { lostSignIn: record.lostSignIn } : {}),
    ...(record.renewalFailed && tokens?.access_token ? { renewalFailed: true } : {}),
  };
}
