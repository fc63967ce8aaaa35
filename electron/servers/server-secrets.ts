// The catalog's secrets: values in the secret store, references in
// servers.json, and the values in memory for connecting. Nothing here writes a
// value anywhere but the store.
import { randomUUID } from 'node:crypto';
import type { TransportConfig } from '../../shared/model.js';
import { OAUTH_CLIENT_SECRET_FIELD, splitSecrets } from '../../shared/secret-fields.js';
import { refersTo } from '../../shared/secret-args.js';
import { deleteAll, setAll, type SecretRef, type SecretStores } from '../secrets/secret-store.js';

export type SecretRefs = Readonly<Record<string, SecretRef>>;

/** Secrets a store would not delete: where (in words), their ids, and its reason. */
export interface SecretsLeft {
  readonly store: string;
  readonly ids: readonly string[];
  readonly reason: string;
}

export class ServerSecrets {
  /** Values by reference id, read at load and kept for connecting. */
  private readonly values = new Map<string, string>();
  /** Why a referenced value could not be read at load, by reference id (said when its server is connected). */
  private readonly unread = new Map<string, string>();

  constructor(readonly stores: SecretStores) {}

  get warning(): string | undefined {
    return this.stores.warning;
  }

  get description(): string {
    return this.stores.primary.description;
  }

  /** Puts each value in the store under a new id; the references to keep in servers.json. */
  async put(secrets: Readonly<Record<string, string>>): Promise<Record<string, SecretRef>> {
    return (await this.putAll([secrets]))[0]!;
  }

  /**
   * put for several servers at once: one change of the store for all of them
   * (an import of 1,000 servers wrote the encrypted file 2,000 times). The
   * references, in the order given; none is kept when the store refuses.
   */
  async putAll(groups: readonly Readonly<Record<string, string>>[]): Promise<Record<string, SecretRef>[]> {
    const backend = this.stores.primary.backend;
    const values = new Map<string, string>();
    const refs = groups.map((secrets) =>
      Object.fromEntries(
        Object.entries(secrets).map(([field, value]) => {
          const ref: SecretRef = { store: backend, id: randomUUID() };
          values.set(ref.id, value);
          return [field, ref];
        }),
      ),
    );
    try {
      await setAll(this.stores.primary, values);
    } catch (error) {
      // A store that sets one by one (the keychain) may hold some of them.
      await this.drop(Object.assign({}, ...refs.map((r, i) => prefixed(i, r))) as SecretRefs);
      throw new Error(`The secret could not be saved in ${this.stores.primary.description}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    for (const [id, value] of values) this.values.set(id, value);
    return refs;
  }

  /** Reads every referenced value into memory; the fields whose value could not be found, for an alert. */
  async load(refs: SecretRefs): Promise<{ field: string; reason: string }[]> {
    const missing: { field: string; reason: string }[] = [];
    for (const [field, ref] of Object.entries(refs)) {
      const store = this.stores.all.get(ref.store);
      if (!store) {
        missing.push({ field, reason: `it was kept in a store this app cannot open here (${ref.store})` });
        this.unread.set(ref.id, missing.at(-1)!.reason);
        continue;
      }
      try {
        const value = await store.get(ref.id);
        if (value === undefined) missing.push({ field, reason: `${store.description} has no entry for it` });
        else this.values.set(ref.id, value);
      } catch (error) {
        missing.push({ field, reason: `${store.description} refused: ${error instanceof Error ? error.message : String(error)}` });
      }
      if (!this.values.has(ref.id)) this.unread.set(ref.id, missing.at(-1)!.reason);
    }
    return missing;
  }

  /** The values behind the references, by field, for connecting. */
  resolve(refs: SecretRefs | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, ref] of Object.entries(refs ?? {})) {
      const value = this.values.get(ref.id);
      if (value !== undefined) out[field] = value;
    }
    return out;
  }

  /** The referenced fields whose value is not in memory, and why (connecting without them is refused: missing-secrets.ts). */
  missing(refs: SecretRefs | undefined): { field: string; reason: string }[] {
    return Object.entries(refs ?? {})
      .filter(([, ref]) => !this.values.has(ref.id))
      .map(([field, ref]) => ({ field, reason: this.unread.get(ref.id) ?? `${this.stores.all.get(ref.store)?.description ?? 'the secret store'} has no entry for it` }));
  }

  /** New references holding the same values (a duplicated server owns its own). */
  async copy(refs: SecretRefs | undefined): Promise<Record<string, SecretRef>> {
    return this.put(this.resolve(refs));
  }

  /**
   * Deletes the values (one change per store). A store that refuses leaves
   * them there, never a broken catalog: what it kept is returned (by store,
   * with its words) for the caller to say.
   */
  async drop(refs: SecretRefs | undefined): Promise<SecretsLeft[]> {
    const byStore = new Map<SecretRef['store'], string[]>();
    for (const ref of Object.values(refs ?? {})) {
      this.values.delete(ref.id);
      const ids = byStore.get(ref.store) ?? [];
      ids.push(ref.id);
      byStore.set(ref.store, ids);
    }
    const left: SecretsLeft[] = [];
    for (const [backend, ids] of byStore) {
      const store = this.stores.all.get(backend);
      if (!store) {
        left.push({ store: backend, ids, reason: 'a store this app cannot open here' });
        continue;
      }
      await deleteAll(store, ids).catch((error: unknown) => left.push({ store: store.description, ids, reason: error instanceof Error ? error.message : String(error) }));
    }
    return left;
  }

  /** Every secret value in use, for redaction. */
  known(): string[] {
    return [...this.values.values()];
  }
}

/** Secrets a store kept, in words: how many, from which store, its reason and their ids. */
export function secretsLeftWords(left: readonly SecretsLeft[]): string {
  return left.map((l) => `${l.ids.length} from ${l.store} (${l.reason}; ${l.ids.length === 1 ? 'its id' : 'their ids'}: ${l.ids.join(', ')})`).join('; ');
}

/**
 * Whether a save that stores `fresh` takes a value out of servers.json: a field
 * the previous settings (`before`) kept in clear, now a secret (marked so in
 * the form). The file saved before becomes servers.json.bak, still holding it.
 */
export function takesValueOutOfClear(before: TransportConfig, fresh: SecretRefs): boolean {
  // An argument or URL part is named by its place, not by a clear key: any kept in clear before and taken out now.
  const clearPlaces = Object.keys(splitSecrets(before).secrets).filter((field) => field.startsWith('arg:') || field.startsWith('url:'));
  if (clearPlaces.length > 0 && Object.keys(fresh).some((field) => field.startsWith('arg:') || field.startsWith('url:'))) return true;
  const clear: Readonly<Record<string, string>> = before.kind === 'stdio' ? before.env : before.headers;
  const prefix = before.kind === 'stdio' ? 'env:' : 'header:';
  return Object.keys(fresh).some((field) => field.startsWith(prefix) && Object.hasOwn(clear, field.slice(prefix.length)) && clear[field.slice(prefix.length)] !== '');
}

/** The references of several groups in one map, each field made unique by its group's key (for dropping them together). */
export function prefixed(key: string | number, refs: SecretRefs | undefined): SecretRefs {
  return Object.fromEntries(Object.entries(refs ?? {}).map(([field, ref]) => [`${key} ${field}`, ref]));
}

/**
 * Whether a secret field belongs to this kind of transport (an env value does
 * not follow a server that became HTTP); an argument or URL part only while its
 * reference is still there (an edit that deleted it deleted the secret).
 */
export function fieldFits(field: string, transport: TransportConfig): boolean {
  if (transport.kind === 'stdio') return field.startsWith('env:') || (field.startsWith('arg:') && transport.args.some((arg) => refersTo(arg, field)));
  if (field === OAUTH_CLIENT_SECRET_FIELD) return transport.auth?.type === 'oauth';
  if (field.startsWith('url:')) return refersTo(transport.url, field);
  return field === 'bearerToken' || field.startsWith('header:');
}
