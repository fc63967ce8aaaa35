// Signing keys on disk: made here and written with mode 600 in OpenSSH's
// format, read back; ssh-keygen's own key and an OpenSSL PKCS#8 key read;
// what cannot sign an approval refused with the file named.
import { generateKeyPairSync } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateSigningKey, readSigningKey, signBytes, signingKeyFromText, verifyBytes, writeSigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/team');
let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-key-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('signing keys', () => {
  it('writes a new key with mode 600 and its .pub line, and reads the same key back', async () => {
    const key = generateSigningKey('Alice Example');
    const file = path.join(dir, 'alice.key');
    await writeSigningKey(file, key);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(`${file}.pub`, 'utf8')).toBe(`${publicKeyLine(key.publicKey, 'Alice Example')}\n`);
    const read = await readSigningKey(file);
    expect(read.warning).toBeUndefined();
    expect(read.key.fingerprint).toBe(key.fingerprint);
    expect(read.key.comment).toBe('Alice Example');
    const message = Buffer.from('approve');
    expect(verifyBytes(key.publicKey, message, signBytes(read.key, message))).toBe(true);
  });

  it('never replaces an existing key', async () => {
    const file = path.join(dir, 'k');
    await writeSigningKey(file, generateSigningKey('a'));
    const before = await fs.readFile(file, 'utf8');
    await expect(writeSigningKey(file, generateSigningKey('b'))).rejects.toThrow(`${file} already exists; skill-inspector never replaces a key.`);
    expect(await fs.readFile(file, 'utf8')).toBe(before);
  });

  it('warns when others can read the key file, as ssh does', async () => {
    const file = path.join(dir, 'k');
    await writeSigningKey(file, generateSigningKey('a'));
    await fs.chmod(file, 0o644);
    expect((await readSigningKey(file)).warning).toBe(`The private key ${file} can be read by other users (mode 644); run "chmod 600 ${file}".`);
  });

  it('reads the ed25519 key ssh-keygen made, and a PKCS#8 PEM key', async () => {
    const ssh = await readSigningKey(path.join(FIXTURES, 'ssh-keygen-ed25519'));
    expect(ssh.key.fingerprint).toBe((await fs.readFile(path.join(FIXTURES, 'ssh-keygen-ed25519.fingerprint'), 'utf8')).split(' ')[1]);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = signingKeyFromText(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 'openssl.pem');
    expect(pem.publicKey.toString('base64url')).toBe(publicKey.export({ format: 'jwk' }).x);
  });

  it('refuses what cannot sign an approval, naming the file', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => signingKeyFromText(rsa, 'rsa.pem')).toThrow('rsa.pem is a rsa key; only Ed25519 keys sign approvals.');
    await expect(readSigningKey(path.join(FIXTURES, 'ssh-keygen-ed25519-encrypted'))).rejects.toThrow('is protected by a passphrase');
    await expect(readSigningKey(path.join(dir, 'missing'))).rejects.toThrow(`No key file ${path.join(dir, 'missing')}. Make one with "skill-inspector key new`);
    expect(() => signingKeyFromText('ssh-ed25519 AAAA', 'pub')).toThrow('pub is not a private key skill-inspector reads');
  });
});
