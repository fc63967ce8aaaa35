// This person's signing identity for the app: one Ed25519 key, made in
// Settings. The private key goes into the secret store the inspector opened
// (the OS keychain through @napi-rs/keyring, or Electron's safeStorage) and
// only where neither answers into a mode-600 file in the data folder, with a
// warning that says so. The public key is always a `.pub` file beside, so
// Settings shows the fingerprint without unlocking anything; a small
// reference file says which store holds the private half.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SecretBackend, SecretStore, SecretStores } from '../secrets/secret-store.js';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { readRegularText } from '../storage/read-regular-file.js';
import { allowedSignersLine } from './allowed-signers.js';
import { formatOpenSshPrivateKey } from './openssh-key.js';
import { generateSigningKey, readSigningKey, seedOf, signingKeyFromText, writeSigningKey, type SigningKey } from './signing-key.js';
import { KeyFormatError, fingerprintOfPublicKey, parsePublicKey, publicKeyLine } from './ssh-wire.js';

/** The private key when it is a file (no keychain here). */
export const IDENTITY_FILE = path.join('team', 'signing-key');
/** The public key, always: readable without unlocking the keychain. */
export const IDENTITY_PUBLIC_FILE = `${IDENTITY_FILE}.pub`;
/** Which secret store holds the private key, when one does. */
export const IDENTITY_REF_FILE = path.join('team', 'signing-key.ref.json');

export const FILE_KEY_WARNING =
  'Your signing key is kept in a file (mode 600): no keychain here. It is in the app\'s data folder, not in the system keychain: any program running as you can read it and sign approvals in your name.';

export type KeyProtection = 'keychain' | 'safe-storage' | 'file';

/** What can be shown without touching the private key. */
export interface IdentityPublic {
  readonly name: string;
  readonly publicKey: Buffer;
  readonly fingerprint: string;
  readonly protection: KeyProtection;
  /** In the user's words: "in the OS keychain (…)" or "in a file (mode 600): no keychain here". */
  readonly where: string;
  /** The private key's file when protection is `file`; else the `.pub` file. */
  readonly file: string;
  /** Only when the private key is a file. */
  readonly warning?: string;
  /** `ssh-ed25519 AAAA… name`: the .pub line. */
  readonly publicKeyLine: string;
  /** The line for the team's allowed-signers file. */
  readonly allowedSignersLine: string;
}

export interface SigningIdentity extends IdentityPublic {
  readonly key: SigningKey;
}

const refSchema = z.object({ store: z.enum(['keychain', 'safe-storage', 'encrypted-file']), id: z.string().min(1), fingerprint: z.string() });

function whereIn(backend: SecretBackend, store: SecretStore | undefined): string {
  if (backend === 'safe-storage') return 'in the OS keychain (encrypted with the key the OS keychain keeps for the app, Electron safeStorage)';
  return `in the OS keychain (${store?.description ?? backend})`;
}

/** A store that really is a keychain: the encrypted file is no better than the mode-600 file, so it is not used for the key. */
function keychainOf(stores: SecretStores | undefined): SecretStore | undefined {
  return stores && stores.primary.backend !== 'encrypted-file' ? stores.primary : undefined;
}

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

async function readRef(dataDir: string): Promise<z.infer<typeof refSchema> | undefined> {
  const file = path.join(dataDir, IDENTITY_REF_FILE);
  if (!(await exists(file))) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(await readRegularText(file, { maxBytes: 4096 }));
  } catch {
    json = undefined;
  }
  const parsed = refSchema.safeParse(json);
  if (!parsed.success) throw new KeyFormatError(`${file} is damaged: it does not say which keychain entry holds the signing key.`);
  return parsed.data;
}

async function readPublicFile(file: string): Promise<{ publicKey: Buffer; name: string }> {
  const [type = '', base64 = '', ...comment] = (await readRegularText(file, { maxBytes: 4096 })).trim().split(/\s+/);
  return { publicKey: parsePublicKey(type, base64, file), name: comment.join(' ') };
}

function shownOf(publicKey: Buffer, name: string, protection: KeyProtection, where: string, file: string, warning?: string): IdentityPublic {
  return {
    name,
    publicKey,
    fingerprint: fingerprintOfPublicKey(publicKey),
    protection,
    where,
    file,
    ...(warning !== undefined ? { warning } : {}),
    publicKeyLine: publicKeyLine(publicKey, name),
    allowedSignersLine: allowedSignersLine(name, publicKey),
  };
}

/** The identity's public part, or undefined when there is none; never reads the private key. */
export async function readIdentityPublic(dataDir: string, stores?: SecretStores): Promise<IdentityPublic | undefined> {
  const ref = await readRef(dataDir);
  const pub = path.join(dataDir, IDENTITY_PUBLIC_FILE);
  if (ref) {
    const { publicKey, name } = await readPublicFile(pub);
    return shownOf(publicKey, name || 'unnamed', ref.store === 'safe-storage' ? 'safe-storage' : 'keychain', whereIn(ref.store, stores?.all.get(ref.store)), pub);
  }
  const file = path.join(dataDir, IDENTITY_FILE);
  if (!(await exists(file))) return undefined;
  // An older data folder may hold the private key without its .pub: then the key itself is read.
  const { key, warning } = await readSigningKey(file);
  return shownOf(key.publicKey, key.comment || 'unnamed', 'file', 'in a file (mode 600): no keychain here', file, warning ? `${FILE_KEY_WARNING} ${warning}` : FILE_KEY_WARNING);
}

/** The identity with its private key (from the keychain, which may ask to be unlocked), or undefined when there is none. */
export async function loadIdentity(dataDir: string, stores?: SecretStores): Promise<SigningIdentity | undefined> {
  const shown = await readIdentityPublic(dataDir, stores);
  if (!shown) return undefined;
  if (shown.protection === 'file') return { ...shown, key: (await readSigningKey(shown.file)).key };
  const ref = (await readRef(dataDir))!;
  const store = stores?.all.get(ref.store);
  if (!store) throw new KeyFormatError(`Your signing key is ${shown.where}, which cannot be opened now. Start the app where that keychain is available.`);
  const text = await store.get(ref.id);
  if (text === undefined) throw new KeyFormatError(`Your signing key is missing from ${store.description} (entry "${ref.id}" of the service "Skill Inspector"): it was deleted there. Remove ${path.join(dataDir, 'team')} and create a new key.`);
  const key = signingKeyFromText(text, `the keychain entry "${ref.id}"`);
  if (!key.publicKey.equals(shown.publicKey)) throw new KeyFormatError(`The keychain entry "${ref.id}" holds another key than ${shown.file}; one of them was replaced.`);
  return { ...shown, key };
}

/** Makes the identity: into the keychain when the inspector has one, else into a mode-600 file. Never replaces one. */
export async function createIdentity(dataDir: string, name: string, stores?: SecretStores): Promise<SigningIdentity> {
  const existing = await readIdentityPublic(dataDir, stores);
  if (existing) throw new KeyFormatError(`You already have a signing key (${existing.file}); the app never replaces one.`);
  const key = generateSigningKey(name);
  const store = keychainOf(stores);
  if (!store) {
    await writeSigningKey(path.join(dataDir, IDENTITY_FILE), key);
    return { ...(await readIdentityPublic(dataDir, stores))!, key };
  }
  const id = `signing-key-${randomUUID()}`;
  await store.set(id, formatOpenSshPrivateKey({ seed: seedOf(key), publicKey: key.publicKey, comment: key.comment }));
  await writeFileAtomic(path.join(dataDir, IDENTITY_PUBLIC_FILE), `${publicKeyLine(key.publicKey, key.comment)}\n`, { backup: false });
  // Written last: its presence says the key is complete.
  await writeFileAtomic(path.join(dataDir, IDENTITY_REF_FILE), `${JSON.stringify({ store: store.backend, id, fingerprint: key.fingerprint }, null, 2)}\n`, { backup: false });
  return { ...(await readIdentityPublic(dataDir, stores))!, key };
}

/** The identity kept for `dataDir`, made now if there is none; the key's comment is the name it was made with. */
export async function loadOrCreateIdentity(dataDir: string, name: string, stores?: SecretStores): Promise<SigningIdentity> {
  return (await loadIdentity(dataDir, stores)) ?? createIdentity(dataDir, name, stores);
}
