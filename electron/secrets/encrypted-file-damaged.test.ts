// The encrypted secrets file sits in the data folder, where a crash, a sync
// tool or a person can damage it. Whatever is wrong, the error says which file
// and what, not just what the JSON parser or the cipher said.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EncryptedFileStore, SECRETS_FILE } from './encrypted-file-store.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function store(): Promise<{ store: EncryptedFileStore; file: string }> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-secrets-damaged-'));
  return { store: new EncryptedFileStore(dir), file: path.join(dir, SECRETS_FILE) };
}

const messageOf = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: unknown) => (error as Error).message);

describe('a damaged encrypted secrets file', () => {
  it('that is not JSON: reading and saving name the file', async () => {
    const { store: s, file } = await store();
    await fs.writeFile(file, 'garbage{');
    expect(await messageOf(s.get('oauth:s1'))).toContain(file);
    expect(await messageOf(s.set('oauth:s1', 'token-value'))).toContain(file);
  });

  it('of the wrong shape: names the file', async () => {
    const { store: s, file } = await store();
    await fs.writeFile(file, '{"version": 2, "entries": []}');
    expect(await messageOf(s.get('oauth:s1'))).toContain(file);
  });

  it('whose entry was changed: names the file and the entry', async () => {
    const { store: s, file } = await store();
    await s.set('oauth:s1', 'token-value');
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as { entries: Record<string, { data: string }> };
    parsed.entries['oauth:s1']!.data = Buffer.from('tampered').toString('base64');
    await fs.writeFile(file, JSON.stringify(parsed));
    const message = await messageOf(new EncryptedFileStore(dir!).get('oauth:s1'));
    expect(message).toContain(file);
    expect(message).toContain('oauth:s1');
  });
});
