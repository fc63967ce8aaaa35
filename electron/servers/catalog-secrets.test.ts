// The catalog keeps secrets out of servers.json: on real files, with the
// encrypted-file store (the keychain has its own integration test).
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ServerCatalog } from './catalog.js';

const TOKEN = 'tok-93f0c1e7-never-in-a-file';
const HEADER_KEY = 'hdr-5d2a-never-in-a-file';
const ENV_SECRET = 'env-77b1-never-in-a-file';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-catalog-secrets-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function open(): Promise<ServerCatalog> {
  const catalog = new ServerCatalog(dir);
  expect(await catalog.load({ seedDemo: false })).toBeUndefined();
  return catalog;
}

/** Every file in the data folder whose bytes hold one of the secrets. */
async function filesHolding(secrets: readonly string[], except: readonly string[] = []): Promise<string[]> {
  const out: string[] = [];
  for (const name of await fs.readdir(dir)) {
    if (except.includes(name)) continue;
    const text = await fs.readFile(path.join(dir, name), 'latin1');
    for (const s of secrets) if (text.includes(s)) out.push(`${name}: ${s}`);
  }
  return out;
}

const remote = { kind: 'http' as const, url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'docs', 'X-Api-Key': HEADER_KEY }, bearerToken: TOKEN };
const local = { kind: 'stdio' as const, command: 'node', args: ['s.mjs'], env: { GITHUB_TOKEN: ENV_SECRET, LOG_LEVEL: 'debug', PLAIN: 'marked-value-1' } };

describe('secrets in the catalog', () => {
  test('a bearer token, a credential header and a credential env value are in no file of the data folder, and come back for connecting only', async () => {
    const catalog = await open();
    const http = await catalog.add({ label: 'Remote', transport: remote });
    const stdio = await catalog.add({ label: 'Local', transport: local, markSecret: ['env:PLAIN'] });
    expect(http.transport).toEqual({ kind: 'http', url: remote.url, headers: { 'X-Team': 'docs' } });
    expect(http.secrets).toEqual(['header:X-Api-Key', 'bearerToken']);
    expect(stdio.transport).toEqual({ ...local, env: { LOG_LEVEL: 'debug' } });
    expect(stdio.secrets).toEqual(['env:GITHUB_TOKEN', 'env:PLAIN']);
    expect(JSON.stringify(catalog.list())).not.toMatch(/never-in-a-file|marked-value-1/);
    expect(await filesHolding([TOKEN, HEADER_KEY, ENV_SECRET, 'marked-value-1'])).toEqual([]);
    expect(catalog.resolveTransport(http)).toEqual(remote);
    expect(catalog.resolveTransport(stdio)).toEqual(local);
    // The key file is the user's only.
    expect((await fs.stat(path.join(dir, 'secrets.key'))).mode & 0o777).toBe(0o600);
  });

  test('edit: a secret left out of keepSecrets is removed from the store; a new value replaces the old; absent keepSecrets keeps them', async () => {
    const catalog = await open();
    const server = await catalog.add({ label: 'Remote', transport: remote });
    const { bearerToken: _t, ...plain } = remote;
    const noKey = { ...plain, headers: { 'X-Team': 'docs' } };

    const kept = await catalog.update(server.id, { label: 'Remote', transport: noKey });
    expect(kept.secrets).toEqual(['header:X-Api-Key', 'bearerToken']);
    expect(catalog.resolveTransport(kept)).toEqual(remote);

    const replaced = await catalog.update(server.id, { label: 'Remote', transport: { ...noKey, bearerToken: 'tok-new-value-2' }, keepSecrets: ['bearerToken'] });
    expect(replaced.secrets).toEqual(['bearerToken']);
    expect(catalog.resolveTransport(replaced)).toEqual({ ...noKey, bearerToken: 'tok-new-value-2' });

    const removed = await catalog.update(server.id, { label: 'Remote', transport: noKey, keepSecrets: [] });
    expect(removed.secrets).toBeUndefined();
    expect(catalog.resolveTransport(removed)).toEqual(noKey);
    // The encrypted file holds no entry any more: the removed and replaced values are gone, not orphaned.
    const file = JSON.parse(await fs.readFile(path.join(dir, 'secrets.enc.json'), 'utf8')) as { entries: object };
    expect(Object.keys(file.entries)).toEqual([]);
  });

  // A value the user first kept in clear (neither named nor shaped like a secret, so an import
  // or the form stores it in servers.json) and then marks secret left servers.json, but the
  // save made the previous file the backup: servers.json.bak held the value in clear until
  // some later edit of any server.
  test('marking a value secret takes it out of the backup too', async () => {
    const catalog = await open();
    const licence = 'ada-4c1e-never-in-a-file';
    const transport = { kind: 'stdio' as const, command: 'node', args: ['s.mjs'], env: { LICENSE: licence, LOG_LEVEL: 'debug' } };
    const server = await catalog.add({ label: 'Local', transport });
    expect(server.secrets).toBeUndefined();
    const marked = await catalog.update(server.id, { label: 'Local', transport, markSecret: ['env:LICENSE'] });
    expect(marked.secrets).toEqual(['env:LICENSE']);
    expect(await filesHolding([licence])).toEqual([]);
    // The backup is still a whole, loadable catalog.
    expect(JSON.parse(await fs.readFile(path.join(dir, 'servers.json.bak'), 'utf8'))).toMatchObject({ servers: [{ id: server.id, transport: { env: { LOG_LEVEL: 'debug' } } }] });
    expect(catalog.resolveTransport(marked)).toEqual(transport);
  });

  test('marking a value secret on a disk that takes one more save but not two: the backup is deleted instead of kept with the value', async () => {
    const catalog = await open();
    const licence = 'ada-9a0b-never-in-a-file';
    const transport = { kind: 'stdio' as const, command: 'node', args: [], env: { LICENSE: licence } };
    const server = await catalog.add({ label: 'Local', transport });
    const realOpen = fs.open.bind(fs);
    let catalogWrites = 0;
    const spy = vi.spyOn(fs, 'open').mockImplementation(async (file, flags, mode) => {
      if (path.basename(String(file)).startsWith('.servers.json.') && ++catalogWrites === 2) throw Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC' });
      return realOpen(file, flags, mode);
    });
    try {
      const marked = await catalog.update(server.id, { label: 'Local', transport, markSecret: ['env:LICENSE'] });
      expect(marked.secrets).toEqual(['env:LICENSE']);
    } finally {
      spy.mockRestore();
    }
    expect(catalogWrites).toBe(2);
    expect(await filesHolding([licence])).toEqual([]);
    expect((await fs.readdir(dir)).filter((n) => n.startsWith('servers.json'))).toEqual(['servers.json']);
  });

  // Recognised by name only, these were written to servers.json in clear by an import and by the form.
  test('a password in an address, a *_PWD, a *_PAT, a passphrase, a token shaped like one and a Bearer value under another name are in no file, from an import and from the form', async () => {
    const catalog = await open();
    const env = {
      DATABASE_URL: 'postgres://ada:pw-1d2e-never-in-a-file@db.example/app',
      MYSQL_PWD: 'pwd-1d2e-never-in-a-file',
      GITHUB_PAT: 'pat-1d2e-never-in-a-file',
      PASSPHRASE: 'phrase-1d2e-never-in-a-file',
      GH: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
      LOG_LEVEL: 'debug',
    };
    const headers = { 'X-Upstream': 'Bearer up-1d2e-never-in-a-file', 'X-Mirror': 'https://user:tok-1d2e-never-in-a-file@git.example.com', 'X-Team': 'docs' };
    const [imported] = await catalog.addMany([{ label: 'Imported', transport: { kind: 'stdio', command: 'node', args: [], env } }]);
    const typed = await catalog.add({ label: 'Typed', transport: { kind: 'http', url: 'https://mcp.example.com/mcp', headers } });
    expect(imported!.secrets).toEqual(['env:DATABASE_URL', 'env:MYSQL_PWD', 'env:GITHUB_PAT', 'env:PASSPHRASE', 'env:GH']);
    expect(typed.secrets).toEqual(['header:X-Upstream', 'header:X-Mirror']);
    expect(await filesHolding([...Object.values(env).filter((v) => v !== 'debug'), 'up-1d2e-never-in-a-file', 'tok-1d2e-never-in-a-file'])).toEqual([]);
    expect(catalog.resolveTransport(imported!)).toEqual({ kind: 'stdio', command: 'node', args: [], env });
    expect(catalog.resolveTransport(typed)).toEqual({ kind: 'http', url: 'https://mcp.example.com/mcp', headers });
  });

  test('a yes/no value under a secret-sounding name (USE_TOKEN=true, X-Api-Key-Required: false) is kept in servers.json in clear, from an import and from the form', async () => {
    const catalog = await open();
    const [imported] = await catalog.addMany([{ label: 'Imported', transport: { kind: 'stdio', command: 'node', args: [], env: { USE_TOKEN: 'true', AUTH_ENABLED: '1', GITHUB_TOKEN: ENV_SECRET } } }]);
    const typed = await catalog.add({ label: 'Typed', transport: { kind: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Api-Key-Required': 'false', 'X-Api-Key': HEADER_KEY } } });
    expect([imported!.secrets, typed.secrets]).toEqual([['env:GITHUB_TOKEN'], ['header:X-Api-Key']]);
    const saved = JSON.parse(await fs.readFile(path.join(dir, 'servers.json'), 'utf8')) as { servers: Array<{ transport: { env?: object; headers?: object } }> };
    expect(saved.servers.map((s) => s.transport.env ?? s.transport.headers)).toEqual([{ USE_TOKEN: 'true', AUTH_ENABLED: '1' }, { 'X-Api-Key-Required': 'false' }]);
    expect(await filesHolding([ENV_SECRET, HEADER_KEY])).toEqual([]);
  });

  test('a servers.json that kept such a value in clear has it moved into the store at the next start', async () => {
    const url = 'postgres://ada:pw-5f6a-never-in-a-file@db.example/app';
    const old = { version: 1, demoSeeded: true, servers: [{ id: 's1', label: 'Local', transport: { kind: 'stdio', command: 'node', args: [], env: { DATABASE_URL: url, LOG_LEVEL: 'debug' } }, createdAt: '2026-01-01T00:00:00.000Z' }] };
    await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify(old), { mode: 0o600 });
    const catalog = await open();
    expect(catalog.list()[0]!.secrets).toEqual(['env:DATABASE_URL']);
    expect(catalog.secretsNotice).toContain('1 secret (bearer tokens, secret headers, environment values, arguments or URL parts) was moved out of servers.json');
    const backups = (await fs.readdir(dir)).filter((n) => n.startsWith('servers.json.before-secret-store-'));
    expect(await filesHolding([url], backups)).toEqual([]);
    expect(catalog.resolveTransport(catalog.list()[0]!)).toEqual(old.servers[0]!.transport);
  });

  test('removing a server deletes its secrets from the store', async () => {
    const catalog = await open();
    const server = await catalog.add({ label: 'Remote', transport: remote });
    await catalog.remove(server.id);
    const file = JSON.parse(await fs.readFile(path.join(dir, 'secrets.enc.json'), 'utf8')) as { entries: object };
    expect(file.entries).toEqual({});
  });

  test('a servers.json with a token in clear is migrated at start: the token moves to the store, the old file is kept as a backup, a notice says so', async () => {
    const old = {
      version: 1,
      demoSeeded: true,
      servers: [{ id: 's1', label: 'Legacy remote', transport: { kind: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: `Bearer ${HEADER_KEY}` }, bearerToken: TOKEN }, createdAt: '2026-01-01T00:00:00.000Z' }],
    };
    await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify(old), { mode: 0o600 });
    const catalog = await open();
    const [server] = catalog.list();
    expect(server).toEqual({ id: 's1', label: 'Legacy remote', transport: { kind: 'http', url: 'https://mcp.example.com/mcp', headers: {} }, createdAt: '2026-01-01T00:00:00.000Z', secrets: ['header:Authorization', 'bearerToken'] });
    expect(catalog.resolveTransport(server!)).toEqual(old.servers[0]!.transport);
    const backups = (await fs.readdir(dir)).filter((n) => n.startsWith('servers.json.before-secret-store-'));
    expect(backups).toHaveLength(1);
    expect(JSON.parse(await fs.readFile(path.join(dir, backups[0]!), 'utf8'))).toEqual(old);
    expect((await fs.stat(path.join(dir, backups[0]!))).mode & 0o777).toBe(0o600);
    expect(catalog.secretsNotice).toBe(
      `2 secrets (bearer tokens, secret headers, environment values, arguments or URL parts) were moved out of servers.json into an encrypted file in the data folder (secrets.enc.json). The old file, with the values in clear, was kept as ${path.join(dir, backups[0]!)} (readable by you only): delete it once your servers connect.`,
    );
    // servers.json and its .bak no longer hold them; only the backup the notice names does.
    expect(await filesHolding([TOKEN, HEADER_KEY], backups)).toEqual([]);

    // The next start finds nothing to move.
    const again = await open();
    expect(again.secretsNotice).toBeUndefined();
    expect(again.resolveTransport(server!)).toEqual(old.servers[0]!.transport);
  });

  test('a secret the store no longer has is named in the notice; the server stays, and is not connected without it', async () => {
    const catalog = await open();
    const server = await catalog.add({ label: 'Remote', transport: remote });
    await fs.writeFile(path.join(dir, 'secrets.enc.json'), JSON.stringify({ version: 1, entries: {} }));
    const reopened = await open();
    expect(reopened.secretsNotice).toBe(
      '"Remote": the value of header:X-Api-Key is missing (an encrypted file in the data folder (secrets.enc.json) has no entry for it); edit the server and set it again. "Remote": the value of bearerToken is missing (an encrypted file in the data folder (secrets.enc.json) has no entry for it); edit the server and set it again.',
    );
    // Connecting without them would send the server no key and no token (missing-secrets.ts).
    const thrown = (() => {
      try {
        reopened.resolveTransport(server);
      } catch (error) {
        return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      return 'nothing thrown';
    })();
    expect(thrown).toBe(
      'MissingSecrets: Stored secrets are missing: The Header X-Api-Key and Bearer token of "Remote" are not in the secret store (an encrypted file in the data folder (secrets.enc.json) has no entry for it), so the server was not connected: it would have been sent without them, or with the placeholders that stand for them in servers.json.',
    );
    expect(reopened.list().find((s) => s.id === server.id)?.transport).toEqual({ kind: 'http', url: remote.url, headers: { 'X-Team': 'docs' } });
  });
});
