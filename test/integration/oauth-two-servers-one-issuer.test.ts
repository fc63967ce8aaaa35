// Two servers that sign in at the same authorization server (here the same
// MCP server added twice, as a person might for two accounts): each keeps its
// own sign-in. Signing in to the second leaves the first's tokens as they
// were, and signing out of the first (which revokes its tokens) leaves the
// second signed in and connecting. Real app through the contract, the
// fixture authorization server, the encrypted-file store.
import { describe, expect, test } from 'vitest';
import { ContractClient } from '../fixtures/servers/harness.js';
import { addAndSignIn, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

useEncryptedFileSecrets();
const oauth = useOAuthFixture();

describe('two servers, one authorization server', () => {
  test('each keeps its own sign-in: a second sign-in and a sign-out of the first leave the other as it was', async () => {
    const client = await ContractClient.open({ requestTimeoutMs: 15_000 });
    try {
      const first = await addAndSignIn(client, oauth.fixture.url);
      const second = await addAndSignIn(client, oauth.fixture.url);
      expect([first.result.error, second.result.error]).toEqual([undefined, undefined]);
      expect(first.result.oauth.clientId).not.toBe(second.result.oauth.clientId);
      const a = await client.call('servers.authStatus', { serverId: first.server.id });
      expect(a).toMatchObject({ signedIn: true, clientId: first.result.oauth.clientId });

      await client.call('servers.signOut', { serverId: first.server.id });
      expect((await client.call('servers.authStatus', { serverId: first.server.id })).signedIn).toBe(false);
      const b = await client.call('servers.authStatus', { serverId: second.server.id });
      expect(b).toEqual(second.result.oauth);
      await client.call('servers.disconnect', { serverId: second.server.id });
      const again = await client.call('servers.connect', { serverId: second.server.id });
      expect([again.status, again.error]).toEqual(['connected', undefined]);
      // One access token revoked (the first's), the second's still active.
      expect((await oauth.fixture.accessTokens()).filter((t) => t.active)).toHaveLength(1);
    } finally {
      await client.close();
    }
  }, 90_000);
});
