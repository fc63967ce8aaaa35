// What the two file-backed stores (safe-storage-store.ts, encrypted-file-store.ts)
// answer alike: every call goes to their SealedEntriesFile, which reads the
// file once and writes it once per batch of changes. They differ only in how
// a value is sealed, which each gives its SealedEntriesFile.
import type { SealedEntriesFile, SealedFileIo } from './sealed-entries-file.js';
import type { SecretBackend, SecretStore } from './secret-store.js';

export abstract class SealedFileStore<Sealed> implements SecretStore {
  abstract readonly backend: SecretBackend;
  abstract readonly description: string;
  protected abstract readonly entries: SealedEntriesFile<Sealed>;

  /** How often the file was read and written and values decrypted, for tests. */
  get io(): SealedFileIo {
    return this.entries.io;
  }

  get(id: string): Promise<string | undefined> {
    return this.entries.get(id);
  }

  set(id: string, value: string): Promise<void> {
    return this.entries.change([[id, value]]);
  }

  setMany(values: ReadonlyMap<string, string>): Promise<void> {
    return this.entries.change(values);
  }

  delete(id: string): Promise<void> {
    return this.entries.change([[id, undefined]]);
  }

  deleteMany(ids: readonly string[]): Promise<void> {
    return this.entries.change(ids.map((id) => [id, undefined] as const));
  }
}
