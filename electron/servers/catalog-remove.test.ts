// Removing a server saves servers.json twice: once without the server, once
// more so servers.json.bak forgets it too. When that second save failed (a
// full disk), the call reported failure with the server already removed, and
// its secrets stayed in the store. Now the outcome is what happened: removed
// (the backup deleted instead), with its secrets gone or named where they
// stayed; or not removed, saying so.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AppAlert } from '../../shared/api.js';
import { EncryptedFileStore, SECRETS_FILE } from '../secrets/encrypted-file-store.js';
import { storesOf, type SecretStore } from '../secrets/secret-store.js';
import { ServerCatalog } from './catalog.js';
import { createServerHandlers, type ServerHandlerDeps } from './server-handlers.js';

const TOKEN = 'tok-3c9e-never-in-a-file';
const remote = { kind: 'http' as const, url: 'https://mcp.example.com/mcp', headers: { 'X-Api-Key': 'key-3c9e-never-in-a-file' }, bearerToken: TOKEN };

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-catalog-remove-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

async function open(store: SecretStore = new EncryptedFileStore(dir)): Promise<ServerCatalog> {
  const catalog = new ServerCatalog(dir, storesOf(store));
  expect(await catalog.load({ seedDemo: false })).toBeUndefined();
  return catalog;
}

/** From now on, the n-th save of servers.json (counted from 1) finds the disk full. */
function diskFullAtSave(n: number): void {
  const realOpen = fs.open.bind(fs);
  let saves = 0;
  vi.spyOn(fs, 'open').mockImplementation(async (file, flags, mode) => {
    if (path.basename(String(file)).startsWith('.servers.json.') && ++saves === n) throw Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC' });
    return realOpen(file, flags, mode);
  });
}

const secretEntries = async () => Object.keys((JSON.parse(await fs.readFile(path.join(dir, SECRETS_FILE), 'utf8')) as { entries: object }).entries);
const savedLabels = async (name: string) => ((JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as { servers: { label: string }[] }).servers).map((s) => s.label);

describe('removing a server', () => {
  test('when the second save fails: it is removed, says nothing failed, its secrets are gone and no backup keeps it', async () => {
    const catalog = await open();
    await catalog.add({ label: 'Stays', transport: { kind: 'stdio', command: 'node', args: [], env: {} } });
    const server = await catalog.add({ label: 'Goes', transport: remote });
    diskFullAtSave(2);
    expect(await catalog.remove(server.id)).toEqual({});
    vi.restoreAllMocks();
    expect(catalog.list().map((s) => s.label)).toEqual(['Stays']);
    expect(await savedLabels('servers.json')).toEqual(['Stays']);
    expect((await fs.readdir(dir)).filter((n) => n.startsWith('servers.json'))).toEqual(['servers.json']);
    expect(await secretEntries()).toEqual([]);
    expect((await open()).list().map((s) => s.label)).toEqual(['Stays']);
  });

  test('when the first save fails: it is not removed and says so; its secrets are kept', async () => {
    const catalog = await open();
    const server = await catalog.add({ label: 'Goes', transport: remote });
    diskFullAtSave(1);
    const message = await catalog.remove(server.id).then(() => 'no error', (error: unknown) => (error as Error).message);
    vi.restoreAllMocks();
    expect(message).toBe(
      '"Goes" was not removed: Could not save servers.json because the disk is full (ENOSPC). The previous version on disk is unchanged; free some disk space or fix the folder\'s permissions, then try again. Nothing of it was deleted: its settings, secrets, approvals, snapshots and sign-in are as they were.',
    );
    expect(catalog.list().map((s) => s.label)).toEqual(['Goes']);
    expect(await savedLabels('servers.json')).toEqual(['Goes']);
    expect(await secretEntries()).toHaveLength(2);
    expect(catalog.resolveTransport(server)).toEqual(remote);
  });

  test('when the secret store refuses to delete: it is removed, and the outcome and an alert name the secrets left and where', async () => {
    const held = new Map<string, string>();
    const locked: SecretStore = {
      backend: 'keychain',
      description: 'the system keychain (Secret Service)',
      get: async (id) => held.get(id),
      set: async (id, value) => void held.set(id, value),
      delete: async () => {
        throw new Error('the keychain is locked');
      },
    };
    const catalog = await open(locked);
    const server = await catalog.add({ label: 'Goes', transport: remote });
    const ids = [...held.keys()];
    const alerts: AppAlert[] = [];
    const handlers = createServerHandlers({ catalog, emitServers: () => undefined, alert: (alert: AppAlert) => alerts.push(alert) } as unknown as ServerHandlerDeps);
    expect(await handlers['servers.remove']({ serverId: server.id })).toEqual({ removed: true });
    expect(catalog.list()).toEqual([]);
    expect(alerts).toEqual([
      {
        level: 'warning',
        title: 'Secrets of a removed server are still stored',
        message: `"Goes" was removed, but some of its secrets could not be deleted: 2 from the system keychain (Secret Service) (the keychain is locked; their ids: ${ids.join(', ')}). No server uses them any more; delete them there yourself, or they stay, unused.`,
      },
    ]);
  });
});
