// Step-up: the server refuses a request with 403 insufficient_scope and names
// the scope; the app signs in again for the union of what it has and what is
// asked (a fresh authorization: a refresh cannot widen a grant), and the
// request goes through.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ContractClient } from '../fixtures/servers/harness.js';
import { addAndSignIn, authorizationUrls, completePage, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let client: ContractClient;
useEncryptedFileSecrets();

const oauth = useOAuthFixture(['--step-up']);

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  await client?.close();
});

describe('step-up on insufficient_scope', () => {
  test('reading a skill needs skills:read: a second sign-in asks for it, and the read succeeds', async () => {
    const { server: added, result } = await addAndSignIn(client, oauth.fixture.url);
    expect(result.oauth.scopes).toEqual(['mcp:read']);
    expect(new URL(authorizationUrls(client)[0]!.url).searchParams.get('scope')?.split(' ')).toContain('mcp:read');
    await client.until('the listing', () => client.payloads('skills.listed').some((e) => e.serverId === added.id && e.done));

    const verifying = client.call('skills.verify', { serverId: added.id, skillUri: 'skill://greeting/SKILL.md' });
    const page = await completePage(client, 2);
    expect(page.status).toBe(200);
    const asked = new URL(authorizationUrls(client)[1]!.url).searchParams.get('scope')!.split(' ');
    expect(asked).toEqual(expect.arrayContaining(['mcp:read', 'skills:read']));
    const verified = await verifying;
    expect(verified.status).toBe('verified');

    const status = await client.call('servers.authStatus', { serverId: added.id });
    expect([...(status.scopes ?? [])].sort()).toEqual(['mcp:read', 'skills:read']);
    expect(status.scopeWanted).toBeUndefined();
    const events = await oauth.fixture.events();
    const reads = events.filter((e) => e.event === 'mcp' && e.rpc === 'resources/read').map((e) => e.status);
    expect(reads[0]).toBe(403);
    expect(reads.slice(1).every((s) => s === 200)).toBe(true);
    // Two authorization codes, no refresh: a refresh could not have widened the scope. The client the app
    // registered for mcp:read alone was registered again for both (the server refused it the wider scope).
    expect(events.filter((e) => e.event === 'token').map((e) => e.grant_type)).toEqual(['authorization_code', 'authorization_code']);
    expect(events.filter((e) => e.event === 'registered')).toHaveLength(2);
  }, 90_000);
});
