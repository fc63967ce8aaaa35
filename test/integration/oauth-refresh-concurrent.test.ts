// Several requests in flight when the access token runs out: each comes back
// 401 at once, and the SDK's transport runs its auth() once per 401. With an
// authorization server that rotates refresh tokens (a used one is refused, and
// its grant revoked, as RFC 9700 §4.14.2 advises), refreshes that run side by
// side spend the same refresh token twice: the second is refused with
// invalid_grant, the grant is revoked, and a good sign-in is lost. One refresh
// per sign-in at a time; the requests that wait for it use its tokens.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ServerConfig, VerifyJob } from '../../shared/model.js';
import { ContractClient } from '../fixtures/servers/harness.js';
import { addAndSignIn, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let client: ContractClient;
/** The server the first test signs in to; the second goes on with it. */
let added: ServerConfig | undefined;
useEncryptedFileSecrets();

// The test ends the access tokens itself before each round: with a short
// lifetime instead, a round slower than that lifetime (a loaded machine)
// needs a second renewal of its own, and the count below would be the clock's.
const oauth = useOAuthFixture();

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000, readConcurrency: 8 });
}, 60_000);

afterAll(async () => {
  await client?.close();
});

describe('a token that runs out under several requests at once', () => {
  test('is refreshed once; every request goes through and the sign-in holds', async () => {
    const { server: signedIn, result } = await addAndSignIn(client, oauth.fixture.url);
    added = signedIn;
    expect(result.connection.status).toBe('connected');
    await client.until('the first listing', () => client.payloads('skills.listed').some((e) => e.serverId === signedIn.id && e.done));

    for (let round = 1; round <= 3; round++) {
      await oauth.fixture.expireAccessTokens();
      expect((await oauth.fixture.accessTokens()).every((t) => !t.active)).toBe(true);
      const started = await client.call('skills.verifyAll', { serverId: signedIn.id });
      const job = await client.until(`Verify all, round ${round}`, () => client.payloads('job.progress').find((j: VerifyJob) => j.jobId === started.jobId && j.state !== 'running'));
      expect([round, job.state, job.failed, job.verified]).toEqual([round, 'done', 0, 2]);
    }
    const events = await oauth.fixture.events();
    expect(events.filter((e) => e.event === 'token-refused').map((e) => [e.grant_type, e.error])).toEqual([]);
    const grants = events.filter((e) => e.event === 'token').map((e) => e.grant_type);
    expect(grants).toEqual(['authorization_code', 'refresh_token', 'refresh_token', 'refresh_token']);
    expect((await client.call('servers.authStatus', { serverId: signedIn.id })).signedIn).toBe(true);
    expect(client.snapshots(signedIn.id).filter((s) => s.status === 'failed')).toEqual([]);
  }, 120_000);

  test('a refused request whose answer comes after the renewal uses the renewed token instead of renewing again', async () => {
    if (!added) throw new Error('the server the test above signed in to');
    const grantsSoFar = (await oauth.fixture.events()).filter((e) => e.event === 'token').length;
    await oauth.fixture.expireAccessTokens();
    // One read's 401 comes late: another read's 401 has started the renewal, it has ended, and a request with the new token went through.
    await oauth.fixture.holdNext401();
    const started = await client.call('skills.verifyAll', { serverId: added.id });
    const job = await client.until('Verify all with a late 401', () => client.payloads('job.progress').find((j: VerifyJob) => j.jobId === started.jobId && j.state !== 'running'));
    expect([job.state, job.failed, job.verified]).toEqual(['done', 0, 2]);
    const events = await oauth.fixture.events();
    expect(events.some((e) => e.event === 'mcp' && e.held === true && e.status === 401)).toBe(true);
    expect(events.filter((e) => e.event === 'token').slice(grantsSoFar).map((e) => e.grant_type)).toEqual(['refresh_token']);
    expect(events.filter((e) => e.event === 'token-refused')).toEqual([]);
  }, 120_000);
});
