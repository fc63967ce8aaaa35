// A token answer's expires_in is the authorization server's number: the SDK
// takes any finite one. A lifetime past the last date JavaScript can hold
// (1e300 s) must not break the status, which every server list is built from.
import { describe, expect, it } from 'vitest';
import { OAuthSessions } from './oauth-sessions.js';
import { MemoryOAuthVault, bindingOf } from './oauth-vault.js';

const target = { key: 's1', serverId: 's1', url: 'https://mcp.example/mcp', settings: { type: 'oauth' as const } };

async function statusWith(expiresIn: number) {
  const vault = new MemoryOAuthVault();
  await vault.write('s1', { tokens: { access_token: 'at', token_type: 'Bearer', expires_in: expiresIn }, tokensSavedAt: Date.now(), boundTo: bindingOf(target.url, undefined) });
  await vault.read('s1');
  return new OAuthSessions({ vault, clientName: 'test', openAuthorizationUrl: async () => undefined }).status(target);
}

describe('the sign-in status', () => {
  it('takes a token whose lifetime no date can hold: signed in, no expiry shown', async () => {
    const status = await statusWith(1e300);
    expect(status.signedIn).toBe(true);
    expect(status.expiresAt).toBeUndefined();
  });

  it('still shows an ordinary expiry', async () => {
    expect((await statusWith(600)).expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
