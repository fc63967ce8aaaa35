// An OAuth server whose URL holds a secret query parameter (?api_key=…): the
// catalog keeps the value in the secret store and the URL in servers.json with
// a placeholder (⟦secret:url:query:api_key⟧). The sign-in, the connection's
// refresh and the Sign out use the URL with the value put back, so the tokens
// are bound to it (in the secret store's record only); the server list asked
// about the placeholder form, so it said "not signed in" after a sign-in.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { useDataFolders } from '../../test/fixtures/oauth/suite.js';
import type { ConnectionPool } from '../connections/pool.js';
import { ServerCatalog } from '../servers/catalog.js';
import { AppOAuth } from './app-oauth.js';

const KEY = 'key-4be1-never-in-a-clear-file';

const dataFolder = useDataFolders('si-oauth-secret-query-');
let dir: string;
beforeEach(async () => {
  dir = await dataFolder();
});

/** The files of the data folder whose bytes hold the key in clear. */
async function filesHoldingKey(): Promise<string[]> {
  const out: string[] = [];
  for (const name of await fs.readdir(dir)) {
    const file = path.join(dir, name);
    if ((await fs.stat(file)).isFile() && (await fs.readFile(file, 'latin1')).includes(KEY)) out.push(name);
  }
  return out;
}

describe('the OAuth status of a server with a secret query parameter in its URL', () => {
  test('a sign-in kept for the server reads as signed in, in the list and in authStatus alike; Sign out ends it for both', async () => {
    const catalog = new ServerCatalog(dir);
    expect(await catalog.load({ seedDemo: false })).toBeUndefined();
    const server = await catalog.add({ label: 'Keyed', transport: { kind: 'http', url: `http://127.0.0.1:9/mcp?team=docs&api_key=${KEY}`, headers: {}, auth: { type: 'oauth' } } });
    expect(server.transport).toMatchObject({ url: 'http://127.0.0.1:9/mcp?team=docs&api_key=⟦secret:url:query:api_key⟧' });
    const oauth = new AppOAuth({ catalog, emit: () => undefined, onChange: () => undefined, note: () => undefined, redact: (v) => v, dataDir: dir });
    const handlers = oauth.handlers({ find: () => undefined } as unknown as ConnectionPool);

    // The tokens a sign-in saves through the provider the connection uses (the pool gives it the resolved transport).
    const { record: provider } = oauth.transportAuth(server, catalog.resolveTransport(server))!;
    await provider.saveTokens({ access_token: 'access-1', token_type: 'Bearer', refresh_token: 'refresh-1', scope: 'mcp:read' });

    expect(oauth.statusOf(server)).toMatchObject({ serverId: server.id, signedIn: true, scopes: ['mcp:read'] });
    expect(await handlers['servers.authStatus']({ serverId: server.id })).toMatchObject({ serverId: server.id, signedIn: true });
    expect(await provider.tokens()).toMatchObject({ access_token: 'access-1' });
    // The key is in the secret store only: not in servers.json, nor in any other file of the data folder.
    expect(await filesHoldingKey()).toEqual([]);

    const signedOut = await handlers['servers.signOut']({ serverId: server.id });
    expect(signedOut).toMatchObject({ serverId: server.id, signedIn: false });
    expect(oauth.statusOf(server)).toMatchObject({ signedIn: false });
    expect(await provider.tokens()).toBeUndefined();
    expect(await filesHoldingKey()).toEqual([]);
  });
});
