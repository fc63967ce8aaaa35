// An edit that replaces or removes a secret deletes the old value from its
// store; a save that fails deletes the values just stored for it again. A
// store that refused (a locked keychain) left them there without a word, as
// removing a server once did. Now an alert names the store, its reason, how
// many and their ids.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AppAlert } from '../../shared/api.js';
import { storesOf, type SecretStore } from '../secrets/secret-store.js';
import { ServerCatalog } from './catalog.js';
import { createServerHandlers, type ServerHandlerDeps } from './server-handlers.js';

const remote = { kind: 'http' as const, url: 'https://mcp.example.com/mcp', headers: { 'X-Api-Key': 'key-8e2a-never-in-a-file' }, bearerToken: 'tok-8e2a-never-in-a-file' };
const TITLE = 'Secrets no server uses are still stored';
const STORE = 'the system keychain (Secret Service)';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-secrets-left-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A keychain that stores and reads, but is locked against deleting. */
function lockedKeychain(): SecretStore & { held: Map<string, string> } {
  const held = new Map<string, string>();
  return {
    backend: 'keychain',
    description: STORE,
    held,
    get: async (id) => held.get(id),
    set: async (id, value) => void held.set(id, value),
    delete: async () => {
      throw new Error('the keychain is locked');
    },
  };
}

async function open(store: SecretStore) {
  const catalog = new ServerCatalog(dir, storesOf(store));
  expect(await catalog.load({ seedDemo: false })).toBeUndefined();
  const alerts: AppAlert[] = [];
  const handlers = createServerHandlers({ catalog, pool: { for: () => undefined }, emitServers: () => undefined, alert: (alert: AppAlert) => alerts.push(alert) } as unknown as ServerHandlerDeps);
  return { catalog, handlers, alerts };
}

/** From now on, every save of servers.json finds the disk full. */
function diskFull(): void {
  const realOpen = fs.open.bind(fs);
  vi.spyOn(fs, 'open').mockImplementation(async (file, flags, mode) => {
    if (path.basename(String(file)).startsWith('.servers.json.')) throw Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC' });
    return realOpen(file, flags, mode);
  });
}

describe('secrets a store will not delete', () => {
  test('after an edit that replaces one and removes another: saved, and an alert names the store, its reason, how many and their ids', async () => {
    const store = lockedKeychain();
    const { catalog, handlers, alerts } = await open(store);
    const server = await catalog.add({ label: 'Edited', transport: remote });
    const old = [...store.held.keys()];
    expect(old).toHaveLength(2);
    // A new token; the header gone (the form keeps neither stored value).
    const saved = await handlers['servers.update']({ serverId: server.id, input: { label: 'Edited', transport: { ...remote, headers: {}, bearerToken: 'tok-8e2a-the-new-one' }, keepSecrets: [] } });
    expect(saved.secrets).toEqual(['bearerToken']);
    expect(catalog.resolveTransport(saved)).toEqual({ ...remote, headers: {}, bearerToken: 'tok-8e2a-the-new-one' });
    expect(alerts).toEqual([
      {
        level: 'warning',
        title: TITLE,
        message: `"Edited" was saved, but the secrets it no longer uses could not be deleted: 2 from ${STORE} (the keychain is locked; their ids: ${old.join(', ')}). No server uses them; delete them there yourself, or they stay, unused.`,
      },
    ]);
  });

  test('after a save that failed: the error is the save\'s, and an alert names the new secrets left in the store', async () => {
    const store = lockedKeychain();
    const { catalog, handlers, alerts } = await open(store);
    diskFull();
    const error = await handlers['servers.add']({ label: 'Refused', transport: remote }).then(
      () => 'no error',
      (e: unknown) => (e as Error).message,
    );
    vi.restoreAllMocks();
    expect(error).toMatch(/^Could not save servers\.json because the disk is full \(ENOSPC\)\./);
    expect(catalog.list()).toEqual([]);
    const stored = [...store.held.keys()];
    expect(stored).toHaveLength(2);
    expect(alerts).toEqual([
      {
        level: 'warning',
        title: TITLE,
        message: `"Refused" was not added, and the secrets stored for it could not be deleted again: 2 from ${STORE} (the keychain is locked; their ids: ${stored.join(', ')}). No server uses them; delete them there yourself, or they stay, unused.`,
      },
    ]);
  });

  test('an edit whose save failed: the error is the save\'s, the server is as it was, and the alert names the new secret left', async () => {
    const store = lockedKeychain();
    const { catalog, handlers, alerts } = await open(store);
    const server = await catalog.add({ label: 'Kept', transport: remote });
    const before = new Set(store.held.keys());
    diskFull();
    const error = await handlers['servers.update']({ serverId: server.id, input: { label: 'Kept', transport: { ...remote, headers: {}, bearerToken: 'tok-8e2a-refused' }, keepSecrets: ['header:X-Api-Key'] } }).then(
      () => 'no error',
      (e: unknown) => (e as Error).message,
    );
    vi.restoreAllMocks();
    expect(error).toMatch(/^Could not save servers\.json because the disk is full \(ENOSPC\)\./);
    expect(catalog.resolveTransport(catalog.get(server.id))).toEqual(remote);
    const fresh = [...store.held.keys()].filter((id) => !before.has(id));
    expect(fresh).toHaveLength(1);
    expect(alerts).toEqual([
      {
        level: 'warning',
        title: TITLE,
        message: `The change to "Kept" was not saved, and the secrets stored for it could not be deleted again: 1 from ${STORE} (the keychain is locked; its id: ${fresh[0]}). No server uses them; delete them there yourself, or they stay, unused.`,
      },
    ]);
  });
});
