// Where a server's OAuth state lives: its tokens, the client the app signs in
// as (the dynamic registration's answer), the PKCE verifier of a sign-in in
// flight and what discovery found — one JSON record per server, kept in the
// secret store under a fixed id (`oauth:<key>`), so servers.json needs no
// reference at all. A store that changed (the keychain came or went) is read
// through every store the app can open; writes go to the primary one. Which
// keys hold a sign-in is noted in the data folder (kept-sign-ins.ts), so one
// the store no longer gives is told apart from never having signed in.
import type { LostSignIn } from '../../shared/oauth-model.js';
import type { SecretBackend, SecretStores } from '../secrets/secret-store.js';
import type { KeptSignIns } from './kept-sign-ins.js';
import { OAuthFlowError } from './oauth-errors.js';
import { recordOf } from './record-shape.js';
import { withoutDropped, type Dropped, type StaleSignIns } from './stale-sign-ins.js';
import { SECRET_PARTS, secretsOf, vaultId, type NotRemembered, type OAuthRecord, type OAuthVault } from './oauth-record.js';

// The record and the vault that writes nothing live beside this one; named here too, as before.
export { applies, bindingOf, vaultId, type NotRemembered, type OAuthRecord, type OAuthVault } from './oauth-record.js';
export { MemoryOAuthVault } from './memory-vault.js';

/** Kept in the secret store; a copy in memory so the transport's per-request token read costs nothing. */
export class StoredOAuthVault implements OAuthVault {
  private readonly cache = new Map<string, OAuthRecord>();
  /** What the store holds for each key, as last written or read here. */
  private readonly persisted = new Map<string, string>();
  /** The record the store holds for each key (discovery aside): what memory goes back to when a write is refused. */
  private readonly durable = new Map<string, OAuthRecord>();
  /** The text the primary store is known to hold for each key (read, or written and landed). */
  private readonly inStore = new Map<string, string>();
  /** Writes in order per key: a refresh and a sign-out racing must not resurrect tokens. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Drops the store kept that oauth-dropped.json would not take, by key: said with the drop, not passed over. */
  private readonly notRemembered = new Map<string, NotRemembered>();

  constructor(
    private readonly stores: SecretStores,
    /** Where dropped records the store kept are remembered (the app's data folder); without it, a later start reads them again. */
    private readonly stale?: StaleSignIns,
    /** Which sign-ins were kept, in which store: a record the store no longer gives is then said to be lost, not absent. */
    private readonly keptNote?: KeptSignIns,
  ) {}

  /**
   * Notes whether the store now holds a sign-in (tokens) under the key. Best effort: a note that cannot be saved
   * costs only the telling apart of a lost sign-in from none at a later start (the sign-in itself is in the store).
   */
  private note(key: string, record: OAuthRecord, backend: SecretBackend): Promise<void> | undefined {
    return (record.tokens ? this.keptNote?.kept(key, backend) : this.keptNote?.gone(key))?.catch(() => undefined);
  }

  /** The app kept a sign-in under the key in a store that does not give it now: missing there, or refused (why). */
  private async lost(key: string, refusals: ReadonlyMap<SecretBackend, string>): Promise<LostSignIn | undefined> {
    const backend = await this.keptNote?.storeOf(key).catch(() => undefined);
    if (backend === undefined) return undefined;
    const store = this.stores.all.get(backend);
    if (!store) return { problem: 'unreadable', store: `the secret store "${backend}"`, reason: 'a store this app cannot open here' };
    const refused = refusals.get(backend);
    return refused !== undefined ? { problem: 'unreadable', store: store.description, reason: refused } : { problem: 'missing', store: store.description, reason: 'it has no entry for it' };
  }

  get remembersDropped(): boolean {
    return this.stale !== undefined;
  }

  unremembered(key: string): NotRemembered | undefined {
    return this.notRemembered.get(key);
  }

  /** Remembers a drop the store kept; a save that fails is kept for the words that tell of the drop. */
  private async remember(key: string, texts: readonly string[], dropped: Dropped): Promise<void> {
    if (!this.stale) return;
    try {
      await this.stale.remember(key, texts, dropped);
      this.notRemembered.delete(key);
    } catch (error) {
      this.notRemembered.set(key, { file: this.stale.file, error: error instanceof Error ? error.message : String(error) });
    }
  }

  async read(key: string): Promise<OAuthRecord> {
    let cached = this.cache.get(key);
    // A sign-in the store did not give (locked, an entry that does not read, gone) is asked for again at each read:
    // unlocked, or put back, it is used at once. Kept, it took a restart of the app to be read again.
    if (cached && cached.lostSignIn === undefined) {
      if (!(await this.droppedElsewhere(key, cached))) return cached;
      // Another process (a command with this key) dropped the record held here: read again, as at a start.
      this.cache.delete(key);
      cached = undefined;
    }
    let record: OAuthRecord = {};
    let found = false;
    const refusals = new Map<SecretBackend, string>();
    /** The store gave an entry that is no sign-in record: said, as a sign-in it would not give, naming the entry. */
    let unreadable: LostSignIn | undefined;
    for (const store of [this.stores.primary, ...[...this.stores.all.values()].filter((s) => s !== this.stores.primary)]) {
      const text = await store.get(vaultId(key)).catch((error: unknown) => {
        refusals.set(store.backend, error instanceof Error ? error.message : String(error));
        return undefined;
      });
      if (text === undefined) continue;
      found = true;
      if (store === this.stores.primary) {
        this.persisted.set(key, text);
        this.inStore.set(key, text);
      }
      const read = recordOf(text);
      if ('problem' in read) {
        unreadable = { problem: 'unreadable', store: store.description, reason: `its entry ${vaultId(key)} does not read as a sign-in: ${read.problem}` };
        break;
      }
      record = read.record;
      // A record the app dropped before and the store kept: never used again, and corrected in the store if it lets us.
      const dropped = await this.stale?.droppedFrom(key, text).catch(() => undefined);
      if (dropped) record = await this.settle(key, withoutDropped(record, dropped), dropped);
      // Noted for a sign-in kept before the note existed too: this store holds it.
      else if (record.tokens) await this.note(key, record, store.backend);
      break;
    }
    if (unreadable) record = { lostSignIn: unreadable };
    else if (!found) {
      const lostSignIn = await this.lost(key, refusals);
      const unknown = lostSignIn ? undefined : this.keptNote?.unknownWords();
      if (lostSignIn) record = { lostSignIn };
      else if (unknown) record = { signInUnknown: unknown };
    }
    // Still lost: what was saved in memory meanwhile (discovery, a sign-in's registration and verifier) holds.
    if (record.lostSignIn && cached?.lostSignIn) record = { ...cached, lostSignIn: record.lostSignIn };
    // A write (a sign-in) that landed while the store was asked: it is what holds now.
    const written = this.cache.get(key);
    if (written !== cached && written !== undefined) return written;
    this.cache.set(key, record);
    this.durable.set(key, record);
    return record;
  }

  /**
   * Whether oauth-dropped.json, as it is now, says the record the store holds under the key was dropped, of parts
   * the record in memory still has: a drop another process noted since this one read it (this process's own drops
   * are not in memory). Only a stat of the note while it is unchanged.
   */
  private async droppedElsewhere(key: string, cached: OAuthRecord): Promise<boolean> {
    const text = this.inStore.get(key);
    if (!this.stale || text === undefined) return false;
    const dropped = await this.stale.droppedFrom(key, text).catch(() => undefined);
    if (!dropped) return false;
    const parts = dropped.without === '*' ? SECRET_PARTS : dropped.without;
    return parts.some((part) => (cached as Record<string, unknown>)[part] !== undefined);
  }

  peek(key: string): OAuthRecord | undefined {
    return this.cache.get(key);
  }

  write(key: string, record: OAuthRecord): Promise<void> {
    const store = this.stores.primary;
    return this.store(key, record).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new OAuthFlowError('oauth-failed', `The sign-in could not be kept in ${store.description} (${reason}), so it was not kept at all; the server is as it was before this sign-in.`, { cause: error });
    });
  }

  async drop(key: string, record: OAuthRecord): Promise<string | undefined> {
    // What memory goes back to if this write, or a later one, is refused: never the dropped credentials.
    const { discovery: _public, keptInStore: _older, signInUnknown: _memoryOnly, renewalFailed: _thisRun, ...kept } = record;
    this.durable.set(key, kept);
    const store = this.stores.primary;
    const storedBefore = this.inStore.get(key);
    try {
      await this.store(key, record);
      return undefined;
    } catch (error) {
      const where = `${store.description} (${error instanceof Error ? error.message : String(error)})`;
      this.notRemembered.delete(key);
      if (storedBefore !== undefined) await this.remember(key, [storedBefore], droppedBetween(storedBefore, kept));
      // Marked (peek shows it) until a later write lands: the store still holds the older sign-in.
      const current = this.cache.get(key);
      if (current) this.cache.set(key, { ...current, keptInStore: where });
      return where;
    }
  }

  /** Queues the record's write to the primary store; memory holds it at once and goes back to the store's record if refused. */
  private store(key: string, given: OAuthRecord): Promise<void> {
    // A lost sign-in stays said, in memory only, until a sign-in brings tokens (or a sign-out leaves it out): the
    // first write of a connection (what discovery found) ended it before, so the person never learnt why their
    // sign-in was gone, and it wrote a record without tokens over the store's entry (a locked or unreadable one
    // may still give the sign-in back) and cleared the note that told a later start of the loss.
    if (given.lostSignIn && !given.tokens) {
      this.cache.set(key, given);
      return this.queue.then(() => undefined);
    }
    const { lostSignIn: _replaced, signInUnknown, ...rest } = given;
    // Not known whether there was a sign-in: said until one brings tokens, what a connection saves meanwhile (discovery) aside.
    const record: OAuthRecord = signInUnknown !== undefined && !rest.tokens ? { ...rest, signInUnknown } : rest;
    this.cache.set(key, record);
    // Discovery (public metadata, several KB) stays in memory: a keychain entry has little room (2.5 KB on Windows).
    const { discovery: _public, keptInStore: _older, signInUnknown: _memoryOnly, renewalFailed: _thisRun, ...kept } = record;
    const text = JSON.stringify(kept);
    // Discovery alone changed (every connect runs it): the store already holds these bytes.
    if (this.persisted.get(key) === text) return this.queue.then(() => undefined);
    this.persisted.set(key, text);
    const store = this.stores.primary;
    const next = this.queue
      .catch(() => undefined)
      .then(() => store.set(vaultId(key), text))
      .then(
        () => {
          this.durable.set(key, kept);
          this.inStore.set(key, text);
          // The store holds this record now: an older sign-in it would not delete before is gone from it.
          const current = this.cache.get(key);
          if (current?.keptInStore !== undefined) {
            const { keptInStore: _gone, ...rest } = current;
            this.cache.set(key, rest);
          }
          return Promise.all([this.stale?.clear(key).catch(() => undefined), this.note(key, kept, store.backend)]).then(() => undefined);
        },
        (error: unknown) => {
          // Not written: the next write must not be skipped as "already there".
          if (this.persisted.get(key) === text) this.persisted.delete(key);
          // Nor kept in memory: a token the store refused would be used and shown as signed in until the app
          // quits, then be gone. Unless a later write has replaced it already, memory goes back to the store's.
          if (this.cache.get(key) === record) this.cache.set(key, { ...this.durable.get(key), ...(record.discovery ? { discovery: record.discovery } : {}), ...(record.keptInStore ? { keptInStore: record.keptInStore } : {}) });
          throw error;
        },
      );
    this.queue = next;
    return next;
  }

  forget(key: string): Promise<void> {
    const forgotten: OAuthRecord = {};
    this.cache.set(key, forgotten);
    this.durable.set(key, {});
    this.persisted.delete(key);
    const next = this.queue
      .catch(() => undefined)
      .then(async () => {
        const { refused, held } = await this.deleteEverywhere(key);
        if (refused.length > 0 && this.cache.get(key) === forgotten) this.cache.set(key, { keptInStore: refused.join(' and ') });
        this.notRemembered.delete(key);
        if (refused.length > 0) {
          await this.remember(key, held, { without: '*' });
          throw new Error(`its sign-in (OAuth tokens) is still in ${refused.join(' and in ')}, under the id ${vaultId(key)}`);
        }
        this.inStore.delete(key);
        await this.stale?.clear(key).catch(() => undefined);
        await this.keptNote?.gone(key).catch(() => undefined);
      });
    this.queue = next;
    return next;
  }

  /** Every store is asked; one that refuses (a locked keychain) is named, not passed over in silence, with what it holds. */
  private async deleteEverywhere(key: string): Promise<{ refused: string[]; held: string[] }> {
    const refused: string[] = [];
    const held: string[] = [];
    for (const store of this.stores.all.values()) {
      await store.delete(vaultId(key)).catch(async (error: unknown) => {
        // Unless it is seen to hold the record: a store this machine lacks (no keychain here) refuses and holds nothing.
        const text = await store.get(vaultId(key)).catch(() => (store === this.stores.primary ? 'unknown' : undefined));
        if (text === undefined) return;
        refused.push(`${store.description} (${error instanceof Error ? error.message : String(error)})`);
        if (text !== 'unknown') held.push(text);
      });
    }
    return { refused, held };
  }

  /**
   * A record read back that the app dropped from before: the store is asked again to hold it without the dropped
   * parts (or not at all). Nothing is said either way: the person was told when it was dropped. Refused again, the
   * record stays marked as kept in the store, and is corrected at the next start or change.
   */
  private async settle(key: string, record: OAuthRecord, dropped: Dropped): Promise<OAuthRecord> {
    const store = this.stores.primary;
    try {
      if (dropped.without === '*') {
        const { refused } = await this.deleteEverywhere(key);
        if (refused.length > 0) return { keptInStore: refused.join(' and ') };
        this.persisted.delete(key);
        this.inStore.delete(key);
        await this.keptNote?.gone(key).catch(() => undefined);
      } else {
        const text = JSON.stringify(record);
        await store.set(vaultId(key), text);
        this.persisted.set(key, text);
        this.inStore.set(key, text);
        await this.note(key, record, store.backend);
      }
      await this.stale?.clear(key).catch(() => undefined);
      return record;
    } catch (error) {
      this.persisted.delete(key);
      return { ...record, keptInStore: `${store.description} (${error instanceof Error ? error.message : String(error)})` };
    }
  }

  known(): string[] {
    return [...this.cache.values()].flatMap(secretsOf);
  }
}

/** What was dropped between the record the store holds (its text) and the one the app keeps now. */
function droppedBetween(storedText: string, kept: OAuthRecord): Dropped {
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(storedText) as Record<string, unknown>;
  } catch {
    return { without: '*' };
  }
  const without = Object.keys(stored).filter((field) => !(field in kept));
  return { without, ...(kept.refreshRefused === true && stored['refreshRefused'] !== true ? { refreshRefused: true } : {}) };
}
