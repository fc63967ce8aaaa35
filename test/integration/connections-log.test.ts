// The protocol log with real servers: a notification flood is kept (up to the
// ring buffer's bound) and pushed in batches; export and clear go through the contract.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ProtocolLogEntry } from '../../shared/model.js';
import { BODY_DROPPED_NOTE, type ProtocolLogExport } from '../../electron/connections/protocol-log.js';
import { ContractClient, stdio } from '../fixtures/servers/harness.js';

let client: ContractClient;
beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 20_000 });
});
afterAll(async () => {
  await client?.close();
});

const FLOOD = 3_000;
const isFlood = (e: ProtocolLogEntry) => e.direction === 'in' && e.method === 'notifications/message';
const floodText = (e: ProtocolLogEntry | undefined) => (e?.message as { params?: { data?: string } } | undefined)?.params?.data;

function pushed(serverId: string) {
  return client.payloads('log.appended').filter((p) => p.serverId === serverId);
}

test('a flood of notifications is logged whole and pushed in batches', async () => {
  const server = await client.call('servers.add', { label: 'Flood', transport: stdio('legacy-v1-server.mjs', ['--flood', String(FLOOD)]) });
  expect((await client.call('servers.connect', { serverId: server.id })).status).toBe('connected');
  await client.until('the whole flood to arrive', () => pushed(server.id).flatMap((p) => p.entries).filter(isFlood).length === FLOOD);

  const log = await client.call('log.get', { serverId: server.id });
  const flood = log.filter(isFlood);
  expect(flood).toHaveLength(FLOOD);
  expect(floodText(flood[0])).toBe(`flood message 1 of ${FLOOD}`);
  expect(floodText(flood.at(-1))).toBe(`flood message ${FLOOD} of ${FLOOD}`);
  // Pushed in batches, and nothing pushed was lost or repeated.
  // The connection goes on after the flood; its newest entries may still be on their way over the bridge.
  await client.until('every stored entry to have been pushed', () => pushed(server.id).flatMap((b) => b.entries).length >= log.length, 5_000);
  const batches = pushed(server.id);
  expect(batches.length).toBeLessThan(FLOOD / 10);
  expect(batches.flatMap((b) => b.entries).map((e) => e.seq).slice(0, log.length)).toEqual(log.map((e) => e.seq));
});

test('the log limit is a setting; a flood past it keeps the newest entries and the export says how many were dropped', async () => {
  const settings = await client.call('settings.update', { logLimit: 500 });
  expect(settings.logLimit).toBe(500);
  // The earlier server's log shrank at once.
  const earlier = (await client.call('servers.list', {})).find((v) => v.config.label === 'Flood')!;
  expect(await client.call('log.get', { serverId: earlier.config.id })).toHaveLength(500);

  const server = await client.call('servers.add', { label: 'Flood, bounded', transport: stdio('legacy-v1-server.mjs', ['--flood', String(FLOOD)]) });
  await client.call('servers.connect', { serverId: server.id });
  await client.until('the end of the flood', () => pushed(server.id).some((p) => p.entries.some((e) => floodText(e) === `flood message ${FLOOD} of ${FLOOD}`)));
  await client.until('the skills listing after connect', () => client.payloads('skills.listed').some((e) => e.serverId === server.id && e.done));
  // Stderr is read apart from stdout; once its one line is in, the log of this server is settled for the next test.
  await client.until('the server\'s stderr line', () => pushed(server.id).some((p) => p.entries.some((e) => e.direction === 'stderr')));

  const log = await client.call('log.get', { serverId: server.id });
  expect(log).toHaveLength(500);
  const lastSeq = log.at(-1)!.seq;
  expect(log[0]?.seq).toBe(lastSeq - 499);
  expect(log.filter(isFlood).map(floodText)).toContain(`flood message ${FLOOD} of ${FLOOD}`);
  // The handshake scrolled out of the buffer.
  expect(log.some((e) => e.method === 'initialize')).toBe(false);

  const { json, fileName } = await client.call('log.export', { serverId: server.id });
  expect(fileName).toBe('protocol-log-Flood-bounded.json');
  const exported = JSON.parse(json) as ProtocolLogExport;
  expect(exported).toMatchObject({ format: 'skill-inspector-protocol-log', version: 1, serverId: server.id, label: 'Flood, bounded', limit: 500, dropped: lastSeq - 500 });
  expect(exported.entries).toEqual(log);
});

test('the bytes of bodies kept are a setting: older entries keep method, id and size, and say why their body is gone', async () => {
  const views = await client.call('servers.list', {});
  const bounded = views.find((v) => v.config.label === 'Flood, bounded')!.config.id;
  const before = await client.call('log.get', { serverId: bounded });
  expect(before.every((e) => e.text !== BODY_DROPPED_NOTE)).toBe(true);

  const settings = await client.call('settings.update', { logBodyBytes: 10_000 });
  expect(settings.logBodyBytes).toBe(10_000);
  const log = await client.call('log.get', { serverId: bounded });
  expect(log.map((e) => e.seq)).toEqual(before.map((e) => e.seq));
  const kept = log.filter((e) => e.message !== undefined);
  const dropped = log.filter((e) => e.text === BODY_DROPPED_NOTE);
  // The newest bodies, within the budget; every older message lost its body, and only that.
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.reduce((sum, e) => sum + e.bytes, 0)).toBeLessThanOrEqual(10_000);
  expect(log.indexOf(kept[0]!)).toBe(dropped.length);
  expect(kept.at(-1)).toBe(log.at(-1));
  expect(floodText(log.filter(isFlood).at(-1))).toBe(`flood message ${FLOOD} of ${FLOOD}`);
  for (const [i, entry] of dropped.entries()) {
    const { message: _message, text: _text, ...rest } = before[i]!;
    expect(entry).toEqual({ ...rest, text: BODY_DROPPED_NOTE });
  }
  const exported = JSON.parse((await client.call('log.export', { serverId: bounded })).json) as ProtocolLogExport;
  expect(exported.entries).toEqual(log);
  await client.call('settings.update', { logBodyBytes: 4 * 1024 * 1024 });
});

test('clearing a log empties it for that server only', async () => {
  const views = await client.call('servers.list', {});
  const [first, second] = views.map((v) => v.config.id);
  expect(await client.call('log.clear', { serverId: first! })).toEqual({ cleared: true });
  expect(await client.call('log.get', { serverId: first! })).toEqual([]);
  expect((await client.call('log.get', { serverId: second! })).length).toBe(500);
  expect(await client.fail('log.get', { serverId: 'no-such-server' })).toEqual({ code: 'not-found', message: 'This server is no longer in your list (it may have been removed, here or in another window). Its id, for support: no-such-server.' });
});
