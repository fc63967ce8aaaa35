// OpenSSH's private key file ("openssh-key-v1", PROTOCOL.key in OpenSSH's
// sources) for one unencrypted Ed25519 key: read, so a person can sign with
// the key they already have, and written, so a key this app makes works with
// ssh-keygen too. node:crypto reads PKCS#8 and JWK but not this format; it is
// small, and every field is checked on the way in.
//
//   "openssh-key-v1\0"
//   string ciphername ("none")   string kdfname ("none")   string kdfoptions ("")
//   uint32 number of keys (1)    string public key blob
//   string private section:
//     uint32 checkint, uint32 checkint (equal)
//     string "ssh-ed25519"  string public key (32)  string seed || public key (64)
//     string comment
//     padding 1, 2, 3, … up to a multiple of 8 bytes
import { randomBytes } from 'node:crypto';
import { ED25519_KEY_TYPE, KeyFormatError, WireReader, ed25519Blob, publicKeyOfBlob, wireString, wireUint32 } from './ssh-wire.js';

const MAGIC = Buffer.from('openssh-key-v1\0', 'latin1');
const BEGIN = '-----BEGIN OPENSSH PRIVATE KEY-----';
const END = '-----END OPENSSH PRIVATE KEY-----';
const BLOCK = 8;

export interface OpenSshEd25519 {
  /** The 32-byte private seed (RFC 8032's "private key"). */
  readonly seed: Buffer;
  readonly publicKey: Buffer;
  readonly comment: string;
}

export function isOpenSshPrivateKey(text: string): boolean {
  return text.trimStart().startsWith(BEGIN);
}

/** Reads the file's text; `what` names it in every error. Does not check that the seed derives the public key (signing-key.ts does). */
export function parseOpenSshPrivateKey(text: string, what: string): OpenSshEd25519 {
  const trimmed = text.trim();
  if (!trimmed.startsWith(BEGIN) || !trimmed.endsWith(END)) throw new KeyFormatError(`${what} is not an OpenSSH private key (no "${BEGIN}" … "${END}" block).`);
  const body = trimmed.slice(BEGIN.length, -END.length).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw new KeyFormatError(`${what}: the key block is not base64.`);
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length < MAGIC.length || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new KeyFormatError(`${what} is not in the openssh-key-v1 format.`);
  const reader = new WireReader(bytes.subarray(MAGIC.length), what);
  const cipher = reader.text();
  const kdf = reader.text();
  reader.string();
  if (cipher !== 'none' || kdf !== 'none') {
    throw new KeyFormatError(`${what} is protected by a passphrase (${cipher}, ${kdf}); skill-inspector cannot read encrypted keys yet. Use a separate, unencrypted key for approvals ("skill-inspector key new"), kept with mode 600.`);
  }
  const count = reader.uint32();
  if (count !== 1) throw new KeyFormatError(`${what} holds ${count} keys; give a file with exactly one.`);
  const publicKey = publicKeyOfBlob(reader.string(), `${what}'s public key`);
  const section = reader.string();
  if (reader.remaining !== 0) throw new KeyFormatError(`${what} has ${reader.remaining} bytes after its private section.`);
  if (section.length % BLOCK !== 0) throw new KeyFormatError(`${what}: the private section is not padded to ${BLOCK} bytes.`);

  const inner = new WireReader(section, `${what}'s private section`);
  if (inner.uint32() !== inner.uint32()) throw new KeyFormatError(`${what}: the two check numbers differ, so the private section is damaged (or was decrypted with the wrong passphrase).`);
  const type = inner.text();
  if (type !== ED25519_KEY_TYPE) throw new KeyFormatError(`${what} is a ${type} key; only ${ED25519_KEY_TYPE} keys sign approvals.`);
  const innerPublic = inner.string();
  const secret = inner.string();
  const comment = inner.text();
  const padding = inner.rest();
  if (!innerPublic.equals(publicKey)) throw new KeyFormatError(`${what}: the public key in the private section is not the file's public key.`);
  if (secret.length !== 64 || !secret.subarray(32).equals(publicKey)) throw new KeyFormatError(`${what}: the private key is not 64 bytes of seed and public key.`);
  if (padding.length >= BLOCK || padding.some((byte, i) => byte !== i + 1)) throw new KeyFormatError(`${what}: the padding after the comment is not 1, 2, 3, ….`);
  return { seed: Buffer.from(secret.subarray(0, 32)), publicKey, comment };
}

/** The file ssh-keygen would write for this key with no passphrase; `check` fixes the random check number (tests). */
export function formatOpenSshPrivateKey(key: OpenSshEd25519, check: Buffer = randomBytes(4)): string {
  const blob = ed25519Blob(key.publicKey);
  const unpadded = Buffer.concat([
    check,
    check,
    wireString(ED25519_KEY_TYPE),
    wireString(key.publicKey),
    wireString(Buffer.concat([key.seed, key.publicKey])),
    wireString(key.comment),
  ]);
  const padLength = (BLOCK - (unpadded.length % BLOCK)) % BLOCK;
  const section = Buffer.concat([unpadded, Buffer.from(Array.from({ length: padLength }, (_, i) => i + 1))]);
  const bytes = Buffer.concat([MAGIC, wireString('none'), wireString('none'), wireString(''), wireUint32(1), wireString(blob), wireString(section)]);
  const lines = bytes.toString('base64').match(/.{1,70}/g) ?? [];
  return `${BEGIN}\n${lines.join('\n')}\n${END}\n`;
}
