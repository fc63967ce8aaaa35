// The server catalog on real files: what is saved is what comes back, labels
// stay unique, and removing a server runs every removal hook.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/model.js';
import { ApiFailure } from '../api-failure.js';
import { DEMO_LABEL, MAX_LABEL_LENGTH, ServerCatalog, uniqueLabel } from './catalog.js';

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-catalog-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function open(seedDemo = false): Promise<ServerCatalog> {
  const catalog = new ServerCatalog(dir);
  expect(await catalog.load({ seedDemo })).toBeUndefined();
  return catalog;
}

const stdio = { kind: 'stdio' as const, command: 'node', args: ['server.mjs'], env: { API_KEY: 'key-4a1b-not-in-files' } };
const http = { kind: 'http' as const, url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'a' }, bearerToken: 'secret-token' };

async function savedFile(): Promise<{ servers: ServerConfig[] }> {
  return JSON.parse(await fs.readFile(path.join(dir, 'servers.json'), 'utf8')) as { servers: ServerConfig[] };
}

describe('uniqueLabel', () => {
  test('keeps a free label, numbers a taken one, case-insensitively', () => {
    expect(uniqueLabel('GitHub', [])).toBe('GitHub');
    expect(uniqueLabel('GitHub', ['github'])).toBe('GitHub (2)');
    expect(uniqueLabel('GitHub', ['github', 'GitHub (2)'])).toBe('GitHub (3)');
    expect(uniqueLabel('  spaced   out  ', [])).toBe('spaced out');
    expect(uniqueLabel('   ', [])).toBe('server');
  });

  test('never passes the label length limit', () => {
    const long = 'x'.repeat(200);
    expect(uniqueLabel(long, [])).toBe('x'.repeat(MAX_LABEL_LENGTH));
    const second = uniqueLabel(long, ['x'.repeat(MAX_LABEL_LENGTH)]);
    expect(second).toBe(`${'x'.repeat(MAX_LABEL_LENGTH - 4)} (2)`);
    expect(second).toHaveLength(MAX_LABEL_LENGTH);
  });
});

describe('ServerCatalog', () => {
  test('add, edit, duplicate and remove are saved and survive a restart', async () => {
    const catalog = await open();
    const a = await catalog.add({ label: 'Local tools', transport: stdio });
    const b = await catalog.add({ label: 'Remote', transport: http });
    // The secrets (the API key, the bearer token) come back by name only; their values are in the secret store.
    const plainStdio = { ...stdio, env: {} };
    const { bearerToken: _token, ...plainHttp } = http;
    expect(a).toMatchObject({ label: 'Local tools', transport: plainStdio, secrets: ['env:API_KEY'] });
    expect(b).toMatchObject({ transport: plainHttp, secrets: ['bearerToken'] });
    expect(a.id).not.toBe(b.id);

    const edited = await catalog.update(b.id, { label: 'Remote (prod)', transport: { ...plainHttp, url: 'https://prod.example.com/mcp' } });
    expect(edited).toEqual({ ...b, label: 'Remote (prod)', transport: { ...plainHttp, url: 'https://prod.example.com/mcp' } });

    const copy = await catalog.duplicate(a.id);
    expect(copy).toMatchObject({ label: 'Local tools copy', transport: plainStdio, secrets: ['env:API_KEY'] });
    expect(copy.id).not.toBe(a.id);
    const copy2 = await catalog.duplicate(a.id);
    expect(copy2.label).toBe('Local tools copy (2)');

    await catalog.remove(copy.id);

    const reopened = await open();
    expect(reopened.list()).toEqual([a, edited, copy2]);
    expect((await savedFile()).servers.map((s) => s.label)).toEqual(['Local tools', 'Remote (prod)', 'Local tools copy (2)']);
    // After the restart the values come back from the store for connecting, and for the edited server the kept token too.
    expect(reopened.resolveTransport(edited)).toEqual({ ...http, url: 'https://prod.example.com/mcp' });
    expect(reopened.resolveTransport(copy2)).toEqual(stdio);
    // Written atomically: no temp file is left beside the catalog; the secrets are in the encrypted file (no keychain passed here).
    expect((await fs.readdir(dir)).sort()).toEqual(['secrets.enc.json', 'secrets.key', 'servers.json', 'servers.json.bak']);
  });

  test('labels are unique in the catalog, whatever the case', async () => {
    const catalog = await open();
    const first = await catalog.add({ label: 'GitHub', transport: stdio });
    await expect(catalog.add({ label: 'github', transport: http })).rejects.toThrow(
      new ApiFailure('conflict', 'A server labelled "GitHub" is already in the catalog. Labels must be unique; choose another.'),
    );
    const other = await catalog.add({ label: 'Other', transport: http });
    await expect(catalog.update(other.id, { label: 'GITHUB', transport: http })).rejects.toThrow('A server labelled "GitHub" is already in the catalog.');
    // Renaming a server to its own label (another case) is fine.
    expect((await catalog.update(first.id, { label: 'Github', transport: stdio })).label).toBe('Github');
    expect(catalog.list().map((s) => s.label)).toEqual(['Github', 'Other']);
  });

  test('an import adds all or nothing, and rejects a label used twice in it', async () => {
    const catalog = await open();
    await catalog.add({ label: 'taken', transport: stdio });
    await expect(catalog.addMany([{ label: 'new', transport: stdio }, { label: 'TAKEN', transport: http }])).rejects.toThrow('A server labelled "taken" is already in the catalog.');
    await expect(catalog.addMany([{ label: 'twin', transport: stdio }, { label: 'Twin', transport: http }])).rejects.toThrow(
      'The label "Twin" is used twice in this import. Give each server its own label.',
    );
    expect(catalog.list().map((s) => s.label)).toEqual(['taken']);
    const added = await catalog.addMany([{ label: 'one', transport: stdio }, { label: 'two', transport: http }]);
    expect(added.map((s) => s.label)).toEqual(['one', 'two']);
    expect((await open()).list().map((s) => s.label)).toEqual(['taken', 'one', 'two']);
  });

  test('removal runs every registered hook with the server, then forgets it, backup included', async () => {
    const catalog = await open();
    const keep = await catalog.add({ label: 'keep', transport: stdio });
    const gone = await catalog.add({ label: 'gone', transport: http });
    const seen: string[] = [];
    catalog.onRemove(async (server) => void seen.push(`cache:${server.id}:${server.label}`));
    catalog.onRemove(async (server) => void seen.push(`approvals:${server.id}`));
    await catalog.remove(gone.id);
    expect(seen).toEqual([`cache:${gone.id}:gone`, `approvals:${gone.id}`]);
    expect(catalog.list()).toEqual([keep]);
    // Its settings (a bearer token here) are in neither the file nor its backup.
    for (const name of ['servers.json', 'servers.json.bak']) {
      const text = await fs.readFile(path.join(dir, name), 'utf8');
      expect(text).not.toContain(gone.id);
      expect(text).not.toContain('secret-token');
    }
  });

  test('a failing removal hook: the server is removed (it is saved before any hook runs), the other hooks run, and the outcome says what was left', async () => {
    const catalog = await open();
    const server = await catalog.add({ label: 'stubborn', transport: stdio });
    const ran: string[] = [];
    catalog.onRemove(async () => {
      throw new Error('its stored snapshots are still in /data/snapshots/x (permission denied)');
    });
    catalog.onRemove(async (removed) => void ran.push(`second hook, ${catalog.list().some((s) => s.id === removed.id) ? 'listed' : 'no longer listed'}`));
    expect(await catalog.remove(server.id)).toEqual({
      dataLeft: '"stubborn" was removed, but not everything the app kept for it could be deleted: its stored snapshots are still in /data/snapshots/x (permission denied). No server uses it any more.',
    });
    expect(ran).toEqual(['second hook, no longer listed']);
    expect(catalog.list()).toEqual([]);
    expect((await open()).list()).toEqual([]);
  });

  test('unknown ids get a clear not-found error', async () => {
    const catalog = await open();
    await expect(catalog.remove('nope')).rejects.toThrow(new ApiFailure('not-found', 'This server is no longer in your list (it may have been removed, here or in another window). Its id, for support: nope.'));
    await expect(catalog.duplicate('nope')).rejects.toThrow('This server is no longer in your list (it may have been removed, here or in another window). Its id, for support: nope.');
  });

  test('the bundled sample server is offered once; a user who removes it keeps it removed', async () => {
    const catalog = await open(true);
    expect(catalog.list().map((s) => [s.label, s.builtin])).toEqual([[DEMO_LABEL, 'demo']]);
    await catalog.remove('demo');
    expect((await open(true)).list()).toEqual([]);
  });

  test('a damaged catalog is recovered from its backup and reported', async () => {
    const catalog = await open();
    const server = await catalog.add({ label: 'survivor', transport: stdio });
    await catalog.add({ label: 'second', transport: http });
    await fs.writeFile(path.join(dir, 'servers.json'), '{"version": 1, "servers": [', 'utf8');
    const recovered = new ServerCatalog(dir);
    const problem = await recovered.load({ seedDemo: false });
    expect(problem?.recoveredFrom).toBe('backup');
    expect(problem?.message).toMatch(/^The file could not be read because it is not valid JSON/);
    expect(recovered.list()).toEqual([server]);
  });
});

describe('duplicate ids in a hand-edited servers.json', () => {
  test('are repaired on load: the later server gets a new id, both are kept, removing one leaves the other', async () => {
    const server = (id: string, label: string): ServerConfig => ({ id, label, transport: stdio, createdAt: '2025-01-01T00:00:00.000Z' });
    await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ version: 1, demoSeeded: true, servers: [server('x', 'one'), server('x', 'two'), server('y', 'three')] }));
    const catalog = new ServerCatalog(dir);
    expect(await catalog.load({ seedDemo: false })).toBeUndefined();
    const [one, two, three] = catalog.list();
    expect([one!.id, three!.id]).toEqual(['x', 'y']);
    expect(two!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(catalog.repairNotice).toBe(`${path.join(dir, 'servers.json')}: 1 server had an id another server already uses: "two" (id "x") is now "${two!.id}". Both servers of each pair were kept.`);
    expect((await savedFile()).servers.map((s) => s.id)).toEqual(['x', two!.id, 'y']);
    await catalog.remove('x');
    expect(catalog.list().map((s) => s.label)).toEqual(['two', 'three']);
    const again = new ServerCatalog(dir);
    await again.load({ seedDemo: false });
    expect(again.repairNotice).toBeUndefined();
  });
});

describe('env and header names that are Object.prototype\'s', () => {
  const CARRIED = { constructor: 'c', prototype: 'p', hasOwnProperty: 'h', toString: 't' };

  test('constructor, prototype, hasOwnProperty and toString are saved and loaded back unchanged, as env and as headers', async () => {
    const catalog = await open();
    const a = await catalog.add({ label: 'env', transport: { kind: 'stdio', command: 'node', env: CARRIED } });
    const b = await catalog.add({ label: 'headers', transport: { kind: 'http', url: 'https://h/mcp', headers: CARRIED } });
    const again = await open();
    expect(again.list()).toEqual([a, b]);
    const [env, headers] = again.list().map((s) => Object.entries(s.transport.kind === 'stdio' ? s.transport.env : s.transport.headers));
    expect([env, headers]).toEqual([Object.entries(CARRIED), Object.entries(CARRIED)]);
  });

  // The contract refuses "__proto__" (shared/prototype-names.ts), so only a hand-edited file holds one.
  // z.record stripped it on load without a word; refusing it there would refuse the whole file.
  test('an env variable or header named "__proto__" in a hand-edited servers.json is left out with a "Repaired servers.json" notice naming the server and the key; the rest loads', async () => {
    const server = (id: string, label: string, transport: unknown) => ({ id, label, transport, createdAt: '2025-01-01T00:00:00.000Z' });
    const text = JSON.stringify({ version: 1, demoSeeded: true, servers: [server('a', 'local', { kind: 'stdio', command: 'node', args: [], env: { A: '1' } }), server('b', 'remote', { kind: 'http', url: 'https://h/mcp', headers: { X: '1' } })] })
      .replace('"env":{"A":"1"}', '"env":{"__proto__":"x","A":"1"}')
      .replace('"headers":{"X":"1"}', '"headers":{"X":"1","__PROTO__":"y"}');
    await fs.writeFile(path.join(dir, 'servers.json'), text);
    const catalog = new ServerCatalog(dir);
    expect(await catalog.load({ seedDemo: false })).toBeUndefined();
    expect(catalog.list().map((s) => [s.label, s.transport.kind === 'stdio' ? s.transport.env : s.transport.headers])).toEqual([['local', { A: '1' }], ['remote', { X: '1' }]]);
    expect(catalog.repairNotice).toBe(
      `${path.join(dir, 'servers.json')}: "local": the environment variable "__proto__" was left out ("__proto__" cannot be an environment variable name here: a server's settings travel between the app's window and its main process as JavaScript objects, in which this name is lost on the way. Set it in a script that starts the server); ` +
        `"remote": the header "__PROTO__" was left out ("__PROTO__" cannot be a header name here: the HTTP client the app connects with (Node's fetch) drops a header of this name, so the server would never receive it). The file keeps them until the server is next saved.`,
    );
  });
});
