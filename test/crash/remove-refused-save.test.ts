// Removing a server on a disk that refuses part of it. Driven through the
// contract (the real composition root), with the server's approval and
// sign-in written where the app keeps them.
//
// - servers.json cannot be saved (a full disk): the removal fails and nothing
//   of the server is lost. Its approval, sign-in and secrets used to be
//   deleted before that save, so a failed removal left the server listed
//   without them.
// - servers.json is saved, but approvals.json and the secret store cannot be:
//   the server is removed, and alerts name what was left behind and where.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApprovalStore } from '../../electron/approvals/approval-store.js';
import { StoredOAuthVault, bindingOf, vaultId } from '../../electron/oauth/oauth-vault.js';
import { EncryptedFileStore, SECRETS_FILE } from '../../electron/secrets/encrypted-file-store.js';
import { storesOf } from '../../electron/secrets/secret-store.js';
import { ServerCatalog } from '../../electron/servers/catalog.js';
import type { ApprovalRecord } from '../../shared/approvals-model.js';
import { App } from '../fixtures/mutable-server/app.js';

const URL = 'https://mcp.example.com/mcp';
const transport = { kind: 'http' as const, url: URL, headers: { 'X-Api-Key': 'key-5d1f-never-in-a-file' }, auth: { type: 'oauth' as const } };
const SKILL = 'skill://notes/SKILL.md';
const FULL = (file: string) => `Could not save ${file} because the disk is full (ENOSPC). The previous version on disk is unchanged; free some disk space or fix the folder's permissions, then try again.`;

let dataDir: string;
let serverId: string;
let approval: ApprovalRecord;
const apps: App[] = [];
const savedEnv = process.env['SKILL_INSPECTOR_SECRETS'];

beforeEach(async () => {
  // The encrypted file, as on a machine with no keychain: the same store on every run.
  process.env['SKILL_INSPECTOR_SECRETS'] = 'file';
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-remove-refused-'));
  const stores = storesOf(new EncryptedFileStore(dataDir));
  const catalog = new ServerCatalog(dataDir, stores);
  await catalog.load({ seedDemo: false });
  await catalog.add({ label: 'Stays', transport: { kind: 'stdio', command: 'node', args: [], env: {} } });
  serverId = (await catalog.add({ label: 'Goes', transport })).id;
  await new StoredOAuthVault(stores).write(serverId, { tokens: { access_token: 'at-5d1f', token_type: 'Bearer' }, tokensSavedAt: Date.now(), boundTo: bindingOf(URL, undefined) });
  const approvals = new ApprovalStore(dataDir);
  await approvals.load();
  approval = { serverId, skillUri: SKILL, skillName: 'notes', decision: 'approved', resources: [], frontmatter: { name: 'notes' }, fingerprint: `sha256:${'a'.repeat(64)}`, decidedAt: '2026-01-01T00:00:00.000Z', enabled: true, allowedTools: null };
  await approvals.set(approval, 'undo');
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const app of apps.splice(0)) await app.close();
  if (savedEnv === undefined) delete process.env['SKILL_INSPECTOR_SECRETS'];
  else process.env['SKILL_INSPECTOR_SECRETS'] = savedEnv;
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function open(): Promise<App> {
  const app = await App.open(dataDir);
  apps.push(app);
  return app;
}

async function close(app: App): Promise<void> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

/** From now on, every save of the named files finds the disk full (each is written to a temp file `.<name>.<pid>…` first). */
function diskFullFor(...names: string[]): void {
  const realOpen = fs.open.bind(fs);
  vi.spyOn(fs, 'open').mockImplementation(async (file, flags, mode) => {
    if (names.some((name) => path.basename(String(file)).startsWith(`.${name}.`))) throw Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC' });
    return realOpen(file, flags, mode);
  });
}

const approvalsOnDisk = async () => (JSON.parse(await fs.readFile(path.join(dataDir, 'approvals.json'), 'utf8')) as { approvals: ApprovalRecord[] }).approvals;
const secretIds = async () => Object.keys((JSON.parse(await fs.readFile(path.join(dataDir, SECRETS_FILE), 'utf8')) as { entries: object }).entries).sort();
const signedIn = async (app: App) => (await app.call('servers.list', {})).find((v) => v.config.id === serverId)?.oauth?.signedIn;

describe('removing a server', () => {
  test('when servers.json cannot be saved: it is not removed, and its approval, sign-in and secrets are all still there', async () => {
    const app = await open();
    const secretsBefore = await secretIds();
    expect(secretsBefore).toHaveLength(2);
    expect(secretsBefore).toContain(vaultId(serverId));
    expect(await app.call('approvals.list', { serverId })).toEqual([approval]);
    expect(await signedIn(app)).toBe(true);

    diskFullFor('servers.json');
    expect(await app.fail('servers.remove', { serverId })).toEqual({
      code: 'failed',
      message: `"Goes" was not removed: ${FULL('servers.json')} Nothing of it was deleted: its settings, secrets, approvals, snapshots and sign-in are as they were.`,
    });
    vi.restoreAllMocks();

    // In the app: listed, approved, signed in; nothing said it was forgotten.
    expect((await app.call('servers.list', {})).map((v) => v.config.label)).toEqual(['Stays', 'Goes']);
    expect(await app.call('approvals.list', { serverId })).toEqual([approval]);
    expect(await signedIn(app)).toBe(true);
    expect(app.eventsOf('approvals.changed')).toEqual([]);
    expect(app.eventsOf('app.alert').filter((a) => a.title.includes('removed'))).toEqual([]);
    // On disk: the approval and every secret, the sign-in among them.
    expect(await approvalsOnDisk()).toEqual([approval]);
    expect(await secretIds()).toEqual(secretsBefore);
    await close(app);

    // After a restart, all of it still, and the header's value with it.
    const again = await open();
    expect(await again.call('approvals.list', { serverId })).toEqual([approval]);
    expect(await signedIn(again)).toBe(true);
    expect(again.inspector.catalog.resolveTransport(again.inspector.catalog.get(serverId))).toEqual(transport);

    // With the disk back, the removal deletes all of it.
    expect(await again.call('servers.remove', { serverId })).toEqual({ removed: true });
    expect(await again.call('approvals.list', {})).toEqual([]);
    expect(await approvalsOnDisk()).toEqual([]);
    expect(await secretIds()).toEqual([]);
    expect(again.eventsOf('app.alert').filter((a) => a.title.includes('removed'))).toEqual([]);
  });

  test('when servers.json is saved but approvals.json and the secret store are not: it is removed, and alerts say what was left and where', async () => {
    const app = await open();
    const ids = (await secretIds()).filter((id) => id !== vaultId(serverId));
    diskFullFor('approvals.json', SECRETS_FILE);
    expect(await app.call('servers.remove', { serverId })).toEqual({ removed: true });
    vi.restoreAllMocks();

    expect((await app.call('servers.list', {})).map((v) => v.config.label)).toEqual(['Stays']);
    // Out of force at once, though approvals.json still holds it.
    expect(await app.call('approvals.list', {})).toEqual([]);
    expect(await approvalsOnDisk()).toEqual([approval]);
    const store = `an encrypted file in the data folder (${SECRETS_FILE})`;
    expect(app.eventsOf('app.alert').filter((a) => a.title.includes('removed'))).toEqual([
      {
        level: 'warning',
        title: 'Data of a removed server is still stored',
        message:
          `"Goes" was removed, but not everything the app kept for it could be deleted: its sign-in (OAuth tokens) is still in ${store} (${FULL(SECRETS_FILE)}), under the id ${vaultId(serverId)}; ` +
          `its 1 decision is still in ${path.join(dataDir, 'approvals.json')} (${FULL('approvals.json')}), out of force; the file's next save while the app runs drops it. No server uses it any more.`,
      },
      {
        level: 'warning',
        title: 'Secrets of a removed server are still stored',
        message: `"Goes" was removed, but some of its secrets could not be deleted: 1 from ${store} (${FULL(SECRETS_FILE)}; its id: ${ids[0]}). No server uses them any more; delete them there yourself, or they stay, unused.`,
      },
    ]);
    await close(app);

    // It stays removed after a restart.
    const again = await open();
    expect((await again.call('servers.list', {})).map((v) => v.config.label)).toEqual(['Stays']);
  });
});
