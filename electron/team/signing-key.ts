// A person's signing key: Ed25519 through node:crypto. Made here (and written
// in OpenSSH's format, so ssh-keygen reads it), or an existing OpenSSH
// ed25519 key without a passphrase, or a PKCS#8 PEM key as OpenSSL writes it.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { FileTooLarge, NotARegularFile, readRegularText } from '../storage/read-regular-file.js';
import { keyFileExists, writeNewKeyFile } from './new-key-file.js';
import { formatOpenSshPrivateKey, isOpenSshPrivateKey, parseOpenSshPrivateKey } from './openssh-key.js';
import { KeyFormatError, fingerprintOfPublicKey, isSmallOrderKey, publicKeyLine } from './ssh-wire.js';

export { KeyFormatError };

/** A key file is a few hundred bytes; anything much larger is not one. */
const MAX_KEY_FILE_BYTES = 64 * 1024;
/** PKCS#8 for Ed25519 is this fixed prefix and the 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface SigningKey {
  readonly privateKey: KeyObject;
  /** The 32 raw bytes of the public key. */
  readonly publicKey: Buffer;
  /** `SHA256:…`, as `ssh-keygen -lf` prints it. */
  readonly fingerprint: string;
  /** The key file's comment (OpenSSH keys carry one; often the owner's e-mail). */
  readonly comment: string;
}

function fromSeed(seed: Buffer, comment: string): SigningKey {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  return fromPrivateKey(privateKey, comment);
}

function fromPrivateKey(privateKey: KeyObject, comment: string): SigningKey {
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  return { privateKey, publicKey, fingerprint: fingerprintOfPublicKey(publicKey), comment };
}

function rawPublicKey(key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new KeyFormatError('Not an Ed25519 key.');
  return Buffer.from(jwk.x, 'base64url');
}

export function generateSigningKey(comment: string): SigningKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  return fromPrivateKey(privateKey, comment);
}

/** The 32-byte seed: what the OpenSSH file (and the keychain entry) stores. */
export function seedOf(key: SigningKey): Buffer {
  const jwk = key.privateKey.export({ format: 'jwk' });
  if (typeof jwk.d !== 'string') throw new KeyFormatError('The private key cannot be exported.');
  return Buffer.from(jwk.d, 'base64url');
}

/** A key from a file's text: OpenSSH (`BEGIN OPENSSH PRIVATE KEY`) or PKCS#8 PEM (`BEGIN PRIVATE KEY`). */
export function signingKeyFromText(text: string, what: string): SigningKey {
  if (isOpenSshPrivateKey(text)) {
    const parsed = parseOpenSshPrivateKey(text, what);
    const key = fromSeed(parsed.seed, parsed.comment);
    // The file states its public key twice; both must be the one its seed makes, or signatures would name the wrong key.
    if (!key.publicKey.equals(parsed.publicKey)) throw new KeyFormatError(`${what}: its private key does not make its public key; the file is damaged.`);
    return key;
  }
  if (text.includes('-----BEGIN PRIVATE KEY-----')) {
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey({ key: text, format: 'pem' });
    } catch (error) {
      throw new KeyFormatError(`${what} is not a readable PKCS#8 key (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new KeyFormatError(`${what} is a ${privateKey.asymmetricKeyType ?? 'unknown'} key; only Ed25519 keys sign approvals.`);
    return fromPrivateKey(privateKey, '');
  }
  if (text.includes('ENCRYPTED PRIVATE KEY')) throw new KeyFormatError(`${what} is encrypted; skill-inspector cannot read encrypted keys yet.`);
  throw new KeyFormatError(`${what} is not a private key skill-inspector reads (an OpenSSH ed25519 key or a PKCS#8 Ed25519 PEM).`);
}

export interface KeyFileRead {
  readonly key: SigningKey;
  /** Set when the file can be read by other users, as ssh itself warns. */
  readonly warning?: string;
}

export async function readSigningKey(file: string): Promise<KeyFileRead> {
  let text: string;
  try {
    text = await readRegularText(file, { maxBytes: MAX_KEY_FILE_BYTES });
  } catch (error) {
    if (error instanceof NotARegularFile || error instanceof FileTooLarge) throw new KeyFormatError(`Cannot use the key ${file}: ${error.reason}`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new KeyFormatError(code === 'ENOENT' ? `No key file ${file}. Make one with "skill-inspector key new --name NAME --out ${file}".` : `Cannot read the key ${file} (${code ?? String(error)}).`);
  }
  const key = signingKeyFromText(text, file);
  const mode = (await fs.stat(file)).mode & 0o777;
  const loose = process.platform !== 'win32' && (mode & 0o077) !== 0;
  return loose ? { key, warning: `The private key ${file} can be read by other users (mode ${mode.toString(8)}); run "chmod 600 ${file}".` } : { key };
}

/**
 * Writes the private key (mode 600 from its creation, OpenSSH format) and `<file>.pub`; never replaces an existing
 * file nor follows a link at either path: each is created exclusively (new-key-file.ts), so one that appears after
 * the look below still stops the write. A `.pub` that cannot be made takes the private key just made with it.
 */
export async function writeSigningKey(file: string, key: SigningKey): Promise<void> {
  // Looked at first only to say so before anything is written; the exclusive creates are what guard.
  for (const target of [file, `${file}.pub`]) {
    const exists = await fs.lstat(target).then(
      () => true,
      () => false,
    );
    if (exists) throw keyFileExists(target);
  }
  await writeNewKeyFile(file, formatOpenSshPrivateKey({ seed: seedOf(key), publicKey: key.publicKey, comment: key.comment }), 0o600);
  try {
    await writeNewKeyFile(`${file}.pub`, `${publicKeyLine(key.publicKey, key.comment)}\n`, 0o644);
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
}

export function signBytes(key: SigningKey, data: Buffer): Buffer {
  return sign(null, data, key.privateKey);
}

/** Ed25519 verification with a raw 32-byte public key; false for any malformed input. */
export function verifyBytes(publicKey: Buffer, data: Buffer, signature: Buffer): boolean {
  // A key of small order verifies signatures no one made (ssh-wire.ts): never a signer, wherever the key came from.
  if (publicKey.length !== 32 || signature.length !== 64 || isSmallOrderKey(publicKey)) return false;
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') }, format: 'jwk' });
    return verify(null, data, key, signature);
  } catch {
    return false;
  }
}
