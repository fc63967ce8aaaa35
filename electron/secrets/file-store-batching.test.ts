// The file-backed secret stores read their file once and write it once per
// batch of changes. Reading it on every get and writing it on every set made
// an import of 1,000 servers with 2 secrets each write secrets.enc.json 2,000
// times, and the next start read and parsed it 2,000 times (43 s and 25 s).
// Counted here through fs.open (every read and write of a file opens it) and
// the store's decryption counter; never by the clock.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ServerCatalog } from '../servers/catalog.js';
import { EncryptedFileStore, SECRETS_FILE } from './encrypted-file-store.js';
import { SafeStorageStore, SAFE_STORAGE_FILE, type SafeStorageLike } from './safe-storage-store.js';
import { storesOf } from './secret-store.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-secrets-batch-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Counts the opens of one file: reads of it, and writes (each write opens a temp file named after it). */
function countOpens(name: string): { reads: number; writes: number } {
  const counts = { reads: 0, writes: 0 };
  const realOpen = fs.open.bind(fs);
  vi.spyOn(fs, 'open').mockImplementation(async (file, flags, mode) => {
    const base = path.basename(String(file));
    if (base === name) counts.reads++;
    if (base.startsWith(`.${name}.`) && base.endsWith('.tmp')) counts.writes++;
    return realOpen(file, flags, mode);
  });
  return counts;
}

const SERVERS = 1000;
const imported = Array.from({ length: SERVERS }, (_, i) => ({
  label: `server-${i}`,
  transport: { kind: 'stdio' as const, command: 'node', args: ['s.mjs'], env: { GITHUB_TOKEN: `tok-${i}-never-in-a-file`, DB_PASSWORD: `pw-${i}-never-in-a-file`, LOG_LEVEL: 'debug' } },
}));

describe('the encrypted-file store', () => {
  test('an import of 1,000 servers with 2 secrets each writes secrets.enc.json once; the next start reads it once and decrypts each value once', async () => {
    const catalog = new ServerCatalog(dir, storesOf(new EncryptedFileStore(dir)));
    await catalog.load({ seedDemo: false });
    const importing = countOpens(SECRETS_FILE);
    const added = await catalog.addMany(imported);
    expect(importing).toEqual({ reads: 1, writes: 1 });
    vi.restoreAllMocks();
    expect(added).toHaveLength(SERVERS);
    const text = await fs.readFile(path.join(dir, SECRETS_FILE), 'utf8');
    expect(Object.keys((JSON.parse(text) as { entries: object }).entries)).toHaveLength(2 * SERVERS);
    expect(text).not.toContain('never-in-a-file');

    const store = new EncryptedFileStore(dir);
    const starting = countOpens(SECRETS_FILE);
    const again = new ServerCatalog(dir, storesOf(store));
    await again.load({ seedDemo: false });
    expect(again.secretsNotice).toBeUndefined();
    expect(starting).toEqual({ reads: 1, writes: 0 });
    expect(store.io).toEqual({ fileReads: 1, fileWrites: 0, decryptions: 2 * SERVERS });
    expect(again.resolveTransport(again.list()[SERVERS - 1]!)).toEqual(imported[SERVERS - 1]!.transport);
    // Loaded again: nothing changed on disk, so nothing is read or decrypted again.
    await again.load({ seedDemo: false });
    expect(store.io).toEqual({ fileReads: 1, fileWrites: 0, decryptions: 2 * SERVERS });
  });

  test('2,000 values set at once are one write; 2,000 reads of them are one read of the file and one decryption each', async () => {
    const store = new EncryptedFileStore(dir);
    const counts = countOpens(SECRETS_FILE);
    await Promise.all(Array.from({ length: 2000 }, (_, i) => store.set(`id-${i}`, `value-${i}`)));
    expect(counts.writes).toBe(1);
    await store.setMany(new Map([['x', 'one'], ['y', 'two']]));
    expect(counts.writes).toBe(2);
    const reader = new EncryptedFileStore(dir);
    for (let round = 0; round < 2; round++) for (let i = 0; i < 2000; i++) expect(await reader.get(`id-${i}`)).toBe(`value-${i}`);
    expect(reader.io).toEqual({ fileReads: 1, fileWrites: 0, decryptions: 2000 });
    await reader.deleteMany(['x', 'y', 'not-there']);
    expect(reader.io.fileWrites).toBe(1);
    expect(await store.get('x')).toBeUndefined();
    expect(await store.get('id-7')).toBe('value-7');
  });

  test('what another instance writes is read again; what it wrote between a read and a write here is kept', async () => {
    const here = new EncryptedFileStore(dir);
    const there = new EncryptedFileStore(dir);
    await here.set('a', 'from-here');
    expect(await here.get('a')).toBe('from-here');
    // Its own write is not read back.
    expect(here.io).toEqual({ fileReads: 1, fileWrites: 1, decryptions: 0 });
    await there.set('b', 'from-there');
    expect(await here.get('b')).toBe('from-there');
    await there.set('a', 'changed-there');
    expect(await here.get('a')).toBe('changed-there');
    await there.delete('b');
    await here.set('c', 'also-here');
    const fresh = new EncryptedFileStore(dir);
    expect([await fresh.get('a'), await fresh.get('b'), await fresh.get('c')]).toEqual(['changed-there', undefined, 'also-here']);
  });

  test('a batch the disk refuses is refused for every change in it, and nothing of it is in force', async () => {
    const store = new EncryptedFileStore(dir);
    await store.set('kept', 'before');
    const realOpen = fs.open.bind(fs);
    vi.spyOn(fs, 'open').mockImplementation(async (file, flags, mode) => {
      if (path.basename(String(file)).startsWith(`.${SECRETS_FILE}.`)) throw Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC' });
      return realOpen(file, flags, mode);
    });
    const results = await Promise.allSettled([store.set('kept', 'after'), store.set('new', 'value'), store.delete('kept')]);
    vi.restoreAllMocks();
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain(`Could not save ${SECRETS_FILE} because the disk is full (ENOSPC)`);
    expect([await store.get('kept'), await store.get('new')]).toEqual(['before', undefined]);
    await store.set('new', 'value');
    expect([await new EncryptedFileStore(dir).get('kept'), await new EncryptedFileStore(dir).get('new')]).toEqual(['before', 'value']);
  });
});

describe('the safeStorage store', () => {
  test('2,000 values set at once are one write; reading each twice reads the file once and decrypts each value once', async () => {
    let decrypted = 0;
    const safe: SafeStorageLike = {
      isEncryptionAvailable: () => true,
      encryptString: (plain) => Buffer.from(Buffer.from(plain).map((b) => b ^ 0x5a)),
      decryptString: (data) => {
        decrypted++;
        return Buffer.from(data.map((b) => b ^ 0x5a)).toString();
      },
    };
    const counts = countOpens(SAFE_STORAGE_FILE);
    const writer = new SafeStorageStore(safe, dir);
    await Promise.all(Array.from({ length: 2000 }, (_, i) => writer.set(`id-${i}`, `value-${i}`)));
    expect(counts).toEqual({ reads: 1, writes: 1 });
    const reader = new SafeStorageStore(safe, dir);
    for (let round = 0; round < 2; round++) for (let i = 0; i < 2000; i++) expect(await reader.get(`id-${i}`)).toBe(`value-${i}`);
    expect(counts).toEqual({ reads: 2, writes: 1 });
    expect(decrypted).toBe(2000);
  });
});
