// An OAuth sign-in's tokens go into the OS keychain: a GNOME Keyring (Secret
// Service) in its own D-Bus session, as in secrets-keychain.test.ts. After a
// sign-in, secret-tool (another process) finds the record under the app's
// service with the tokens in it; no file of the data folder holds them; a
// restarted app connects with them without a browser; removing the server
// deletes the entry.
import { describe, expect, test } from 'vitest';
import { filesHolding, useKeyringSession } from '../fixtures/keyring-session.js';
import { ContractClient } from '../fixtures/servers/harness.js';
import { addAndSignIn, authorizationUrls } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

const keyring = useKeyringSession();
const oauth = useOAuthFixture();

describe('OAuth tokens in the Secret Service (GNOME Keyring)', () => {
  test('the sign-in is in the keyring, in no file, survives a restart, and goes with the server', async () => {
    const client = await ContractClient.open({ requestTimeoutMs: 15_000 });
    const { server: added, result } = await addAndSignIn(client, oauth.fixture.url);
    expect(result.connection.status).toBe('connected');
    const lookup = keyring().secretTool(['lookup', 'service', 'Skill Inspector', 'username', `oauth:${added.id}`]);
    expect(lookup.status).toBe(0);
    const record = JSON.parse(lookup.stdout) as { tokens: { access_token: string; refresh_token: string } };
    for (const token of [record.tokens.access_token, record.tokens.refresh_token]) expect(await filesHolding(client.dataDir, token)).toEqual([]);
    await client.close({ keepData: true });

    const again = await ContractClient.open({ requestTimeoutMs: 15_000 }, client.dataDir);
    try {
      expect((await again.call('servers.authStatus', { serverId: added.id })).signedIn).toBe(true);
      const snapshot = await again.call('servers.connect', { serverId: added.id });
      expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
      expect(authorizationUrls(again)).toEqual([]);
      await again.call('servers.remove', { serverId: added.id });
      expect(keyring().secretTool(['lookup', 'service', 'Skill Inspector', 'username', `oauth:${added.id}`]).status).toBe(1);
    } finally {
      await again.call('approvals.audit', {});
      await again.close();
    }
  }, 90_000);
});
