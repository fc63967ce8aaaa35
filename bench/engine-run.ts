// One measured run of the app's own engine, in its own process so its peak
// memory is its own: connect through a Connection (as the app and the CLI do),
// list the whole catalog with SkillsEngine.refresh, then Verify all with
// startVerifyAll at the default settings, waiting for the job to finish.
// Prints one JSON line: EngineRunResult.
import { getHeapStatistics } from 'node:v8';
import { parseArgs } from 'node:util';
import { DEFAULT_SETTINGS, type Settings, type VerifyJob } from '../shared/model.js';
import { Connection } from '../electron/connections/connection.js';
import { ProtocolLog } from '../electron/connections/protocol-log.js';
import { SkillsEngine } from '../electron/skills/engine.js';
import type { Rpc } from '../electron/skills/rpc.js';
import { SERVER_OPTIONS, serverTransport } from './server-args.js';
import { peakRssMb } from './peak-rss.js';

export interface EngineRunResult {
  readonly connectMs: number;
  readonly listMs: number;
  readonly verifyMs: number;
  /** CPU time (user + system) of this process during Verify all: load-independent, unlike wall time. */
  readonly verifyCpuMs: number;
  readonly listed: number;
  readonly complete: boolean;
  readonly job: VerifyJob;
  readonly peakRssMb: number;
  readonly peakHeapMb: number;
  readonly readConcurrency: number;
}

const { values } = parseArgs({ options: SERVER_OPTIONS });

const settings: Settings = DEFAULT_SETTINGS;
const transport = serverTransport(values);

let peakHeap = 0;
const sampleHeap = () => {
  peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
};
const sampler = setInterval(sampleHeap, 20);

const serverId = 'bench';
const log = new ProtocolLog(serverId, settings.logLimit, () => undefined, settings.logBodyBytes);
const connection = new Connection(
  { id: serverId, label: 'Synthetic catalog', transport, createdAt: new Date().toISOString() },
  { settings: () => settings, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'skill-inspector-bench', version: '0.0.0' } },
);

let jobDone: ((job: VerifyJob) => void) | undefined;
const engine = new SkillsEngine(() => settings, {
  listed: () => undefined,
  updated: () => undefined,
  job: (job) => {
    if (job.state !== 'running') jobDone?.(job);
  },
});

const t0 = performance.now();
const snapshot = await connection.connect();
if (snapshot.status !== 'connected') {
  process.stderr.write(`engine-run: could not connect: ${snapshot.error?.title ?? snapshot.status}: ${snapshot.error?.detail ?? ''}\n`);
  process.exit(1);
}
const t1 = performance.now();
const rpc: Rpc = { serverId, era: snapshot.era ?? 'legacy', request: (method, params, options) => connection.request(method, params, options) };
// Only the count is kept: the app hands the views to its window and drops them, so holding them here would measure the bench.
const listed = (await engine.refresh(rpc, snapshot.capabilities)).length;
const t2 = performance.now();
const listing = engine.server(serverId).listing;

const cpu0 = process.cpuUsage();
const finished = new Promise<VerifyJob>((resolve) => (jobDone = resolve));
const started = engine.startVerifyAll([rpc]);
const job = started.state === 'running' ? await finished : started;
const t3 = performance.now();
const cpu = process.cpuUsage(cpu0);
sampleHeap();
clearInterval(sampler);
await connection.disconnect();

const result: EngineRunResult = {
  connectMs: t1 - t0,
  listMs: t2 - t1,
  verifyMs: t3 - t2,
  verifyCpuMs: (cpu.user + cpu.system) / 1000,
  listed,
  complete: listing?.complete ?? false,
  job,
  peakRssMb: peakRssMb(),
  peakHeapMb: peakHeap / (1024 * 1024),
  readConcurrency: settings.readConcurrency,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
