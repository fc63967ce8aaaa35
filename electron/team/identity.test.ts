import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storesOf, type SecretStore } from '../secrets/secret-store.js';
import { EncryptedFileStore } from '../secrets/encrypted-file-store.js';
import { FILE_KEY_WARNING, IDENTITY_FILE, IDENTITY_PUBLIC_FILE, createIdentity, loadIdentity, loadOrCreateIdentity, readIdentityPublic } from './identity.js';

/** A keychain stand-in that can be locked: reading from it then fails, as a locked keyring's prompt would. */
class LockableStore implements SecretStore {
  readonly backend = 'keychain' as const;
  readonly description = 'the test keychain';
  readonly entries = new Map<string, string>();
  locked = false;
  async get(id: string): Promise<string | undefined> {
    if (this.locked) throw new Error('the keychain is locked');
    return this.entries.get(id);
  }
  async set(id: string, value: string): Promise<void> {
    this.entries.set(id, value);
  }
  async delete(id: string): Promise<void> {
    this.entries.delete(id);
  }
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-identity-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the signing identity in the data folder', () => {
  it('is made once, kept in a mode-600 file, says it is not in a keychain, and is the same key next time', async () => {
    const first = await loadOrCreateIdentity(dataDir, 'Alice Example');
    const file = path.join(dataDir, IDENTITY_FILE);
    expect(first.file).toBe(file);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(first.protection).toBe('file');
    expect(first.warning).toBe(FILE_KEY_WARNING);
    expect(first.warning).toContain('not in the system keychain');
    expect(first.where).toBe('in a file (mode 600): no keychain here');
    expect(first.allowedSignersLine).toMatch(/^"Alice Example" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/]+=*$/);
    const again = await loadOrCreateIdentity(dataDir, 'someone else');
    expect(again.key.fingerprint).toBe(first.key.fingerprint);
    expect(again.name).toBe('Alice Example');
  });

  it('adds ssh\'s warning when the key file became readable by others', async () => {
    await loadOrCreateIdentity(dataDir, 'a');
    await fs.chmod(path.join(dataDir, IDENTITY_FILE), 0o640);
    expect((await loadOrCreateIdentity(dataDir, 'a')).warning).toContain('can be read by other users (mode 640)');
  });

  it('goes into the keychain when the inspector has one: no private key file, the public key readable while the keychain is locked', async () => {
    const keychain = new LockableStore();
    const stores = storesOf(keychain, [new EncryptedFileStore(dataDir)]);
    const made = await createIdentity(dataDir, 'Kim', stores);
    expect([made.protection, made.where, made.warning]).toEqual(['keychain', 'in the OS keychain (the test keychain)', undefined]);
    expect([...keychain.entries.values()]).toEqual([expect.stringMatching(/^-----BEGIN OPENSSH PRIVATE KEY-----\n/)]);
    await expect(fs.stat(path.join(dataDir, IDENTITY_FILE))).rejects.toThrow('ENOENT');
    expect((await fs.readFile(path.join(dataDir, IDENTITY_PUBLIC_FILE), 'utf8')).trim()).toBe(made.publicKeyLine);

    keychain.locked = true;
    const shown = await readIdentityPublic(dataDir, stores);
    expect([shown?.name, shown?.fingerprint, shown?.protection]).toEqual(['Kim', made.fingerprint, 'keychain']);
    await expect(loadIdentity(dataDir, stores)).rejects.toThrow('the keychain is locked');
    keychain.locked = false;
    expect((await loadIdentity(dataDir, stores))?.key.fingerprint).toBe(made.fingerprint);

    keychain.entries.clear();
    await expect(loadIdentity(dataDir, stores)).rejects.toThrow(/^Your signing key is missing from the test keychain/);
    await expect(createIdentity(dataDir, 'Kim again', stores)).rejects.toThrow('the app never replaces one');
  });

  it('is a mode-600 file, with the warning, when the only store is the encrypted file', async () => {
    const made = await createIdentity(dataDir, 'Fay', storesOf(new EncryptedFileStore(dataDir)));
    expect([made.protection, made.where, made.warning]).toEqual(['file', 'in a file (mode 600): no keychain here', FILE_KEY_WARNING]);
    expect((await fs.stat(path.join(dataDir, IDENTITY_FILE))).mode & 0o777).toBe(0o600);
    await expect(fs.stat(path.join(dataDir, 'secrets.enc.json'))).rejects.toThrow('ENOENT');
  });
});
