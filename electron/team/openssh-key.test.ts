// The OpenSSH private key format against files ssh-keygen wrote
// (test/fixtures/team/README.md): read them, write the same bytes back, and
// refuse what this format may hold but approvals cannot use.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatOpenSshPrivateKey, parseOpenSshPrivateKey } from './openssh-key.js';
import { fingerprintOfPublicKey, publicKeyLine } from './ssh-wire.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/team');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const KEY = fixture('ssh-keygen-ed25519');
const PUB = fixture('ssh-keygen-ed25519.pub').trim();

describe('openssh-key-v1', () => {
  it('reads a key ssh-keygen made: its public key line and fingerprint are what ssh-keygen printed', () => {
    const key = parseOpenSshPrivateKey(KEY, 'the fixture');
    expect(key.seed).toHaveLength(32);
    expect(key.comment).toBe('alice@example.com');
    expect(publicKeyLine(key.publicKey, key.comment)).toBe(PUB);
    // `ssh-keygen -lf ssh-keygen-ed25519.pub`: "256 SHA256:… alice@example.com (ED25519)".
    const printed = fixture('ssh-keygen-ed25519.fingerprint').split(' ')[1];
    expect(fingerprintOfPublicKey(key.publicKey)).toBe(printed);
  });

  it('writes the very bytes ssh-keygen wrote, given its check number', () => {
    const key = parseOpenSshPrivateKey(KEY, 'the fixture');
    const body = Buffer.from(KEY.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
    // Magic (15), "none" and "none" (4 + 4 each), "" (4), the count (4), the public blob (4 + 51); then the
    // private section's length (4) and its first 4 bytes, the check number.
    const blobEnd = 15 + 8 + 8 + 4 + 4 + 4 + 51;
    const check = body.subarray(blobEnd + 4, blobEnd + 8);
    expect(formatOpenSshPrivateKey(key, check)).toBe(KEY);
  });

  it('round-trips a key it wrote itself', () => {
    const key = parseOpenSshPrivateKey(KEY, 'the fixture');
    const again = parseOpenSshPrivateKey(formatOpenSshPrivateKey({ ...key, comment: 'Bob Builder' }), 'ours');
    expect(again.seed.equals(key.seed)).toBe(true);
    expect(again.publicKey.equals(key.publicKey)).toBe(true);
    expect(again.comment).toBe('Bob Builder');
  });

  it('refuses a passphrase-protected key, an ECDSA key and a damaged one, saying which', () => {
    expect(() => parseOpenSshPrivateKey(fixture('ssh-keygen-ed25519-encrypted'), 'enc.key')).toThrow(
      'enc.key is protected by a passphrase (aes256-ctr, bcrypt); skill-inspector cannot read encrypted keys yet.',
    );
    expect(() => parseOpenSshPrivateKey(fixture('ssh-keygen-ecdsa'), 'ecdsa.key')).toThrow("ecdsa.key's public key is a ecdsa-sha2-nistp256 key; only ssh-ed25519 keys sign approvals.");
    expect(() => parseOpenSshPrivateKey('hello', 'x.key')).toThrow('x.key is not an OpenSSH private key');
    // One byte of the private section changed: the seed no longer sits beside its own public key.
    const body = Buffer.from(KEY.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
    const damaged = Buffer.from(body);
    damaged[body.length - 30]! ^= 0xff;
    const text = `-----BEGIN OPENSSH PRIVATE KEY-----\n${damaged.toString('base64')}\n-----END OPENSSH PRIVATE KEY-----\n`;
    expect(() => parseOpenSshPrivateKey(text, 'damaged.key')).toThrow(/^damaged\.key: /);
  });
});
