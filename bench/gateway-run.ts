// The gateway step of the bench: `skills/list` and `resources/read` latency
// through the approved-skills gateway against straight to the upstream server,
// at the same catalog size, in the same run, rounds interleaved so neither side
// always gets the warmer machine. The gateway runs as hosts start it
// (`skill-inspector gateway --data-dir DIR` over stdio) over a data folder in
// which every upstream skill is approved and enabled: its bytes were read from
// upstream once and put in the snapshot store, and approvals.json and
// servers.json hold the fields the gateway reads (gateway/approved-catalog.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { SnapshotStore } from '../electron/snapshots/snapshot-store.js';
import { percentile, round } from './stats.js';

export interface LatencyFigures {
  readonly p50Ms: number | null;
  readonly p95Ms: number | null;
}

export interface GatewayBenchResult {
  readonly skills: number;
  readonly filesPerSkill: number;
  readonly listRounds: number;
  readonly reads: number;
  readonly listed: { readonly direct: number; readonly gateway: number };
  readonly list: { readonly direct: LatencyFigures; readonly gateway: LatencyFigures; readonly ratioP50: number | null };
  readonly read: { readonly direct: LatencyFigures; readonly gateway: LatencyFigures; readonly ratioP50: number | null };
  /** Every byte read through the gateway equalled the upstream bytes. */
  readonly bytesEqual: boolean;
}

export interface GatewayBenchOptions {
  readonly cli: string;
  readonly serverEntry: string;
  readonly skills: number;
  readonly files: number;
  readonly listRounds: number;
  readonly reads: number;
  readonly say: (line: string) => void;
}

const LABEL = 'Bench catalog';
const SERVER_ID = 'bench-catalog';

async function connect(command: string, args: string[]): Promise<{ client: Client; skills: SkillsClient }> {
  const client = new Client({ name: 'skill-inspector-bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  return { client, skills: new SkillsClient(client) };
}

type Listing = Awaited<ReturnType<SkillsClient['list']>>['skills'];

async function listAll(skills: SkillsClient): Promise<Listing> {
  const out: Listing = [];
  let cursor: string | undefined;
  do {
    const page = await skills.list(cursor ? { cursor } : {});
    out.push(...page.skills);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

const bytesOf = (file: { text?: string; bytes?: Uint8Array }) => (file.bytes ? Buffer.from(file.bytes) : Buffer.from(file.text ?? '', 'utf8'));

function figures(samples: number[]): LatencyFigures {
  return { p50Ms: round(percentile(samples, 50), 2), p95Ms: round(percentile(samples, 95), 2) };
}

const ratio = (gateway: LatencyFigures, direct: LatencyFigures) => (gateway.p50Ms !== null && direct.p50Ms ? round(gateway.p50Ms / direct.p50Ms, 2) : null);

/** Every upstream skill approved and enabled, its files in the snapshot store, as the app leaves them. */
async function approveEverything(dataDir: string, listing: Listing, read: (skill: Listing[number], ref: string) => Promise<Buffer>): Promise<Map<string, Buffer>> {
  const store = new SnapshotStore(path.join(dataDir, 'snapshots'));
  const bytes = new Map<string, Buffer>();
  const approvals = [];
  for (const skill of listing) {
    const resources = skill.resources === 'dynamic' || skill.resources === undefined ? [] : skill.resources;
    for (const resource of resources) {
      const ref = resource.uri.slice(skill.uri.length - 'SKILL.md'.length);
      const data = await read(skill, ref === 'SKILL.md' ? '' : ref);
      await store.put(SERVER_ID, data, resource.digest);
      bytes.set(resource.uri, data);
    }
    approvals.push({ serverId: SERVER_ID, skillUri: skill.uri, decision: 'approved', enabled: true, resources: resources.map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })), allowedTools: null });
  }
  writeFileSync(path.join(dataDir, 'servers.json'), `${JSON.stringify({ servers: [{ id: SERVER_ID, label: LABEL }] })}\n`);
  writeFileSync(path.join(dataDir, 'approvals.json'), `${JSON.stringify({ approvals })}\n`);
  return bytes;
}

export async function measureGateway(options: GatewayBenchOptions): Promise<GatewayBenchResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-bench-gateway-'));
  const upstreamArgs = [options.serverEntry, '--skills', String(options.skills), '--files', String(options.files)];
  const direct = await connect(process.execPath, upstreamArgs);
  let gateway: Awaited<ReturnType<typeof connect>> | undefined;
  try {
    const listing = await listAll(direct.skills);
    options.say(`bench: gateway step: approving ${listing.length} skills into a data folder…`);
    const upstreamBytes = await approveEverything(dataDir, listing, async (skill, ref) => bytesOf(await direct.skills.read(skill, ref || undefined)));
    gateway = await connect(process.execPath, [options.cli, 'gateway', '--data-dir', dataDir, '--quiet']);
    const prefix = 'skill://bench-catalog/';
    const listTimes = { direct: [] as number[], gateway: [] as number[] };
    let served: Listing = [];
    for (let round = 0; round < options.listRounds; round++) {
      // Alternate which side goes first.
      const order = round % 2 === 0 ? (['direct', 'gateway'] as const) : (['gateway', 'direct'] as const);
      for (const side of order) {
        const started = performance.now();
        const got = await listAll(side === 'direct' ? direct.skills : gateway.skills);
        listTimes[side].push(performance.now() - started);
        if (side === 'gateway') served = got;
      }
    }
    // The same files on both sides: every `files`-th skill's every file, up to `reads` reads.
    const picks: Array<{ upstream: Listing[number]; served: Listing[number]; ref: string; uri: string }> = [];
    const servedByUri = new Map(served.map((s) => [s.uri.slice(prefix.length), s]));
    for (const skill of listing) {
      const mine = servedByUri.get(skill.uri.slice('skill://'.length));
      if (!mine || skill.resources === 'dynamic' || !skill.resources) continue;
      for (const r of skill.resources) picks.push({ upstream: skill, served: mine, ref: r.uri.slice(skill.uri.length - 'SKILL.md'.length), uri: r.uri });
      if (picks.length >= options.reads) break;
    }
    const readTimes = { direct: [] as number[], gateway: [] as number[] };
    let bytesEqual = picks.length > 0;
    for (const [i, pick] of picks.slice(0, options.reads).entries()) {
      const ref = pick.ref === 'SKILL.md' ? undefined : pick.ref;
      const order = i % 2 === 0 ? (['direct', 'gateway'] as const) : (['gateway', 'direct'] as const);
      for (const side of order) {
        const started = performance.now();
        const file = side === 'direct' ? await direct.skills.read(pick.upstream, ref) : await gateway.skills.read(pick.served, ref);
        readTimes[side].push(performance.now() - started);
        if (side === 'gateway' && !bytesOf(file).equals(upstreamBytes.get(pick.uri)!)) bytesEqual = false;
      }
    }
    const list = { direct: figures(listTimes.direct), gateway: figures(listTimes.gateway) };
    const read = { direct: figures(readTimes.direct), gateway: figures(readTimes.gateway) };
    return {
      skills: options.skills,
      filesPerSkill: options.files,
      listRounds: options.listRounds,
      reads: readTimes.gateway.length,
      listed: { direct: listing.length, gateway: served.length },
      list: { ...list, ratioP50: ratio(list.gateway, list.direct) },
      read: { ...read, ratioP50: ratio(read.gateway, read.direct) },
      bytesEqual,
    };
  } finally {
    await gateway?.client.close().catch(() => undefined);
    await direct.client.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
