// One measured run of many servers connecting in the app (issue 20): the real
// Inspector (createInspector, as browser mode and the app build it) with N
// synthetic catalog servers added through the contract (`servers.add`), then
// connected through `servers.connect`, `--at-once` at a time, as the palette's
// Connect all does (renderer/src/state/connect-all.ts: three at a time), or
// every one at once, as a launch with saved servers does. Each connect lists
// its server's skills on its own; the run ends when every server's listing is
// done (or its connect failed). Meanwhile this process's event-loop delay is
// sampled (monitorEventLoopDelay, 5 ms resolution): the Inspector's main
// thread is where the window's bridge runs, so its stalls are the window's.
// The floor, in the same process: the loop delay for as long again with every
// server connected and nothing happening.
// Prints one JSON line: ConnectRunResult.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openBenchInspector } from './bench-inspector.js';
import { eachAtMost } from '../shared/at-most.js';
import { sampleLoop, type LoopDelay } from './loop-delay.js';
import { peakRssMb } from './peak-rss.js';

export interface ConnectRunResult {
  readonly servers: number;
  readonly atOnce: number;
  readonly connected: number;
  readonly failed: readonly string[];
  readonly skillsListed: number;
  /** From the first `servers.connect` to the last server's listing done. */
  readonly allListedMs: number;
  readonly loop: LoopDelay;
  /** The same process idle (every server connected, nothing asked) for as long as the connecting took. */
  readonly idleLoop: LoopDelay;
  readonly cpuMs: number;
  readonly peakRssMb: number;
  /** The connecting, on the monotonic clock in µs (a CPU profile's). */
  readonly windowUs: { readonly fromUs: number; readonly toUs: number };
}

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '100' },
    'at-once': { type: 'string', default: '3' },
    'server-entry': { type: 'string' },
    skills: { type: 'string', default: '50' },
    files: { type: 'string', default: '5' },
    worker: { type: 'string' },
  },
});
const servers = Number(values.servers);
const atOnce = Math.max(1, Number(values['at-once']));
if (!values['server-entry']) throw new Error('connect-run: --server-entry (the catalog server bundle) is required');
const serverArgs = [values['server-entry'], '--skills', values.skills, '--files', values.files];

const bench = await openBenchInspector('connect', values.worker ?? path.join(import.meta.dirname, 'review-worker.mjs'));
const { inspector } = bench;

async function call<T>(method: string, params: unknown): Promise<T> {
  const reply = (await inspector.call(method, params)) as { ok: true; result: T } | { ok: false; error: { message: string } };
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.result;
}

const ids: string[] = [];
for (let i = 1; i <= servers; i++) {
  const added = await call<{ id: string }>('servers.add', { label: `Catalog ${String(i).padStart(3, '0')}`, transport: { kind: 'stdio', command: process.execPath, args: serverArgs, env: {} } });
  ids.push(added.id);
}

const pending = new Set(ids);
let allDone: () => void = () => undefined;
const everyListing = new Promise<void>((resolve) => (allDone = resolve));
const settle = (serverId: string) => {
  if (pending.delete(serverId) && pending.size === 0) allDone();
};
inspector.subscribe((event, payload) => {
  if (event !== 'skills.listed') return;
  const p = payload as { serverId: string; done?: boolean };
  if (p.done) settle(p.serverId);
});

(globalThis as { gc?: () => void }).gc?.();
const failed: string[] = [];
const connectAll = async () => {
  // As Connect all: a few at a time, the next server once an earlier connect attempt ended (shared/at-most.ts, the app's own runner).
  await eachAtMost(ids, atOnce, async (id) => {
    const snapshot = await call<{ status: string; error?: { title: string } }>('servers.connect', { serverId: id }).catch((error: Error) => ({ status: 'failed', error: { title: error.message } }));
    if (snapshot.status !== 'connected') {
      failed.push(`${id}: ${snapshot.error?.title ?? snapshot.status}`);
      settle(id);
    }
  });
  await everyListing;
};
const cpu0 = process.cpuUsage();
// On the monotonic clock a CPU profile's timestamps use (µs), so a profile of this run can be cut to the connecting.
const fromUs = Number(process.hrtime.bigint() / 1000n);
const busy = await sampleLoop(connectAll);
const toUs = Number(process.hrtime.bigint() / 1000n);
const cpu = process.cpuUsage(cpu0);
// Let the last listing's renders and garbage settle, then the idle floor for as long again.
await new Promise((r) => setTimeout(r, 500));
const idle = await sampleLoop(() => new Promise((r) => setTimeout(r, busy.wallMs)));

const skillsListed = ids.reduce((n, id) => n + inspector.engine.server(id).records.size, 0);
const result: ConnectRunResult = {
  servers,
  atOnce,
  connected: servers - failed.length,
  failed: failed.slice(0, 5),
  skillsListed,
  allListedMs: busy.wallMs,
  loop: busy.loop,
  idleLoop: idle.loop,
  cpuMs: (cpu.user + cpu.system) / 1000,
  peakRssMb: peakRssMb(),
  windowUs: { fromUs, toUs },
};
await bench.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
