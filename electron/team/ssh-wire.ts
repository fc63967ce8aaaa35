// The SSH wire format (RFC 4251 §5) as far as Ed25519 keys need it: uint32
// and length-prefixed strings, the `ssh-ed25519` public key blob (RFC 8709),
// the one-line public key form of authorized_keys and allowed_signers, and
// the fingerprint `ssh-keygen -l` prints (SHA256: and unpadded base64 of the blob).
import { createHash } from 'node:crypto';
import { quotedWord } from './quoted-word.js';

export const ED25519_KEY_TYPE = 'ssh-ed25519';

/** A problem with key material, in words that say which key and what is wrong. */
export class KeyFormatError extends Error {
  override readonly name = 'KeyFormatError';
}

/** Reads uint32s and strings from a buffer; every read checks that the bytes are there. */
export class WireReader {
  private offset = 0;
  constructor(
    private readonly bytes: Buffer,
    private readonly what: string,
  ) {}

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  uint32(): number {
    if (this.remaining < 4) throw new KeyFormatError(`${this.what} ends too early (a 4-byte length or count is cut off).`);
    const value = this.bytes.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  string(): Buffer {
    const length = this.uint32();
    if (length > this.remaining) throw new KeyFormatError(`${this.what} ends too early (a field says ${length} bytes, ${this.remaining} are left).`);
    const value = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }

  text(): string {
    return this.string().toString('utf8');
  }

  rest(): Buffer {
    const value = this.bytes.subarray(this.offset);
    this.offset = this.bytes.length;
    return value;
  }
}

export function wireUint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

export function wireString(value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  return Buffer.concat([wireUint32(bytes.length), bytes]);
}

/** The public key blob: string "ssh-ed25519", string <32-byte key>. */
export function ed25519Blob(publicKey: Buffer): Buffer {
  if (publicKey.length !== 32) throw new KeyFormatError(`An Ed25519 public key is 32 bytes, this one is ${publicKey.length}.`);
  return Buffer.concat([wireString(ED25519_KEY_TYPE), wireString(publicKey)]);
}

/**
 * The encodings of the Ed25519 points of small order (orders 1, 2, 4 and 8, and p and p + 1, read as 0 and 1), as
 * libsodium blocks them: compared with the top bit (x's sign) set aside. No private key stands behind such a key,
 * and node:crypto (OpenSSL) verifies against it all the same: with the identity, R = the identity and S = 0 verify
 * for every message. A team listing one would trust a signature anyone can make.
 */
const SMALL_ORDER = [
  '0100000000000000000000000000000000000000000000000000000000000000',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
].map((hex) => Buffer.from(hex, 'hex'));

/** Whether 32 bytes encode a point of small order: a key anyone can sign for. */
export function isSmallOrderKey(publicKey: Buffer): boolean {
  if (publicKey.length !== 32) return false;
  return SMALL_ORDER.some((point) => point.subarray(0, 31).equals(publicKey.subarray(0, 31)) && point[31] === (publicKey[31]! & 0x7f));
}

/** The 32 raw bytes of an `ssh-ed25519` blob; refuses any other key type, and a key of small order. */
export function publicKeyOfBlob(blob: Buffer, what: string): Buffer {
  const reader = new WireReader(blob, what);
  const type = reader.text();
  if (type !== ED25519_KEY_TYPE) throw new KeyFormatError(`${what} is a ${type ? quotedWord(type) : 'typeless'} key; only ${ED25519_KEY_TYPE} keys sign approvals.`);
  const key = reader.string();
  if (key.length !== 32 || reader.remaining !== 0) throw new KeyFormatError(`${what} is not a well-formed ${ED25519_KEY_TYPE} key (its key is ${key.length} bytes, with ${reader.remaining} bytes after it).`);
  if (isSmallOrderKey(key)) throw new KeyFormatError(`${what} is a point of small order, which no private key stands behind: a signature that verifies with it can be made by anyone, for any receipt; use a key made with skill-inspector key new or ssh-keygen -t ed25519.`);
  return Buffer.from(key);
}

/** `SHA256:<base64 without padding>` of the blob, exactly as `ssh-keygen -lf` prints it. */
export function fingerprintOfBlob(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

export function fingerprintOfPublicKey(publicKey: Buffer): string {
  return fingerprintOfBlob(ed25519Blob(publicKey));
}

/** `ssh-ed25519 AAAA… [comment]`: the line of a .pub file. */
export function publicKeyLine(publicKey: Buffer, comment?: string): string {
  const base = `${ED25519_KEY_TYPE} ${ed25519Blob(publicKey).toString('base64')}`;
  return comment ? `${base} ${comment}` : base;
}

/** The 32 raw bytes of a key written as `ssh-ed25519 <base64>`; the type word and the blob's own type must agree. */
export function parsePublicKey(type: string, base64: string, what: string): Buffer {
  if (type !== ED25519_KEY_TYPE) throw new KeyFormatError(`${what} is a ${quotedWord(type)} key; only ${ED25519_KEY_TYPE} keys sign approvals.`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new KeyFormatError(`${what} is not base64.`);
  return publicKeyOfBlob(Buffer.from(base64, 'base64'), what);
}
