// The OS keychain through @napi-rs/keyring: macOS Keychain, Windows Credential
// Manager, the Secret Service on Linux (GNOME Keyring, KWallet). On Linux the
// entry is pinned to the Secret Service: the binding's default falls back to
// the kernel keyring, which forgets everything at reboot.
import { AsyncEntry } from '@napi-rs/keyring';
import { randomUUID } from 'node:crypto';
import type { SecretStore } from './secret-store.js';

export const KEYCHAIN_SERVICE = 'Skill Inspector';

/** How long the probe may take: a locked collection may wait on an unlock prompt nobody answers. */
const PROBE_TIMEOUT_MS = 5_000;

function entry(id: string): AsyncEntry {
  return new AsyncEntry(KEYCHAIN_SERVICE, id, { linux: { store: 'secret-service' } });
}

export class KeychainStore implements SecretStore {
  readonly backend = 'keychain' as const;
  readonly description = process.platform === 'darwin' ? 'the macOS Keychain' : process.platform === 'win32' ? 'the Windows Credential Manager' : 'the system keychain (Secret Service)';

  async get(id: string): Promise<string | undefined> {
    return (await entry(id).getPassword()) ?? undefined;
  }

  async set(id: string, value: string): Promise<void> {
    await entry(id).setPassword(value);
  }

  async delete(id: string): Promise<void> {
    await entry(id).deletePassword();
  }
}

/**
 * Writes, reads back and deletes a throwaway entry: a keychain that is absent
 * (no D-Bus session, no Secret Service), locked or read-only answers with its
 * reason. Undefined when the keychain works.
 */
export async function probeKeychain(store = new KeychainStore()): Promise<string | undefined> {
  const id = `probe-${randomUUID()}`;
  const value = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the keychain did not answer within ${PROBE_TIMEOUT_MS / 1000} s (a locked keyring waiting for a password?)`), PROBE_TIMEOUT_MS);
  });
  const attempt = (async () => {
    try {
      await store.set(id, value);
      const back = await store.get(id);
      await store.delete(id);
      return back === value ? undefined : 'a value written to the keychain did not read back the same';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  })();
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
