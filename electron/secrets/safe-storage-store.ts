// Electron's safeStorage (the OS keychain's key encrypts each value) behind
// the SecretStore interface. main.ts passes Electron's safeStorage in; this
// file never imports 'electron', so it runs and is tested in plain Node.
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { readRegularText } from '../storage/read-regular-file.js';
import type { SecretStore } from './secret-store.js';

/** The part of Electron's safeStorage this store uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux: 'basic_text' means no keychain was found and the key is a constant. */
  getSelectedStorageBackend?(): string;
}

export const SAFE_STORAGE_FILE = 'secrets.safe.json';

const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()) });
type SafeFile = z.infer<typeof fileSchema>;

/** Whether safeStorage protects anything here: on Linux without a keychain it encrypts with a fixed key. */
export function safeStorageUsable(safe: SafeStorageLike): boolean {
  if (!safe.isEncryptionAvailable()) return false;
  return safe.getSelectedStorageBackend?.() !== 'basic_text';
}

export class SafeStorageStore implements SecretStore {
  readonly backend = 'safe-storage' as const;
  readonly description = 'the system keychain (Electron safeStorage)';
  private readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly safe: SafeStorageLike,
    dataDir: string,
  ) {
    this.file = path.join(dataDir, SAFE_STORAGE_FILE);
  }

  async get(id: string): Promise<string | undefined> {
    await this.queue.catch(() => undefined);
    const sealed = (await this.read()).entries[id];
    return sealed === undefined ? undefined : this.safe.decryptString(Buffer.from(sealed, 'base64'));
  }

  set(id: string, value: string): Promise<void> {
    return this.change((file) => {
      file.entries[id] = this.safe.encryptString(value).toString('base64');
    });
  }

  delete(id: string): Promise<void> {
    return this.change((file) => {
      delete file.entries[id];
    });
  }

  private change(edit: (file: SafeFile) => void): Promise<void> {
    const next = this.queue.catch(() => undefined).then(async () => {
      const file = await this.read();
      edit(file);
      await writeFileAtomic(this.file, `${JSON.stringify(file, null, 2)}\n`, { backup: false });
    });
    this.queue = next;
    return next;
  }

  private async read(): Promise<SafeFile> {
    try {
      return fileSchema.parse(JSON.parse(await readRegularText(this.file, { maxBytes: 64 * 1024 * 1024 })));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: {} };
      throw error;
    }
  }
}
