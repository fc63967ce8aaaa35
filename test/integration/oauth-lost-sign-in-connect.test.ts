// A sign-in the app kept whose secret-store entry is gone (another program
// deleted it while the app was closed): the status says why, and it must keep
// saying so through a connection. Before, the connection's first write (what
// OAuth discovery found) replaced the lost sign-in's record, so from then on
// the status read plain "not signed in", the connection's diagnostic said the
// app had never signed in, and the note of the sign-in was cleared, so a
// restart said nothing either. Now the reason stays until a sign-in succeeds
// (or the server is removed). Real app through the contract, real fixture
// authorization server and MCP server, the encrypted-file store.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { lostSignInWords } from '../../shared/lost-sign-in.js';
import { ContractClient, tempDir } from '../fixtures/servers/harness.js';
import { completePage, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

useEncryptedFileSecrets();
const STORE = 'an encrypted file in the data folder (secrets.enc.json)';
const LOST = { problem: 'missing', store: STORE, reason: 'it has no entry for it' } as const;
const oauth = useOAuthFixture();

/** A data folder whose server signed in before (noted in oauth-sign-ins.json) while the store has no entry for it. */
async function lostSignInFolder(): Promise<string> {
  const dataDir = await tempDir('lost-sign-in-connect');
  const servers = {
    version: 1,
    demoSeeded: true,
    servers: [{ id: 'docs', label: 'Docs', transport: { kind: 'http', url: oauth.fixture.url, headers: {}, auth: { type: 'oauth' } }, createdAt: '2026-12-01T00:00:00.000Z' }],
  };
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify(servers));
  await fs.writeFile(path.join(dataDir, 'oauth-sign-ins.json'), JSON.stringify({ docs: 'encrypted-file' }));
  return dataDir;
}

describe('a lost sign-in, through a connection', () => {
  test('the reason stays after discovery was saved, in the status and the diagnostic, and after a restart; signing in again clears it', async () => {
    const dataDir = await lostSignInFolder();
    const first = await ContractClient.open({ requestTimeoutMs: 15_000 }, dataDir);
    try {
      expect(await first.call('servers.authStatus', { serverId: 'docs' })).toEqual({ serverId: 'docs', signedIn: false, signingIn: false, lostSignIn: LOST });
      const failed = await first.call('servers.connect', { serverId: 'docs' });
      expect([failed.status, failed.error?.code]).toEqual(['failed', 'oauth-sign-in-required']);
      // Discovery ran (the fixture's metadata was fetched) and was saved: the reason is still said.
      expect((await oauth.fixture.asRequests()).some((r) => r.url.startsWith('/.well-known/oauth-authorization-server'))).toBe(true);
      expect(JSON.stringify(failed.error)).toContain(lostSignInWords(LOST));
      expect(await first.call('servers.authStatus', { serverId: 'docs' })).toEqual({ serverId: 'docs', signedIn: false, signingIn: false, lostSignIn: LOST });
      const listed = (await first.call('servers.list', {})).find((s) => s.config.id === 'docs');
      expect(listed?.oauth?.lostSignIn).toEqual(LOST);
      // A second connection says it again.
      expect(JSON.stringify((await first.call('servers.connect', { serverId: 'docs' })).error)).toContain(lostSignInWords(LOST));
    } finally {
      await first.close({ keepData: true });
    }
    // The note of the sign-in was kept: the next start says it too.
    expect(JSON.parse(await fs.readFile(path.join(dataDir, 'oauth-sign-ins.json'), 'utf8'))).toEqual({ docs: 'encrypted-file' });

    const second = await ContractClient.open({ requestTimeoutMs: 15_000 }, dataDir);
    try {
      expect((await second.call('servers.connect', { serverId: 'docs' })).error?.code).toBe('oauth-sign-in-required');
      expect(await second.call('servers.authStatus', { serverId: 'docs' })).toEqual({ serverId: 'docs', signedIn: false, signingIn: false, lostSignIn: LOST });

      const signing = second.call('servers.signIn', { serverId: 'docs' });
      expect((await completePage(second, 1)).status).toBe(200);
      const result = await signing;
      expect([result.error, result.connection.status]).toEqual([undefined, 'connected']);
      expect(result.oauth.signedIn).toBe(true);
      expect(result.oauth.lostSignIn).toBeUndefined();
      expect((await second.call('servers.authStatus', { serverId: 'docs' })).lostSignIn).toBeUndefined();
    } finally {
      await second.close();
    }
  }, 90_000);
});
