// An OAuth sign-in's tokens go into the OS keychain: a GNOME Keyring (Secret
// Service) in its own D-Bus session, as in secrets-keychain.test.ts. After a
// sign-in, secret-tool (another process) finds the record under the app's
// service with the tokens in it; no file of the data folder holds them; a
// restarted app connects with them without a browser; removing the server
// deletes the entry.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInspector } from '../../electron/inspector.js';
import { filesHolding, startKeyringSession, type KeyringSession } from '../fixtures/keyring-session.js';
import { ContractClient, tempDir } from '../fixtures/servers/harness.js';
import { addAndSignIn, authorizationUrls, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth/harness.js';

let keyring: KeyringSession | undefined;
let server: OAuthFixture;
const saved = { bus: process.env['DBUS_SESSION_BUS_ADDRESS'], choice: process.env['SKILL_INSPECTOR_SECRETS'] };

beforeAll(async () => {
  keyring = await startKeyringSession();
  process.env['DBUS_SESSION_BUS_ADDRESS'] = keyring.env['DBUS_SESSION_BUS_ADDRESS'];
  process.env['SKILL_INSPECTOR_SECRETS'] = 'keychain';
  server = await startOAuthFixture();
}, 60_000);

afterAll(async () => {
  for (const [name, value] of [['DBUS_SESSION_BUS_ADDRESS', saved.bus], ['SKILL_INSPECTOR_SECRETS', saved.choice]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await server?.stop();
  keyring?.stop();
});

async function openApp(dataDir?: string): Promise<ContractClient> {
  const dir = dataDir ?? (await tempDir('oauth-keyring'));
  const inspector = await createInspector({
    dataDir: dir,
    mode: 'browser',
    appVersion: '0.0.0-test',
    demoTransport: () => ({ kind: 'stdio', command: 'skill-inspector', args: ['demo-server'], env: {} }),
    seedDemo: false,
    settingsOverrides: { requestTimeoutMs: 15_000 },
  });
  return new ContractClient(inspector, dir);
}

describe('OAuth tokens in the Secret Service (GNOME Keyring)', () => {
  test('the sign-in is in the keyring, in no file, survives a restart, and goes with the server', async () => {
    const client = await openApp();
    const { server: added, result } = await addAndSignIn(client, server.url);
    expect(result.connection.status).toBe('connected');
    const lookup = keyring!.secretTool(['lookup', 'service', 'Skill Inspector', 'username', `oauth:${added.id}`]);
    expect(lookup.status).toBe(0);
    const record = JSON.parse(lookup.stdout) as { tokens: { access_token: string; refresh_token: string } };
    for (const token of [record.tokens.access_token, record.tokens.refresh_token]) expect(await filesHolding(client.dataDir, token)).toEqual([]);
    await client.close({ keepData: true });

    const again = await openApp(client.dataDir);
    try {
      expect((await again.call('servers.authStatus', { serverId: added.id })).signedIn).toBe(true);
      const snapshot = await again.call('servers.connect', { serverId: added.id });
      expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
      expect(authorizationUrls(again)).toEqual([]);
      await again.call('servers.remove', { serverId: added.id });
      expect(keyring!.secretTool(['lookup', 'service', 'Skill Inspector', 'username', `oauth:${added.id}`]).status).toBe(1);
    } finally {
      await again.call('approvals.audit', {});
      await again.close();
    }
  }, 90_000);
});
