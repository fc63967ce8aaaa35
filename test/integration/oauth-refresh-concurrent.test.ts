// Several requests in flight when the access token runs out: each comes back
// 401 at once, and the SDK's transport runs its auth() once per 401. With an
// authorization server that rotates refresh tokens (a used one is refused, and
// its grant revoked, as RFC 9700 §4.14.2 advises), refreshes that run side by
// side spend the same refresh token twice: the second is refused with
// invalid_grant, the grant is revoked, and a good sign-in is lost. One refresh
// per sign-in at a time; the requests that wait for it use its tokens.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VerifyJob } from '../../shared/model.js';
import { ContractClient } from '../fixtures/servers/harness.js';
import { addAndSignIn, startOAuthFixture, type OAuthFixture, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';

let server: OAuthFixture;
let client: ContractClient;
useEncryptedFileSecrets();

beforeAll(async () => {
  // The test ends the access tokens itself before each round: with a short
  // lifetime instead, a round slower than that lifetime (a loaded machine)
  // needs a second renewal of its own, and the count below would be the clock's.
  server = await startOAuthFixture();
  client = await ContractClient.open({ requestTimeoutMs: 15_000, readConcurrency: 8 });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

describe('a token that runs out under several requests at once', () => {
  test('is refreshed once; every request goes through and the sign-in holds', async () => {
    const { server: added, result } = await addAndSignIn(client, server.url);
    expect(result.connection.status).toBe('connected');
    await client.until('the first listing', () => client.payloads('skills.listed').some((e) => e.serverId === added.id && e.done));

    for (let round = 1; round <= 3; round++) {
      await server.expireAccessTokens();
      expect((await server.accessTokens()).every((t) => !t.active)).toBe(true);
      const started = await client.call('skills.verifyAll', { serverId: added.id });
      const job = await client.until(`Verify all, round ${round}`, () => client.payloads('job.progress').find((j: VerifyJob) => j.jobId === started.jobId && j.state !== 'running'));
      expect([round, job.state, job.failed, job.verified]).toEqual([round, 'done', 0, 2]);
    }
    const events = await server.events();
    expect(events.filter((e) => e.event === 'token-refused').map((e) => [e.grant_type, e.error])).toEqual([]);
    const grants = events.filter((e) => e.event === 'token').map((e) => e.grant_type);
    expect(grants).toEqual(['authorization_code', 'refresh_token', 'refresh_token', 'refresh_token']);
    expect((await client.call('servers.authStatus', { serverId: added.id })).signedIn).toBe(true);
    expect(client.snapshots(added.id).filter((s) => s.status === 'failed')).toEqual([]);
  }, 120_000);
});
