// A command-line signing key kept in the OS keychain (`key new --keychain`,
// `approve --key keychain:NAME`): the private key is an OpenSSH key text in
// the entry (service "Skill Inspector", account "signing-key:NAME"), and only
// FILE.pub is written. The keychain is the one @napi-rs/keyring reaches (the
// Secret Service on Linux), the same the app uses in browser mode.
import { KEYCHAIN_SERVICE, KeychainStore } from '../secrets/keychain-store.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { formatOpenSshPrivateKey } from './openssh-key.js';
import { KeyFormatError, seedOf, signingKeyFromText, type SigningKey } from './signing-key.js';

/** What `--key` names to sign with a keychain key. */
export const KEYCHAIN_KEY_PREFIX = 'keychain:';

export function keychainAccount(name: string): string {
  return `signing-key:${name}`;
}

/** `keychain:NAME` → NAME; undefined for a file path. */
export function keychainKeyName(keyOption: string): string | undefined {
  if (!keyOption.startsWith(KEYCHAIN_KEY_PREFIX)) return undefined;
  const name = keyOption.slice(KEYCHAIN_KEY_PREFIX.length).trim();
  if (!name) throw new KeyFormatError(`--key ${keyOption} names no key; write --key keychain:NAME, NAME as given to "key new --keychain".`);
  return name;
}

function why(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Where an entry is, in the user's words, for stderr. */
export function keychainPlace(name: string, store: SecretStore): string {
  return `${store.description}, service "${KEYCHAIN_SERVICE}", account "${keychainAccount(name)}"`;
}

/** Stores the private key under NAME; never replaces an entry that is there. */
export async function storeKeyInKeychain(name: string, key: SigningKey, store: SecretStore = new KeychainStore()): Promise<void> {
  let existing: string | undefined;
  try {
    existing = await store.get(keychainAccount(name));
  } catch (error) {
    throw new KeyFormatError(`The keychain cannot be used here (${why(error)}). Run a Secret Service (GNOME Keyring or KWallet), or write a file without --keychain.`);
  }
  if (existing !== undefined) throw new KeyFormatError(`${keychainPlace(name, store)} already holds a key; skill-inspector never replaces a key. Choose another --name, or remove the entry first.`);
  try {
    await store.set(keychainAccount(name), formatOpenSshPrivateKey({ seed: seedOf(key), publicKey: key.publicKey, comment: key.comment }));
  } catch (error) {
    throw new KeyFormatError(`The key could not be stored in the keychain (${why(error)}).`);
  }
}

export async function readKeyFromKeychain(name: string, store: SecretStore = new KeychainStore()): Promise<SigningKey> {
  let text: string | undefined;
  try {
    text = await store.get(keychainAccount(name));
  } catch (error) {
    throw new KeyFormatError(`The keychain cannot be read here (${why(error)}); --key keychain:${name} needs the keychain "key new --keychain" wrote to.`);
  }
  if (text === undefined) throw new KeyFormatError(`No key named "${name}" in ${keychainPlace(name, store)}. Make one with "skill-inspector key new --keychain --name ${name} --out FILE".`);
  return signingKeyFromText(text, `the keychain key "${name}"`);
}
