// Where the app keeps secrets: bearer tokens, secret header and env values,
// OAuth tokens. servers.json holds only a reference (backend + id); the value
// lives in one of these stores.
export type SecretBackend = 'keychain' | 'safe-storage' | 'encrypted-file';

export interface SecretStore {
  readonly backend: SecretBackend;
  /** In the user's words: "the system keychain (Secret Service)". */
  readonly description: string;
  get(id: string): Promise<string | undefined>;
  set(id: string, value: string): Promise<void>;
  delete(id: string): Promise<void>;
  /** Several values in one change (a file-backed store writes its file once); without it they are set one by one. */
  setMany?(values: ReadonlyMap<string, string>): Promise<void>;
  /** Several deletions in one change; without it they are deleted one by one. */
  deleteMany?(ids: readonly string[]): Promise<void>;
}

/** Sets every value: in one write where the store can batch (an import of N servers must not write its file N times). */
export async function setAll(store: SecretStore, values: ReadonlyMap<string, string>): Promise<void> {
  if (values.size === 0) return;
  if (store.setMany) return store.setMany(values);
  for (const [id, value] of values) await store.set(id, value);
}

/** Deletes every id, in one write where the store can batch; one by one otherwise, each tried, the first refusal thrown. */
export async function deleteAll(store: SecretStore, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  if (store.deleteMany) return store.deleteMany(ids);
  const refusals: unknown[] = [];
  for (const id of ids) await store.delete(id).catch((error: unknown) => refusals.push(error));
  if (refusals.length > 0) throw refusals[0];
}

/** What servers.json keeps in a secret's place. */
export interface SecretRef {
  readonly store: SecretBackend;
  readonly id: string;
}

/** The stores the app can use now: one that new secrets go to, and every one that can be read. */
export interface SecretStores {
  readonly primary: SecretStore;
  /** Stores that hold secrets written on another day (the keychain was there, now it is not, say). */
  readonly all: ReadonlyMap<SecretBackend, SecretStore>;
  /** Set when the primary store is the encrypted file: what that means, for an alert and the command's stderr. */
  readonly warning?: string;
}

export function storesOf(primary: SecretStore, others: readonly SecretStore[] = [], warning?: string): SecretStores {
  const all = new Map<SecretBackend, SecretStore>();
  for (const store of [...others, primary]) all.set(store.backend, store);
  return { primary, all, ...(warning ? { warning } : {}) };
}
