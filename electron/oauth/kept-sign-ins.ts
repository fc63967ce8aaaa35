// Which OAuth sign-ins the app has kept in the secret store, and in which
// store: a note in the data folder (oauth-sign-ins.json), so a sign-in whose
// record the store no longer gives (its keychain entry deleted by another
// program, an entry that no longer decrypts, a locked or absent keychain) is
// told apart from never having signed in. The record itself is all in the
// store (tokens, verifier, client): the note holds only the key and the
// store's kind, no token, no address.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { SecretBackend } from '../secrets/secret-store.js';
import { writeFileAtomic } from '../storage/atomic-file.js';

export const KEPT_SIGN_INS_FILE = 'oauth-sign-ins.json';

const BACKENDS: ReadonlySet<string> = new Set<SecretBackend>(['keychain', 'safe-storage', 'encrypted-file']);

export class KeptSignIns {
  private entries: Map<string, SecretBackend> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly dataDir: string) {}

  get file(): string {
    return path.join(this.dataDir, KEPT_SIGN_INS_FILE);
  }

  private async load(): Promise<Map<string, SecretBackend>> {
    if (this.entries) return this.entries;
    const entries = new Map<string, SecretBackend>();
    try {
      const json = JSON.parse(await fs.readFile(this.file, 'utf8')) as unknown;
      if (json && typeof json === 'object' && !Array.isArray(json)) {
        for (const [key, value] of Object.entries(json as Record<string, unknown>)) if (typeof value === 'string' && BACKENDS.has(value)) entries.set(key, value as SecretBackend);
      }
    } catch {
      // No file (no sign-in kept yet), or one that does not read: a lost sign-in then reads as never signed in, as before.
    }
    this.entries ??= entries;
    return this.entries;
  }

  /** The store a sign-in under this key was last kept in; undefined when none is noted. */
  async storeOf(key: string): Promise<SecretBackend | undefined> {
    return (await this.load()).get(key);
  }

  /** A sign-in (tokens) under this key is in this store now. */
  kept(key: string, backend: SecretBackend): Promise<void> {
    return this.save((entries) => void entries.set(key, backend));
  }

  /** No sign-in under this key is kept any more (signed out, its tokens dropped, the server removed). */
  gone(key: string): Promise<void> {
    return this.save((entries) => void entries.delete(key));
  }

  private save(edit: (entries: Map<string, SecretBackend>) => void): Promise<void> {
    const next = this.queue
      .catch(() => undefined)
      .then(async () => {
        const entries = await this.load();
        const before = JSON.stringify(Object.fromEntries(entries));
        edit(entries);
        const after = JSON.stringify(Object.fromEntries(entries));
        if (after !== before) await writeFileAtomic(this.file, `${after}\n`);
      });
    this.queue = next;
    return next;
  }
}
