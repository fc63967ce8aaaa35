// The developer's protocol log through the contract (issue 19), against the
// mutable server — a real SDK server over stdio: each request says why the app
// sent it; the JSON-lines export pairs every request with its answer; a
// read-only request can be replayed as logged or edited, checked with the SDK's
// schemas first; tools/call is never replayed. Requests no click sent say why
// too: a listing again because its ttlMs ran out, the review's second read.
import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtocolLogEntry } from '../../shared/model.js';
import { ContractClient } from '../fixtures/servers/harness.js';
import { SkillFolder, skillMd } from '../fixtures/mutable-server/fixture.js';

const GUIDE = '# Guide\n\nWrite short notes.\n';

let client: ContractClient;
let folder: SkillFolder;
let serverId: string;
beforeAll(async () => {
  folder = await SkillFolder.create();
  await folder.write('notes/SKILL.md', skillMd('notes', 'Takes short notes. Use when the user asks for notes.'));
  await folder.write('notes/references/guide.md', GUIDE);
  client = await ContractClient.open({ requestTimeoutMs: 20_000 });
  serverId = (await client.call('servers.add', { label: 'Mutable', transport: folder.stdio() })).id;
  expect((await client.call('servers.connect', { serverId })).status).toBe('connected');
});
afterAll(async () => {
  await client?.close();
  await fs.rm(folder.dir, { recursive: true, force: true });
});

const requests = (log: readonly ProtocolLogEntry[], method: string) => log.filter((e) => e.direction === 'out' && e.kind === 'request' && e.method === method);
const uriOf = (e: ProtocolLogEntry) => (e.message as { params?: { uri?: string } }).params?.uri;

describe('the protocol log for developers', () => {
  it('each request says which action sent it', async () => {
    await client.call('skills.refresh', { serverId });
    await client.call('skills.verify', { serverId, skillUri: 'skill://notes/SKILL.md' });
    await client.call('skills.readFile', { serverId, skillUri: 'skill://notes/SKILL.md', fileUri: 'skill://notes/references/guide.md' });
    const log = await client.call('log.get', { serverId });
    const all = log.filter((e) => e.direction === 'out' && e.kind === 'request').map((e) => [e.method, uriOf(e) ?? null, e.why ?? null]);
    // The notification stream a 2026-07-28 server is listened to on (relisting on list_changed) opens once a listing
    // succeeds, in its own time: it is asserted apart from the ordered requests the test's actions send.
    const listens = all.filter(([method]) => method === 'subscriptions/listen');
    expect(listens.length).toBeGreaterThan(0);
    for (const [, , why] of listens) expect(['Connect', 'Refresh']).toContain(why);
    const sent = all.filter(([method]) => method !== 'subscriptions/listen');
    expect(sent).toEqual([
      ['server/discover', null, 'Connect'],
      ['skills/list', null, 'Connect'],
      ['skills/list', null, 'Refresh'],
      ['skills/get', 'skill://notes/SKILL.md', 'Verify'],
      ['resources/read', 'skill://notes/SKILL.md', 'Verify'],
      ['resources/read', 'skill://notes/references/guide.md', 'Verify'],
      ['resources/read', 'skill://notes/references/guide.md', 'File opened'],
    ]);
    // Answers carry no cause of their own: the row of their request says it.
    expect(log.filter((e) => e.kind === 'response' && e.why !== undefined)).toEqual([]);
  });

  it('the JSON-lines export: every line parses, every answered request carries its answer and latency', async () => {
    const { json, fileName } = await client.call('log.export', { serverId, format: 'jsonl' });
    expect(fileName).toBe('protocol-log-Mutable.jsonl');
    const lines = json.trimEnd().split('\n').map((l) => JSON.parse(l) as { kind: string; id?: number; method?: string; status?: string; latencyMs?: number; params?: { uri?: string }; response?: { result?: unknown } });
    const log = await client.call('log.get', { serverId });
    const sent = requests(log, 'resources/read');
    const readLines = lines.filter((l) => l.kind === 'request' && l.method === 'resources/read');
    expect(readLines.map((l) => l.id)).toEqual(sent.map((e) => e.id));
    for (const line of readLines) {
      expect(line.status).toBe('answered');
      expect(line.latencyMs).toBeGreaterThanOrEqual(0);
      expect(line.response?.result).toMatchObject({ contents: [expect.objectContaining({ uri: line.params?.uri })] });
    }
    // No answer stands alone: each is on its request's line.
    expect(lines.filter((l) => l.kind === 'response')).toEqual([]);
  });

  it('replays a resources/read as logged and as edited; the new rows say Replay', async () => {
    const same = await client.call('log.replay', { serverId, method: 'resources/read', params: { uri: 'skill://notes/references/guide.md' } });
    expect(same.result).toMatchObject({ contents: [{ uri: 'skill://notes/references/guide.md', text: GUIDE }] });
    const edited = await client.call('log.replay', { serverId, method: 'resources/read', params: { uri: 'skill://notes/SKILL.md' } });
    expect((edited.result as { contents: Array<{ text: string }> }).contents[0]!.text).toContain('name: notes');
    const listed = await client.call('log.replay', { serverId, method: 'skills/list', params: {} });
    expect((listed.result as { skills: Array<{ uri: string }> }).skills.map((s) => s.uri)).toEqual(['skill://notes/SKILL.md']);
    const log = await client.call('log.get', { serverId });
    expect(log.filter((e) => e.why === 'Replay').map((e) => [e.method, uriOf(e) ?? null])).toEqual([
      ['resources/read', 'skill://notes/references/guide.md'],
      ['resources/read', 'skill://notes/SKILL.md'],
      ['skills/list', null],
    ]);
  });

  it('refuses params the SDK schema rejects, and never replays tools/call', async () => {
    const before = (await client.call('log.get', { serverId })).length;
    const bad = await client.fail('log.replay', { serverId, method: 'resources/read', params: { uri: 5 } });
    expect(bad.code).toBe('invalid-params');
    expect(bad.message).toMatch(/^These params are not a valid resources\/read request: uri: /);
    const tool = await client.fail('log.replay', { serverId, method: 'tools/call' as 'resources/read', params: { name: 'x' } });
    expect(tool.code).toBe('invalid-params');
    expect(tool.message).toContain('method');
    // Neither refusal sent anything.
    expect((await client.call('log.get', { serverId })).slice(before)).toEqual([]);
  });

  it("the review's deliberate second read of SKILL.md says so, and that the review sent it; the note before it stays", async () => {
    const before = (await client.call('log.get', { serverId })).length;
    await client.call('review.scanSkill', { serverId, skillUri: 'skill://notes/SKILL.md' });
    const log = (await client.call('log.get', { serverId })).slice(before);
    expect(requests(log, 'resources/read').map((e) => [uriOf(e), e.why ?? null])).toEqual([
      ['skill://notes/SKILL.md', 'Review'],
      ['skill://notes/references/guide.md', 'Review'],
      ['skill://notes/SKILL.md', 'Review · second read (same bytes check)'],
    ]);
    const second = log.findIndex((e) => e.why === 'Review · second read (same bytes check)');
    expect(log[second - 1]).toMatchObject({ kind: 'note', text: expect.stringContaining('skill://notes/SKILL.md a second time on purpose') });
  });

  it('a disconnected server is not replayed to', async () => {
    await client.call('servers.disconnect', { serverId });
    const failure = await client.fail('log.replay', { serverId, method: 'skills/list', params: {} });
    expect(failure).toEqual({ code: 'conflict', message: 'Connect the server first: a replay is sent over the live connection.' });
  });
});

describe('why a listing went out again by itself', () => {
  const TTL = 'Listing again (ttl expired)';
  let ttlFolder: SkillFolder;
  let ttlClient: ContractClient;
  afterAll(async () => {
    await ttlClient?.close();
    if (ttlFolder) await fs.rm(ttlFolder.dir, { recursive: true, force: true });
  });

  it('a listing whose ttlMs ran out is listed again, and says so rather than the action of the listing before', async () => {
    ttlFolder = await SkillFolder.create();
    await ttlFolder.write('notes/SKILL.md', skillMd('notes', 'Takes short notes. Use when the user asks for notes.'));
    ttlClient = await ContractClient.open({ requestTimeoutMs: 20_000, minListingRefreshMs: 300 });
    const id = (await ttlClient.call('servers.add', { label: 'Short ttl', transport: ttlFolder.stdio({ ttlMs: 300 }) })).id;
    expect((await ttlClient.call('servers.connect', { serverId: id })).status).toBe('connected');
    const listings = async () => requests(await ttlClient.call('log.get', { serverId: id }), 'skills/list');
    await expect.poll(async () => (await listings()).length, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    // Each timer is set inside the listing before it: without a cause of its own it would say Connect, then its own again.
    expect((await listings()).slice(0, 3).map((e) => e.why ?? null)).toEqual(['Connect', TTL, TTL]);
  });
});
