// The client_id a dynamic registration answers with is the authorization
// server's text, and the app shows it (the server's sign-in status) and
// sends it back in every request. One holding control characters (ESC
// sequences, CR LF, NUL) is refused at the registration, said, not kept.
import { afterEach, describe, expect, it } from 'vitest';
import { browse, startHostile, type HostileServer } from './hostile-authorization.unit.js';
import { diagnoseOAuth } from './oauth-errors.js';
import { OAuthSessions } from './oauth-sessions.js';
import { MemoryOAuthVault } from './oauth-vault.js';

const servers: HostileServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('a registration answer whose client_id holds control characters', () => {
  it('is refused: what and where said, no client kept, no page opened', async () => {
    const server = await startHostile({ client: (honest) => ({ ...honest, client_id: 'c\u001b[2J\r\nid\u0000' }) });
    servers.push(server);
    const vault = new MemoryOAuthVault();
    const opened: string[] = [];
    const sessions = new OAuthSessions({ vault, clientName: 'test', timeoutMs: 3000, openAuthorizationUrl: async (_serverId, url) => void opened.push(url) });
    const target = { key: 's1', serverId: 's1', url: server.url, settings: { type: 'oauth' as const } };
    const error = await sessions.signIn(target).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(diagnoseOAuth(error, server.url, true)?.detail).toBe(
      `The authorization server ${server.base} registered this app with a client_id that holds control characters ("c [2J id"), which the app would show and send back in every request. The registration was not kept; register a client with it yourself, then enter its client ID in the server settings.`,
    );
    expect(opened).toEqual([]);
    expect((await vault.read('s1')).client).toBeUndefined();
    expect(sessions.status(target).clientId).toBeUndefined();
  }, 15_000);

  it('an ordinary one is kept (the sign-in goes through)', async () => {
    const server = await startHostile({ client: (honest) => ({ ...honest, client_id: 'abc-123_XYZ.~' }) });
    servers.push(server);
    const sessions = new OAuthSessions({ vault: new MemoryOAuthVault(), clientName: 'test', openAuthorizationUrl: async (_serverId, url) => void browse(url) });
    const target = { key: 's1', serverId: 's1', url: server.url, settings: { type: 'oauth' as const } };
    await sessions.signIn(target);
    expect(sessions.status(target).clientId).toBe('abc-123_XYZ.~');
  }, 15_000);
});
