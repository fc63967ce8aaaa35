// OAuth secrets stay in the secret store: the access and refresh tokens of a
// dynamically registered client and of a pre-registered one, and that one's
// client secret, are in no answer or event the window receives, not in the
// protocol log or its exports, and in no file of the data folder but the
// store's own (the encrypted file here, SKILL_INSPECTOR_SECRETS=file).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EncryptedFileStore, SECRETS_FILE, SECRETS_KEY_FILE } from '../../electron/secrets/encrypted-file-store.js';
import { ContractClient } from '../fixtures/servers/harness.js';
import { addAndSignIn, waitFor, useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';
import { readDataFiles } from '../fixtures/data-files.js';

const CLIENT_SECRET = 'cs-7d41-oauth-client-secret-nowhere';
let client: ContractClient;
useEncryptedFileSecrets();

const oauth = useOAuthFixture(['--access-ttl', '2', '--static-client', `preregistered:${CLIENT_SECRET}`]);

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  await client?.close();
});

async function filesHolding(dir: string, secrets: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const file of await readDataFiles(dir, (relative) => relative === SECRETS_FILE || relative === SECRETS_KEY_FILE)) {
    const bytes = file.bytes.toString('latin1');
    for (const s of secrets) if (bytes.includes(s)) out.push(`${file.path}: ${s.slice(0, 8)}…`);
  }
  return out;
}

describe('OAuth secrets outside the secret store', () => {
  test('tokens and the client secret are in no answer, event, log, export or file but the store', async () => {
    const { server: dynamic } = await addAndSignIn(client, oauth.fixture.url);
    const { server: preregistered } = await addAndSignIn(client, oauth.fixture.url, { clientId: 'preregistered', clientSecret: CLIENT_SECRET });
    const ids = [dynamic.id, preregistered.id];
    for (const serverId of ids) await client.until('the listing', () => client.payloads('skills.listed').some((e) => e.serverId === serverId && e.done));
    // Tokens run out and are refreshed: the refreshed pair must stay in the store too.
    await waitFor('the access tokens to run out', async () => (await oauth.fixture.accessTokens()).every((t) => !t.active));
    for (const serverId of ids) {
      await client.call('skills.refresh', { serverId });
      await client.call('skills.verify', { serverId, skillUri: 'skill://greeting/SKILL.md' });
    }
    expect((await oauth.fixture.events()).some((e) => e.event === 'token' && e.grant_type === 'refresh_token')).toBe(true);

    const answers: unknown[] = [];
    answers.push(await client.call('servers.list', {}));
    for (const serverId of ids) {
      answers.push(await client.call('servers.authStatus', { serverId }));
      answers.push(await client.call('log.get', { serverId }));
      answers.push(await client.call('log.export', { serverId }));
      answers.push(await client.call('log.export', { serverId, format: 'jsonl' }));
    }
    answers.push(await client.call('servers.duplicate', { serverId: preregistered.id }));

    // What the store holds: the values to look for everywhere else.
    const store = new EncryptedFileStore(client.dataDir);
    const secrets = [CLIENT_SECRET];
    for (const serverId of ids) {
      const record = JSON.parse((await store.get(`oauth:${serverId}`))!) as { tokens: { access_token: string; refresh_token: string }; discovery?: unknown };
      expect(record.tokens.access_token.length).toBeGreaterThan(20);
      expect(record.tokens.refresh_token.length).toBeGreaterThan(20);
      // Public metadata stays out of the store (a keychain entry is small).
      expect(record.discovery).toBeUndefined();
      secrets.push(record.tokens.access_token, record.tokens.refresh_token);
    }

    const seen = JSON.stringify({ answers, events: client.events });
    for (const s of secrets) expect(seen.includes(s), `a secret reached the window: ${s.slice(0, 8)}…`).toBe(false);
    // Wait for the catalog's and the audit's writes to land, then read every file.
    await client.call('approvals.audit', {});
    expect(await filesHolding(client.dataDir, secrets)).toEqual([]);
    const catalog = await fs.readFile(path.join(client.dataDir, 'servers.json'), 'utf8');
    expect(catalog).toContain('"clientId": "preregistered"');
  }, 120_000);
});
