// The server catalog through the contract, with live servers: edits reach the
// next connection, and removing a connected server stops it and forgets
// everything stored for it.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/model.js';
import { ContractClient, pidIsAlive, stdio } from '../fixtures/servers/harness.js';

const clients: ContractClient[] = [];
afterEach(async () => {
  // Reopened folders are shared: close every client, then delete.
  const all = clients.splice(0);
  for (const c of all) await c.close({ keepData: true });
  await Promise.all([...new Set(all.map((c) => c.dataDir))].map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function open(dataDir?: string): Promise<ContractClient> {
  const client = await ContractClient.open({ requestTimeoutMs: 20_000 }, dataDir);
  clients.push(client);
  return client;
}

test('add, edit, duplicate and remove through the contract persist across a restart', async () => {
  const first = await open();
  const a = await first.call('servers.add', { label: 'Skills', transport: stdio('skills-server.mjs') });
  const b = await first.call('servers.add', { label: 'Legacy', transport: stdio('legacy-v1-server.mjs') });
  const conflict = await first.fail('servers.add', { label: 'skills', transport: stdio('skills-server.mjs') });
  expect(conflict).toEqual({ code: 'conflict', message: 'A server labelled "Skills" is already in the catalog. Labels must be unique; choose another.' });
  const invalid = await first.fail('servers.add', { label: ' ', transport: { kind: 'http', url: 'ftp://example.com', headers: {} } });
  expect(invalid.code).toBe('invalid-params');
  expect(invalid.message).toBe('Invalid arguments for servers.add: label: a label is required; transport.url: an http:// or https:// URL is required.');

  const copy = await first.call('servers.duplicate', { serverId: a.id });
  expect(copy.label).toBe('Skills copy');
  const renamed = await first.call('servers.update', { serverId: copy.id, input: { label: 'Skills (legacy only)', transport: stdio('skills-server.mjs', ['--era', 'legacy']) } });
  await first.call('servers.remove', { serverId: b.id });
  await first.close({ keepData: true });

  const again = await open(first.dataDir);
  const views = await again.call('servers.list', {});
  expect(views.map((v) => v.config)).toEqual([a, renamed]);
  // The edit is what the next connection uses.
  const snapshot = await again.call('servers.connect', { serverId: renamed.id });
  expect(snapshot).toMatchObject({ status: 'connected', era: 'legacy' });
});

test('editing a connected server and reconnecting uses the new settings', async () => {
  const client = await open();
  const server = await client.call('servers.add', { label: 'Switches era', transport: stdio('skills-server.mjs') });
  expect((await client.call('servers.connect', { serverId: server.id })).era).toBe('modern');
  await client.call('servers.update', { serverId: server.id, input: { label: 'Switches era', transport: stdio('skills-server.mjs', ['--era', 'legacy', '--name', 'renamed-by-server']) } });
  const after = await client.call('servers.reconnect', { serverId: server.id });
  expect(after).toMatchObject({ status: 'connected', era: 'legacy', selfReported: { name: 'renamed-by-server' } });
  // The server renamed itself; the host's label did not move.
  expect((await client.call('servers.list', {}))[0]?.config.label).toBe('Switches era');
});

test('removing a connected server runs the removal hooks, stops it, and forgets its skills and log', async () => {
  const client = await open();
  const keep = await client.call('servers.add', { label: 'Keep', transport: stdio('legacy-v1-server.mjs') });
  const gone = await client.call('servers.add', { label: 'Gone', transport: stdio('skills-server.mjs') });
  const [, connected] = await Promise.all([
    client.call('servers.connect', { serverId: keep.id }),
    client.call('servers.connect', { serverId: gone.id }),
  ]);
  await client.until('both servers to list their skills', () => {
    const done = new Set(client.payloads('skills.listed').filter((e) => e.done).map((e) => e.serverId));
    return done.has(keep.id) && done.has(gone.id);
  });
  expect((await client.call('skills.list', {})).filter((s) => s.serverId === gone.id)).toHaveLength(2);

  const removedWith: ServerConfig[] = [];
  client.inspector.catalog.onRemove(async (server) => {
    // Runs once servers.json no longer lists the server (a save that fails must find everything of it still there),
    // with the server as it was, so a store can find what to delete.
    removedWith.push(server);
    expect(client.inspector.catalog.list().map((s) => s.label)).toEqual(['Keep']);
    expect(await fs.readFile(path.join(client.dataDir, 'servers.json'), 'utf8')).not.toContain(server.id);
  });
  expect(await client.call('servers.remove', { serverId: gone.id })).toEqual({ removed: true });

  expect(removedWith).toEqual([gone]);
  expect((await client.call('servers.list', {})).map((v) => v.config.id)).toEqual([keep.id]);
  expect((await client.call('skills.list', {})).map((s) => s.serverId)).toEqual([keep.id, keep.id]);
  expect(await client.fail('log.get', { serverId: gone.id })).toEqual({ code: 'not-found', message: `This server is no longer in your list (it may have been removed, here or in another window). Its id, for support: ${gone.id}.` });
  expect(await client.fail('servers.connect', { serverId: gone.id })).toEqual({ code: 'not-found', message: `This server is no longer in your list (it may have been removed, here or in another window). Its id, for support: ${gone.id}.` });
  // A review still open on the removed server: Approve and Decline say so in words, and a skill unknown on a listed server names it by its label.
  expect(await client.fail('approvals.approve', { serverId: gone.id, skillUri: 'skill://greeting/SKILL.md', fingerprint: `sha256:${'0'.repeat(64)}` })).toEqual({ code: 'not-found', message: `This server is no longer in your list (it may have been removed, here or in another window). Its id, for support: ${gone.id}.` });
  expect(await client.fail('approvals.decline', { serverId: gone.id, skillUri: 'skill://greeting/SKILL.md' })).toEqual({ code: 'not-found', message: `This server is no longer in your list (it may have been removed, here or in another window). Its id, for support: ${gone.id}.` });
  expect(await client.fail('approvals.decline', { serverId: keep.id, skillUri: 'skill://nope/SKILL.md' })).toEqual({ code: 'not-found', message: 'No skill skill://nope/SKILL.md is known on "Keep". Refresh the listing or load it by URI.' });
  await client.until('its process to stop', () => !pidIsAlive(connected.pid!), 15_000);
  for (const name of ['servers.json', 'servers.json.bak']) {
    expect(await fs.readFile(path.join(client.dataDir, name), 'utf8')).not.toContain(gone.id);
  }
  // The other server did not notice.
  expect((await client.call('skills.refresh', { serverId: keep.id })).map((s) => s.name).sort()).toEqual(['greeting', 'lint-check']);
});

test('a server that fails to connect keeps its last error after a later success', async () => {
  const client = await open();
  const server = await client.call('servers.add', { label: 'Flaky', transport: stdio('exit-early-server.mjs') });
  const failed = await client.call('servers.connect', { serverId: server.id });
  expect(failed.error?.code).toBe('process-exited');
  await client.call('servers.update', { serverId: server.id, input: { label: 'Flaky', transport: stdio('skills-server.mjs') } });
  const ok = await client.call('servers.connect', { serverId: server.id });
  expect(ok.status).toBe('connected');
  expect(ok.error).toBeUndefined();
  expect(ok.lastError).toEqual(failed.error);
  expect(client.snapshots(server.id).map((s) => s.status)).toEqual(['connecting', 'failed', 'connecting', 'connected']);
});
