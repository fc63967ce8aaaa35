// The app's side of a sign-in the secret store lost (lost-sign-in.test.ts has
// the cases): a real catalog and secret store, the entry deleted between two
// starts as another program would; the server list, authStatus and Sign out
// say so, Sign out with the alert the window shows.
import { beforeEach, describe, expect, test } from 'vitest';
import { useDataFolders } from '../../test/fixtures/oauth/suite.js';
import type { AppAlert } from '../../shared/api.js';
import type { ConnectionPool } from '../connections/pool.js';
import { ServerCatalog } from '../servers/catalog.js';
import { AppOAuth } from './app-oauth.js';
import { vaultId } from './oauth-vault.js';

const dataFolder = useDataFolders('si-lost-sign-in-app-');
let dir: string;
beforeEach(async () => {
  dir = await dataFolder();
});

/** One app start over the data folder: the catalog, the app's OAuth, its handlers and the alerts it raised. */
async function appStart() {
  const catalog = new ServerCatalog(dir);
  expect(await catalog.load({ seedDemo: false })).toBeUndefined();
  const alerts: AppAlert[] = [];
  const oauth = new AppOAuth({
    catalog,
    emit: (event, payload) => void (event === 'app.alert' && alerts.push(payload as AppAlert)),
    onChange: () => undefined,
    note: () => undefined,
    redact: (v) => v,
    dataDir: dir,
  });
  await oauth.load();
  return { catalog, oauth, alerts, handlers: oauth.handlers({ find: () => undefined } as unknown as ConnectionPool) };
}

describe('the app, a sign-in whose secret-store entry another program deleted', () => {
  test('reads as lost (not "not signed in") in the list and authStatus; Sign out alerts that nothing was revoked and clears it', async () => {
    const first = await appStart();
    const server = await first.catalog.add({ label: 'Docs', transport: { kind: 'http', url: 'http://127.0.0.1:9/mcp', headers: {}, auth: { type: 'oauth' } } });
    await first.oauth.load();
    const { record: provider } = first.oauth.transportAuth(server, first.catalog.resolveTransport(server))!;
    await provider.saveTokens({ access_token: 'access-1', token_type: 'Bearer', refresh_token: 'refresh-1', scope: 'mcp:read' });
    expect(first.oauth.statusOf(server)).toMatchObject({ signedIn: true });

    const store = first.catalog.secrets.stores.primary;
    await store.delete(vaultId(server.id));
    const second = await appStart();
    const lostSignIn = { problem: 'missing', store: store.description, reason: 'it has no entry for it' };
    expect(second.oauth.statusOf(server)).toEqual({ serverId: server.id, signedIn: false, signingIn: false, lostSignIn });
    expect(await second.handlers['servers.authStatus']({ serverId: server.id })).toEqual({ serverId: server.id, signedIn: false, signingIn: false, lostSignIn });

    expect(await second.handlers['servers.signOut']({ serverId: server.id })).toEqual({ serverId: server.id, signedIn: false, signingIn: false });
    expect(second.alerts).toEqual([
      {
        level: 'warning',
        title: 'Nothing was revoked at sign-out',
        message: `"Docs": Signed out, but nothing could be revoked at the authorization server: its token is no longer in ${store.description} (it has no entry for it), so there was no token to send it. The app's record of the sign-in is cleared. A token that was not revoked stays valid at the authorization server until it runs out; to end it sooner, revoke the app's access there.`,
      },
    ]);
    const third = await appStart();
    expect(third.oauth.statusOf(server)).toEqual({ serverId: server.id, signedIn: false, signingIn: false });
  });
});
