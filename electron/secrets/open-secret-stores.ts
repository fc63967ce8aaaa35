// Picks where secrets go on this machine: Electron's safeStorage when the app
// runs in Electron and it has a real keychain behind it; else the OS keychain
// through @napi-rs/keyring when a probe entry round-trips; else the encrypted
// file, with a warning that says what that does and does not protect.
// SKILL_INSPECTOR_SECRETS=keychain|file forces a choice (keychain: fail when
// there is none, for CI that must prove the keychain is used).
import { EncryptedFileStore, SECRETS_FILE, SECRETS_KEY_FILE } from './encrypted-file-store.js';
import { KeychainStore, probeKeychain } from './keychain-store.js';
import { SafeStorageStore, safeStorageUsable, type SafeStorageLike } from './safe-storage-store.js';
import { storesOf, type SecretStores } from './secret-store.js';

export type SecretStoreChoice = 'auto' | 'keychain' | 'file';

export interface OpenSecretStoresOptions {
  readonly dataDir: string;
  /** Electron's safeStorage, passed in by main.ts. */
  readonly safeStorage?: SafeStorageLike;
  readonly choice?: SecretStoreChoice;
}

export function secretStoreChoice(env: NodeJS.ProcessEnv = process.env): SecretStoreChoice {
  const value = env['SKILL_INSPECTOR_SECRETS']?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'keychain' || value === 'file') return value;
  throw new Error(`SKILL_INSPECTOR_SECRETS is "${value}"; use keychain, file or auto.`);
}

export function encryptedFileWarning(reason: string): string {
  return (
    `No system keychain is available here (${reason}). Tokens and other secrets are kept in ${SECRETS_FILE} in the data folder, ` +
    `encrypted with a random key in ${SECRETS_KEY_FILE} beside it (mode 600). That keeps them out of plain files, not away from someone ` +
    'who can read your data folder. To use the keychain, run a Secret Service (GNOME Keyring or KWallet) in your session and restart.'
  );
}

export class NoKeychainError extends Error {}

export async function openSecretStores(options: OpenSecretStoresOptions): Promise<SecretStores> {
  const choice = options.choice ?? secretStoreChoice();
  const file = new EncryptedFileStore(options.dataDir);
  const keychain = new KeychainStore();
  if (choice === 'file') return storesOf(file, [keychain], encryptedFileWarning('SKILL_INSPECTOR_SECRETS=file chose the file'));
  if (choice === 'auto' && options.safeStorage && safeStorageUsable(options.safeStorage)) {
    return storesOf(new SafeStorageStore(options.safeStorage, options.dataDir), [file, keychain]);
  }
  const problem = await probeKeychain(keychain);
  if (problem === undefined) return storesOf(keychain, [file]);
  if (choice === 'keychain') {
    throw new NoKeychainError(`SKILL_INSPECTOR_SECRETS=keychain, but the keychain does not work: ${problem}`);
  }
  return storesOf(file, [keychain], encryptedFileWarning(problem));
}
