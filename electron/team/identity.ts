// This person's signing identity for the app: one Ed25519 key in the data
// folder, made on first use. No OS keychain binding is installed, so the
// private key is a file with mode 600 — readable by anything running as this
// user. Every caller gets `protection` and `warning` to show, so no screen
// can present the key as safer than it is. docs/team.md says what replaces
// the file: Electron's safeStorage in the app (the shell files pass a sealer
// in; this module cannot import 'electron'), a maintained keyring binding
// for the command and browser mode.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { allowedSignersLine } from './allowed-signers.js';
import { generateSigningKey, readSigningKey, writeSigningKey, type SigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';

export const IDENTITY_FILE = path.join('team', 'signing-key');

export const FILE_KEY_WARNING =
  'Your signing key is kept in a file (mode 600) in the app\'s data folder, not in the system keychain: any program running as you can read it and sign approvals in your name.';

export interface SigningIdentity {
  readonly key: SigningKey;
  readonly name: string;
  readonly file: string;
  readonly protection: 'file';
  readonly warning: string;
  /** `ssh-ed25519 AAAA… name`: the .pub line. */
  readonly publicKey: string;
  /** The line for the team's allowed-signers file. */
  readonly allowedSignersLine: string;
}

function identityOf(key: SigningKey, name: string, file: string, extraWarning?: string): SigningIdentity {
  return {
    key,
    name,
    file,
    protection: 'file',
    warning: extraWarning ? `${FILE_KEY_WARNING} ${extraWarning}` : FILE_KEY_WARNING,
    publicKey: publicKeyLine(key.publicKey, name),
    allowedSignersLine: allowedSignersLine(name, key.publicKey),
  };
}

/** The identity kept in `dataDir`, made now if there is none; the key's comment is the name it was made with. */
export async function loadOrCreateIdentity(dataDir: string, name: string): Promise<SigningIdentity> {
  const file = path.join(dataDir, IDENTITY_FILE);
  const exists = await fs.lstat(file).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const key = generateSigningKey(name);
    await writeSigningKey(file, key);
    return identityOf(key, name, file);
  }
  const { key, warning } = await readSigningKey(file);
  return identityOf(key, key.comment || name, file, warning);
}
