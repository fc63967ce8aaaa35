// Many servers at once, through the contract: the official SDK's v2 skills
// server over stdio and Streamable HTTP in both eras, a v1-SDK legacy server
// over stdio and legacy SSE, and server-everything (no skills) over stdio and
// HTTP — all connected at the same time, next to a server that hangs.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConnectionSnapshot, ProtocolLogEntry } from '../../shared/model.js';
import {
  ContractClient,
  NODE,
  everythingBin,
  pidIsAlive,
  startEverythingHttp,
  startHttpFixture,
  stdio,
  type RunningFixture,
  type TransportInput,
} from '../fixtures/servers/harness.js';

const SKILLS = 'io.modelcontextprotocol/skills';

interface Expected {
  readonly label: string;
  readonly transport: () => TransportInput;
  readonly era: 'modern' | 'legacy';
  readonly protocolVersion: string;
  /** The skills extension settings, or undefined when the server has none. */
  readonly skills: Record<string, unknown> | undefined;
  readonly selfReported: { name: string; version: string; title?: string };
  readonly instructions?: string;
  /** The first stderr line, for stdio servers whose stderr is known. */
  readonly firstStderr?: string;
  readonly skillCount: number;
}

let client: ContractClient;
const running: RunningFixture[] = [];
const urls: Record<string, string> = {};
let everything = '';
const ids = new Map<string, string>();

const V2_INFO = { name: 'fixture-skills', version: '2.0.0-fixture', title: 'Fixture skills (v2 SDK)' };
const V2_INSTRUCTIONS = 'Fixture skills. Start with skill://greeting/SKILL.md.';
const V1_INFO = { name: 'fixture-legacy-v1', version: '1.32.2-fixture' };
const V1_INSTRUCTIONS = 'Legacy fixture. Skills are listed by skills/list.';
const EVERYTHING_INFO = { name: 'mcp-servers/everything', version: '2.0.0', title: 'Everything Reference Server' };

const SERVERS: Expected[] = [
  {
    label: 'Skills v2 · stdio · both eras',
    transport: () => stdio('skills-server.mjs'),
    era: 'modern',
    protocolVersion: '2026-07-28',
    skills: { directoryRead: true },
    selfReported: V2_INFO,
    instructions: V2_INSTRUCTIONS,
    firstStderr: 'skills-server: starting (era both, stdio)',
    skillCount: 2,
  },
  {
    label: 'Skills v2 · stdio · legacy only',
    transport: () => stdio('skills-server.mjs', ['--era', 'legacy']),
    era: 'legacy',
    protocolVersion: '2025-11-25',
    skills: { directoryRead: true },
    selfReported: V2_INFO,
    instructions: V2_INSTRUCTIONS,
    firstStderr: 'skills-server: starting (era legacy, stdio)',
    skillCount: 2,
  },
  {
    label: 'Skills v2 · HTTP · both eras',
    transport: () => ({ kind: 'http', url: urls['v2-both']!, headers: {} }),
    era: 'modern',
    protocolVersion: '2026-07-28',
    skills: { directoryRead: true },
    selfReported: V2_INFO,
    instructions: V2_INSTRUCTIONS,
    skillCount: 2,
  },
  {
    label: 'Skills v2 · HTTP · legacy only',
    transport: () => ({ kind: 'http', url: urls['v2-legacy']!, headers: {} }),
    era: 'legacy',
    protocolVersion: '2025-11-25',
    skills: { directoryRead: true },
    selfReported: V2_INFO,
    instructions: V2_INSTRUCTIONS,
    skillCount: 2,
  },
  {
    label: 'Legacy v1 SDK · stdio',
    transport: () => stdio('legacy-v1-server.mjs'),
    era: 'legacy',
    protocolVersion: '2025-11-25',
    skills: {},
    selfReported: V1_INFO,
    instructions: V1_INSTRUCTIONS,
    firstStderr: 'legacy-v1-server: starting (stdio)',
    skillCount: 2,
  },
  {
    label: 'Legacy v1 SDK · SSE',
    transport: () => ({ kind: 'sse', url: urls['v1-sse']!, headers: {} }),
    era: 'legacy',
    protocolVersion: '2025-11-25',
    skills: {},
    selfReported: V1_INFO,
    instructions: V1_INSTRUCTIONS,
    skillCount: 2,
  },
  {
    label: 'Everything · stdio',
    transport: () => ({ kind: 'stdio', command: NODE, args: [everything, 'stdio'], env: {} }),
    era: 'legacy',
    protocolVersion: '2025-11-25',
    skills: undefined,
    selfReported: EVERYTHING_INFO,
    skillCount: 0,
  },
  {
    label: 'Everything · HTTP',
    transport: () => ({ kind: 'http', url: urls['everything']!, headers: {} }),
    era: 'legacy',
    protocolVersion: '2025-11-25',
    skills: undefined,
    selfReported: EVERYTHING_INFO,
    skillCount: 0,
  },
];

function idOf(label: string): string {
  const id = ids.get(label);
  if (!id) throw new Error(`no server "${label}"`);
  return id;
}

function exchange(log: readonly ProtocolLogEntry[], method: string): { out: ProtocolLogEntry; back: ProtocolLogEntry } | undefined {
  const back = log.find((e) => e.direction === 'in' && e.method === method && (e.kind === 'response' || e.kind === 'error'));
  const out = back && log.find((e) => e.direction === 'out' && e.kind === 'request' && e.method === method && e.id === back.id);
  return out && back ? { out, back } : undefined;
}

beforeAll(async () => {
  everything = await everythingBin();
  // Each is kept as soon as it runs, so afterAll stops it even if another fails to start.
  const started = async (key: string, start: Promise<RunningFixture>) => {
    const fixture = await start;
    running.push(fixture);
    urls[key] = fixture.url;
  };
  const outcomes = await Promise.allSettled([
    started('v2-both', startHttpFixture('skills-server.mjs', ['--http'])),
    started('v2-legacy', startHttpFixture('skills-server.mjs', ['--http', '--era', 'legacy'])),
    started('v1-sse', startHttpFixture('legacy-v1-server.mjs', ['--sse'])),
    started('everything', startEverythingHttp()),
  ]);
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) throw failed.reason;
  // Long enough for eight servers starting at once on a slow machine; the
  // hanging server is cancelled, not waited out.
  client = await ContractClient.open({ requestTimeoutMs: 30_000 });
  for (const server of SERVERS) {
    const added = await client.call('servers.add', { label: server.label, transport: server.transport() });
    ids.set(server.label, added.id);
  }
  const hung = await client.call('servers.add', { label: 'Hung server', transport: stdio('hang-server.mjs') });
  ids.set('Hung server', hung.id);
});

afterAll(async () => {
  await client?.close();
  await Promise.all(running.map((r) => r.stop()));
});

describe('many servers at once', () => {
  let hungConnect: Promise<ConnectionSnapshot>;
  let snapshots: ConnectionSnapshot[];

  test('all connect at the same time while a hung server is still connecting', async () => {
    hungConnect = client.call('servers.connect', { serverId: idOf('Hung server') });
    snapshots = await Promise.all(SERVERS.map((s) => client.call('servers.connect', { serverId: idOf(s.label) })));
    expect(snapshots.map((s) => [s.status, s.error?.detail])).toEqual(SERVERS.map(() => ['connected', undefined]));

    // The hung server blocked nobody, and is still waiting for its handshake.
    const views = await client.call('servers.list', {});
    expect(views.find((v) => v.config.id === idOf('Hung server'))?.connection.status).toBe('connecting');
    expect(views.filter((v) => v.connection.status === 'connected')).toHaveLength(SERVERS.length);
  });

  test('each reports its era, negotiated version, capabilities and self-reported info', async () => {
    const views = await client.call('servers.list', {});
    for (const [index, expected] of SERVERS.entries()) {
      const snapshot = snapshots[index]!;
      const view = views.find((v) => v.config.id === idOf(expected.label))!;
      expect({ label: expected.label, era: snapshot.era, version: snapshot.protocolVersion }).toEqual({
        label: expected.label,
        era: expected.era,
        version: expected.protocolVersion,
      });
      const extensions = snapshot.capabilities?.['extensions'] as Record<string, unknown> | undefined;
      expect(extensions?.[SKILLS]).toEqual(expected.skills);
      expect(snapshot.capabilities?.['resources']).toBeDefined();
      expect(snapshot.selfReported).toEqual(expected.selfReported);
      // The host's label, never the server's own name.
      expect(view.config.label).toBe(expected.label);
      expect(view.config.label).not.toBe(snapshot.selfReported?.name);
      if (expected.instructions) expect(snapshot.instructions).toBe(expected.instructions);
      if (expected.label.startsWith('Everything')) {
        expect(snapshot.capabilities?.['tools']).toEqual({ listChanged: true });
        expect(snapshot.instructions).toMatch(/\S/);
      }
    }
  });

  test('connecting lists skills where the extension is declared, and nothing where it is not', async () => {
    await client.until('every connected server to list its skills', () => {
      const done = new Set(client.payloads('skills.listed').filter((e) => e.done).map((e) => e.serverId));
      return SERVERS.filter((s) => s.skills !== undefined).every((s) => done.has(idOf(s.label)));
    });
    for (const server of SERVERS) {
      const skills = await client.call('skills.list', { serverId: idOf(server.label) });
      expect({ label: server.label, uris: skills.map((s) => s.uri).sort() }).toEqual({
        label: server.label,
        uris: server.skillCount === 0 ? [] : ['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md'],
      });
    }
  });

  test('the protocol log holds each handshake with its duration, and stdio stderr', async () => {
    for (const server of SERVERS) {
      const log = await client.call('log.get', { serverId: idOf(server.label) });
      const discover = exchange(log, 'server/discover');
      const initialize = exchange(log, 'initialize');
      if (server.era === 'modern') {
        expect(discover?.back.kind, server.label).toBe('response');
        expect(discover?.back.durationMs, server.label).toBeGreaterThanOrEqual(0);
        const result = (discover?.back.message as { result?: { supportedVersions?: string[] } }).result;
        expect(result?.supportedVersions, server.label).toContain('2026-07-28');
        expect(initialize, server.label).toBeUndefined();
      } else {
        expect(initialize?.back.kind, server.label).toBe('response');
        expect(initialize?.back.durationMs, server.label).toBeGreaterThanOrEqual(0);
        const result = (initialize?.back.message as { result?: { protocolVersion?: string; serverInfo?: { name?: string } } }).result;
        expect(result?.protocolVersion, server.label).toBe('2025-11-25');
        expect(result?.serverInfo?.name, server.label).toBe(server.selfReported.name);
        expect(log.some((e) => e.direction === 'out' && e.kind === 'notification' && e.method === 'notifications/initialized'), server.label).toBe(true);
      }
      const listed = exchange(log, 'skills/list');
      if (server.skills !== undefined) expect(listed?.back.durationMs, server.label).toBeGreaterThanOrEqual(0);
      else expect(listed, server.label).toBeUndefined();
      if (server.firstStderr) {
        expect(log.find((e) => e.direction === 'stderr')?.text, server.label).toBe(server.firstStderr);
      }
      expect(log.at(-1)?.seq).toBe(Math.max(...log.map((e) => e.seq)));
    }
    // The v2 legacy-only server was probed first and answered the probe with an error; the app fell back.
    const legacyLog = await client.call('log.get', { serverId: idOf('Skills v2 · stdio · legacy only') });
    const probe = exchange(legacyLog, 'server/discover');
    expect(probe?.back.kind).toBe('error');
    expect(legacyLog.indexOf(probe!.back)).toBeLessThan(legacyLog.findIndex((e) => e.direction === 'out' && e.method === 'initialize'));
    expect(legacyLog.some((e) => e.kind === 'note' && e.text === 'Connected: 2025 era (initialize), protocol version 2025-11-25.')).toBe(true);
  });

  test('log entries are pushed to subscribers as they happen', async () => {
    const serverId = idOf('Skills v2 · stdio · both eras');
    const pushedSeqs = (): number[] =>
      client.payloads('log.appended').flatMap((p) => (p.serverId === serverId ? p.entries.map((e) => e.seq) : []));
    const stored = (await client.call('log.get', { serverId })).map((e) => e.seq);
    expect(stored.length).toBeGreaterThan(0);
    // Pushes are batched per tick and travel over the bridge, so the newest entry may still be on its way.
    await client.until('every stored entry to have been pushed', () => pushedSeqs().length >= stored.length, 5_000);
    expect(pushedSeqs().slice(0, stored.length)).toEqual(stored);
  });

  test('disconnecting the hung server cancels its connection attempt and stops its process', async () => {
    const hungId = idOf('Hung server');
    const started = await client.until('the hung server to write its pid', () =>
      client.payloads('log.appended').flatMap((p) => (p.serverId === hungId ? p.entries : [])).find((e) => e.direction === 'stderr'),
    );
    const pid = Number(/pid (\d+)/.exec(started.text ?? '')?.[1]);
    expect(pidIsAlive(pid)).toBe(true);

    const disconnected = await client.call('servers.disconnect', { serverId: hungId });
    expect(disconnected.status).toBe('disconnected');
    expect(disconnected.error).toBeUndefined();
    expect(disconnected.lastError).toBeUndefined();
    const outcome = await hungConnect;
    expect(outcome.status).toBe('disconnected');
    const hungLog = await client.call('log.get', { serverId: hungId });
    expect(hungLog.filter((e) => e.kind === 'note').map((e) => e.text)).toEqual(['Connection attempt cancelled.']);
    await client.until('the hung process to be stopped', () => !pidIsAlive(pid), 15_000);
    expect(client.snapshots(hungId).map((s) => s.status)).toEqual(['connecting', 'disconnected']);
  });

  test('a server that crashes while connected fails alone; the others keep working', async () => {
    const crashedId = idOf('Skills v2 · stdio · both eras');
    const pid = (await client.call('servers.list', {})).find((v) => v.config.id === crashedId)?.connection.pid;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    const failed = await client.until('the crashed server to be reported', () =>
      client.snapshots(crashedId).find((s) => s.status === 'failed'),
    );
    expect(failed.error?.code).toBe('process-exited');
    expect(failed.error?.title).toBe('Connection lost: server process exited');
    expect(failed.error?.detail).toContain('was killed by SIGKILL while connected.');
    expect(failed.error?.detail).toContain('Last stderr lines:\nskills-server: starting (era both, stdio)\nskills-server: loaded skills from');

    for (const server of SERVERS.filter((s) => s.skills !== undefined && s.label !== 'Skills v2 · stdio · both eras')) {
      const skills = await client.call('skills.refresh', { serverId: idOf(server.label) });
      expect({ label: server.label, count: skills.length }).toEqual({ label: server.label, count: 2 });
    }
    const error = await client.fail('skills.refresh', { serverId: crashedId });
    expect(error.message).toBe('"Skills v2 · stdio · both eras" is not connected. Connect it first.');

    // Reconnecting brings it back, and the crash stays visible as the last error.
    const back = await client.call('servers.reconnect', { serverId: crashedId });
    expect(back.status).toBe('connected');
    expect(back.era).toBe('modern');
    expect(back.pid).not.toBe(pid);
    expect(back.lastError?.title).toBe('Connection lost: server process exited');
    expect(back.error).toBeUndefined();
  });

  test('disconnect and reconnect a legacy server', async () => {
    const id = idOf('Legacy v1 SDK · stdio');
    const before = (await client.call('servers.list', {})).find((v) => v.config.id === id)!.connection;
    const down = await client.call('servers.disconnect', { serverId: id });
    expect(down.status).toBe('disconnected');
    expect(down.error).toBeUndefined();
    await client.until('the old process to stop', () => !pidIsAlive(before.pid!), 15_000);
    const error = await client.fail('skills.refresh', { serverId: id });
    expect(error.code).toBe('failed');

    const up = await client.call('servers.reconnect', { serverId: id });
    expect(up).toMatchObject({ status: 'connected', era: 'legacy', protocolVersion: '2025-11-25' });
    expect(up.pid).not.toBe(before.pid);
    expect((await client.call('skills.refresh', { serverId: id })).map((s) => s.name).sort()).toEqual(['greeting', 'lint-check']);
  });
});
