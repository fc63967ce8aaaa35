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
