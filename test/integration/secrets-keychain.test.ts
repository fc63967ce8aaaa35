// Secrets really go into the OS keychain: a GNOME Keyring (Secret Service)
// started here in its own D-Bus session, unlocked with a password on stdin.
// The app stores a bearer token through the contract; secret-tool, another
// process, reads it back from the keyring; no file of the data folder holds it;
// a restarted app connects with it; removing the server deletes the entry.
// The keyring session is test/fixtures/keyring-session.ts.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { filesHolding, useKeyringSession } from '../fixtures/keyring-session.js';
import { ContractClient, startHttpFixture, type RunningFixture } from '../fixtures/servers/harness.js';

const TOKEN = 'tok-keyring-61c2-only-in-the-keyring';

const keyring = useKeyringSession();
let auth: RunningFixture;

function secretTool(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  return keyring().secretTool(args);
}

beforeAll(async () => {
  auth = await startHttpFixture('auth-skills-server.mjs', ['--token', TOKEN]);
}, 60_000);

afterAll(async () => {
  await auth?.stop();
});

describe('secrets in the Secret Service (GNOME Keyring)', () => {
  test('a bearer token goes into the keyring: another process reads it there, no file holds it, a restarted app connects with it, removal deletes it', async () => {
    const client = await ContractClient.open({ requestTimeoutMs: 15_000 });
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
    const again = await ContractClient.open({ requestTimeoutMs: 15_000 }, client.dataDir);
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
