// Electron's safeStorage (the OS keychain's key encrypts each value) behind
// the SecretStore interface. main.ts passes Electron's safeStorage in; this
// file never imports 'electron', so it runs and is tested in plain Node.
import path from 'node:path';
import { z } from 'zod';
import { SealedEntriesFile } from './sealed-entries-file.js';
import { SealedFileStore } from './sealed-file-store.js';

/** The part of Electron's safeStorage this store uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux: 'basic_text' means no keychain was found and the key is a constant. */
  getSelectedStorageBackend?(): string;
}

export const SAFE_STORAGE_FILE = 'secrets.safe.json';

/** Whether safeStorage protects anything here: on Linux without a keychain it encrypts with a fixed key. */
export function safeStorageUsable(safe: SafeStorageLike): boolean {
  if (!safe.isEncryptionAvailable()) return false;
  return safe.getSelectedStorageBackend?.() !== 'basic_text';
}

export class SafeStorageStore extends SealedFileStore<string> {
  readonly backend = 'safe-storage' as const;
  readonly description = 'the system keychain (Electron safeStorage)';
  /** Read once, written once per batch of changes (sealed-entries-file.ts): each value is decrypted once, not at every read. */
  protected readonly entries: SealedEntriesFile<string>;

  constructor(safe: SafeStorageLike, dataDir: string) {
    super();
    this.entries = new SealedEntriesFile(path.join(dataDir, SAFE_STORAGE_FILE), z.string(), {
      seal: async (_id, value) => safe.encryptString(value).toString('base64'),
      open: async (_id, sealed) => safe.decryptString(Buffer.from(sealed, 'base64')),
    });
  }
}
