// The file-backed secret stores on real files: values round-trip, no value is
// readable in the file, an entry moved to another id does not decrypt.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EncryptedFileStore } from './encrypted-file-store.js';
import { openSecretStores, secretStoreChoice } from './open-secret-stores.js';
import { SafeStorageStore, safeStorageUsable, type SafeStorageLike } from './safe-storage-store.js';
import { redactText, redactValue } from './redact.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-secrets-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const SECRET = 'sk-live-4f1e-plain-never';

describe('EncryptedFileStore', () => {
  test('round-trips values; the file holds no plaintext; the key is mode 600; delete forgets', async () => {
    const store = new EncryptedFileStore(dir);
    expect(await store.get('a')).toBeUndefined();
    await Promise.all([store.set('a', SECRET), store.set('b', 'second-value-é')]);
    expect(await store.get('a')).toBe(SECRET);
    expect(await new EncryptedFileStore(dir).get('b')).toBe('second-value-é');
    expect(await fs.readFile(path.join(dir, 'secrets.enc.json'), 'utf8')).not.toContain('plain-never');
    expect((await fs.stat(path.join(dir, 'secrets.key'))).mode & 0o777).toBe(0o600);
    await store.delete('a');
    expect(await new EncryptedFileStore(dir).get('a')).toBeUndefined();
    expect(await store.get('b')).toBe('second-value-é');
  });

  test('an entry copied under another id does not decrypt (the id is bound in)', async () => {
    await new EncryptedFileStore(dir).set('a', SECRET);
    const file = path.join(dir, 'secrets.enc.json');
    const json = JSON.parse(await fs.readFile(file, 'utf8')) as { entries: Record<string, unknown> };
    json.entries['b'] = json.entries['a'];
    await fs.writeFile(file, JSON.stringify(json));
    await expect(new EncryptedFileStore(dir).get('b')).rejects.toThrow('Unsupported state or unable to authenticate data');
  });
});

describe('SafeStorageStore', () => {
  const sealed: string[] = [];
  const safe: SafeStorageLike = {
    isEncryptionAvailable: () => true,
    encryptString: (plain) => {
      sealed.push(plain);
      return Buffer.from(Buffer.from(plain).map((b) => b ^ 0x33));
    },
    decryptString: (data) => Buffer.from(data.map((b) => b ^ 0x33)).toString(),
  };

  test('values go through safeStorage and round-trip; the file holds only its output', async () => {
    const store = new SafeStorageStore(safe, dir);
    await store.set('x', SECRET);
    expect(sealed).toEqual([SECRET]);
    expect(await new SafeStorageStore(safe, dir).get('x')).toBe(SECRET);
    expect(await fs.readFile(path.join(dir, 'secrets.safe.json'), 'utf8')).not.toContain('plain-never');
    await store.delete('x');
    expect(await store.get('x')).toBeUndefined();
  });

  test("is not used where Linux gave it no keychain ('basic_text' encrypts with a fixed key)", () => {
    expect(safeStorageUsable({ ...safe, getSelectedStorageBackend: () => 'basic_text' })).toBe(false);
    expect(safeStorageUsable({ ...safe, getSelectedStorageBackend: () => 'gnome_libsecret' })).toBe(true);
    expect(safeStorageUsable({ ...safe, isEncryptionAvailable: () => false })).toBe(false);
  });

  test('openSecretStores takes a usable safeStorage first', async () => {
    const stores = await openSecretStores({ dataDir: dir, safeStorage: safe, choice: 'auto' });
    expect(stores.primary.backend).toBe('safe-storage');
    expect(stores.warning).toBeUndefined();
    expect([...stores.all.keys()].sort()).toEqual(['encrypted-file', 'keychain', 'safe-storage']);
  });
});

describe('choosing a store', () => {
  test('SKILL_INSPECTOR_SECRETS=file uses the encrypted file and says what that protects', async () => {
    const stores = await openSecretStores({ dataDir: dir, choice: 'file' });
    expect(stores.primary.backend).toBe('encrypted-file');
    expect(stores.warning).toContain('That keeps them out of plain files, not away from someone who can read your data folder.');
  });

  test('the variable is checked', () => {
    expect(secretStoreChoice({})).toBe('auto');
    expect(secretStoreChoice({ SKILL_INSPECTOR_SECRETS: 'Keychain' })).toBe('keychain');
    expect(() => secretStoreChoice({ SKILL_INSPECTOR_SECRETS: 'vault' })).toThrow('SKILL_INSPECTOR_SECRETS is "vault"; use keychain, file or auto.');
  });
});

describe('redaction', () => {
  test('every occurrence of every secret is replaced, in text and in JSON values (escaped forms too)', () => {
    expect(redactText(`Bearer ${SECRET} and ${SECRET}`, [SECRET])).toBe('Bearer [secret] and [secret]');
    const quoted = 'has"quote\\slash';
    expect(redactValue({ a: [`x ${quoted} y`], b: 1 }, [quoted])).toEqual({ a: ['x [secret] y'], b: 1 });
    const untouched = { a: 'nothing here' };
    expect(redactValue(untouched, [SECRET])).toBe(untouched);
    // Too short to search for: it would blank unrelated text.
    expect(redactText('a 1 b', ['1'])).toBe('a 1 b');
  });
});
