// Secrets really go into the OS keychain: a GNOME Keyring (Secret Service)
// started here in its own D-Bus session, unlocked with a password on stdin.
// The app stores a bearer token through the contract; secret-tool, another
// process, reads it back from the keyring; no file of the data folder holds it;
// a restarted app connects with it; removing the server deletes the entry.
// The keyring session is test/fixtures/keyring-session.ts.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInspector } from '../../electron/inspector.js';
import { filesHolding, startKeyringSession, type KeyringSession } from '../fixtures/keyring-session.js';
import { ContractClient, startHttpFixture, tempDir, type RunningFixture } from '../fixtures/servers/harness.js';

const TOKEN = 'tok-keyring-61c2-only-in-the-keyring';

let keyring: KeyringSession | undefined;
let auth: RunningFixture;
const saved = { bus: process.env['DBUS_SESSION_BUS_ADDRESS'], choice: process.env['SKILL_INSPECTOR_SECRETS'] };

function secretTool(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  return keyring!.secretTool(args);
}

beforeAll(async () => {
  keyring = await startKeyringSession();
  // The app in this process talks to that bus, and must use the keychain (no fallback to the file).
  process.env['DBUS_SESSION_BUS_ADDRESS'] = keyring.env['DBUS_SESSION_BUS_ADDRESS'];
  process.env['SKILL_INSPECTOR_SECRETS'] = 'keychain';
  auth = await startHttpFixture('auth-skills-server.mjs', ['--token', TOKEN]);
}, 60_000);

afterAll(async () => {
  for (const [name, value] of [['DBUS_SESSION_BUS_ADDRESS', saved.bus], ['SKILL_INSPECTOR_SECRETS', saved.choice]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await auth?.stop();
  keyring?.stop();
});

/** The app's composition root on a data folder, through the contract as the window uses it. */
async function openApp(dataDir?: string): Promise<ContractClient> {
  const dir = dataDir ?? (await tempDir('keyring-data'));
  const inspector = await createInspector({
    dataDir: dir,
    mode: 'browser',
    appVersion: '0.0.0-test',
    // Never started here: no server in these tests is the demo.
    demoTransport: () => ({ kind: 'stdio', command: 'skill-inspector', args: ['demo-server'], env: {} }),
    seedDemo: false,
    settingsOverrides: { requestTimeoutMs: 15_000 },
  });
  return new ContractClient(inspector, dir);
}

describe('secrets in the Secret Service (GNOME Keyring)', () => {
  test('a bearer token goes into the keyring: another process reads it there, no file holds it, a restarted app connects with it, removal deletes it', async () => {
    const client = await openApp();
    const alerts = await client.call('app.alerts', {});
    expect(alerts.map((a) => a.title)).not.toContain('No keychain: secrets in an encrypted file');
    const server = await client.call('servers.add', { label: 'Keyring remote', transport: { kind: 'http', url: auth.url, headers: {}, bearerToken: TOKEN } });
    expect(server.secrets).toEqual(['bearerToken']);
    expect(JSON.stringify(server)).not.toContain(TOKEN);

    const file = JSON.parse(await fs.readFile(path.join(client.dataDir, 'servers.json'), 'utf8')) as { servers: { secretRefs?: Record<string, { store: string; id: string }> }[] };
    const ref = file.servers[0]!.secretRefs!['bearerToken']!;
    expect(ref.store).toBe('keychain');
    // secret-tool is libsecret's own client, in its own process: the value is in the keyring under the app's service.
    const lookup = secretTool(['lookup', 'service', 'Skill Inspector', 'username', ref.id]);
    expect([lookup.status, lookup.stdout]).toEqual([0, TOKEN]);
    expect(await filesHolding(client.dataDir, TOKEN)).toEqual([]);
    await expect(fs.stat(path.join(client.dataDir, 'secrets.enc.json'))).rejects.toThrow('ENOENT');
    await client.close({ keepData: true });

    // A new start reads the token from the keyring and the server accepts it.
    const again = await openApp(client.dataDir);
    try {
      const snapshot = await again.call('servers.connect', { serverId: server.id });
      expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
      await again.call('servers.disconnect', { serverId: server.id });
      await again.call('servers.remove', { serverId: server.id });
      expect(secretTool(['lookup', 'service', 'Skill Inspector', 'username', ref.id]).status).toBe(1);
      expect(await filesHolding(again.dataDir, TOKEN)).toEqual([]);
    } finally {
      await again.call('approvals.audit', {});
      await again.close();
    }
  }, 90_000);
});
