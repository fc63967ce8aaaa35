import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_KEY_WARNING, IDENTITY_FILE, loadOrCreateIdentity } from './identity.js';

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
});
