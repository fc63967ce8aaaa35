// One measured run of Verify all and Review all through the real Inspector
// (createInspector, as browser mode and the app build it), in one process and
// against one server: the server is added and connected through the contract,
// its listing awaited, then both jobs run back to back (in the order given, so
// that neither always gets the warmer process) with `skills.verifyAll` and
// `review.startAll`, each awaited through its progress events. The content
// rules run in the review pool, on the worker bundled beside this file.
// During each job this process's event-loop delay is sampled
// (monitorEventLoopDelay): the Inspector's main thread is where the window's
// bridge, every connection and the jobs' bookkeeping run.
// Then Review all once more, nothing changed on the server: every file is
// read and checked again, and each review is answered from memory
// (remembered-reviews.ts), as a second Review all in the app is.
// Prints one JSON line: ReviewRunResult.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openBenchInspector } from './bench-inspector.js';
import type { VerifyJob } from '../shared/model.js';
import type { ReviewJob } from '../shared/review-job.js';
import { SERVER_OPTIONS, serverTransport } from './server-args.js';
import { peakRssMb } from './peak-rss.js';

export interface LoopDelay {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface JobFigures {
  readonly wallMs: number;
  /** CPU (user + system) of the whole process during the job: the main thread and, for Review all, the review pool's threads. */
  readonly cpuMs: number;
  readonly loop: LoopDelay;
}

export interface ReviewRunResult {
  readonly listed: number;
  readonly order: 'verify-first' | 'review-first';
  readonly verify: JobFigures & { readonly verified: number; readonly failed: number };
  readonly review: JobFigures & {
    readonly done: number;
    readonly total: number;
    readonly risky: number;
    readonly needsLook: number;
    readonly clean: number;
    readonly notReviewed: number;
    readonly problems: readonly string[];
    /** Files the listing names (each read once by the job; SKILL.md twice, on purpose). */
    readonly files: number;
  };
  /** Review all again after both, nothing changed: the reads and checks again, the reviews from memory (absent in runs from before it was measured). */
  readonly reviewAgain?: JobFigures & { readonly done: number; readonly risky: number; readonly needsLook: number; readonly clean: number; readonly notReviewed: number };
  readonly reviewThreads: number;
  readonly peakRssMb: number;
}

const { values } = parseArgs({
  options: {
    ...SERVER_OPTIONS,
    worker: { type: 'string' },
    order: { type: 'string', default: 'verify-first' },
  },
});
const order = values.order === 'review-first' ? 'review-first' : 'verify-first';

const bench = await openBenchInspector('review', values.worker ?? path.join(import.meta.dirname, 'review-worker.mjs'));
const { inspector } = bench;

type Waiter = { match: (event: string, payload: unknown) => boolean; resolve: (payload: unknown) => void };
const waiters = new Set<Waiter>();
inspector.subscribe((event, payload) => {
  for (const w of waiters)
    if (w.match(event, payload)) {
      waiters.delete(w);
      w.resolve(payload);
    }
});
function next<T>(match: (event: string, payload: unknown) => boolean): Promise<T> {
  return new Promise<T>((resolve) => waiters.add({ match, resolve: resolve as (p: unknown) => void }));
}

async function call<T>(method: string, params: unknown): Promise<T> {
  const reply = (await inspector.call(method, params)) as { ok: true; result: T } | { ok: false; error: { message: string } };
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.result;
}

function fail(message: string): never {
  process.stderr.write(`review-run: ${message}\n`);
  process.exit(1);
}

const server = await call<{ id: string }>('servers.add', { label: 'Bench catalog', transport: serverTransport(values) });
const listedDone = next<{ serverId: string }>((e, p) => e === 'skills.listed' && (p as { serverId: string; done: boolean }).serverId === server.id && (p as { done: boolean }).done);
const snapshot = await call<{ status: string; error?: { title: string } }>('servers.connect', { serverId: server.id });
if (snapshot.status !== 'connected') fail(`could not connect: ${snapshot.error?.title ?? snapshot.status}`);
await listedDone;
const records = [...inspector.engine.server(server.id).records.values()];
const listed = records.length;
const files = records.reduce((n, r) => n + (Array.isArray(r.entry.resources) ? r.entry.resources.length : 0), 0);

/** Runs one job with its figures: wall time, process CPU and the event-loop delay while it ran. */
async function measured<T>(run: () => Promise<T>): Promise<{ result: T; figures: JobFigures }> {
  // A full collection first, where exposed, so one job's garbage is not collected during the next.
  (globalThis as { gc?: () => void }).gc?.();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  loop.enable();
  const result = await run();
  loop.disable();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const toMs = (ns: number) => ns / 1e6;
  return { result, figures: { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, loop: { p50Ms: toMs(loop.percentile(50)), p99Ms: toMs(loop.percentile(99)), maxMs: toMs(loop.max) } } };
}

async function verifyAll() {
  return measured(async () => {
    const ended = next<VerifyJob>((e, p) => e === 'job.progress' && (p as VerifyJob).state !== 'running');
    const started = await call<VerifyJob>('skills.verifyAll', { serverId: server.id });
    return started.state === 'running' ? await ended : started;
  });
}

async function reviewAll() {
  return measured(async () => {
    const ended = next<ReviewJob>((e, p) => e === 'review.job' && (p as ReviewJob).state !== 'running');
    const started = await call<ReviewJob>('review.startAll', { serverId: server.id });
    return started.state === 'running' ? await ended : started;
  });
}

let verify: Awaited<ReturnType<typeof verifyAll>>;
let review: Awaited<ReturnType<typeof reviewAll>>;
if (order === 'verify-first') {
  verify = await verifyAll();
  review = await reviewAll();
} else {
  review = await reviewAll();
  verify = await verifyAll();
}
const again = await reviewAll();

const reviewThreads = (await import('../electron/review/review-pool.js')).defaultReviewThreads();
const result: ReviewRunResult = {
  listed,
  order,
  verify: { ...verify.figures, verified: verify.result.verified, failed: verify.result.failed },
  review: {
    ...review.figures,
    done: review.result.done,
    total: review.result.total,
    risky: review.result.risky,
    needsLook: review.result.needsLook,
    clean: review.result.clean,
    notReviewed: review.result.notReviewed,
    problems: review.result.problems.slice(0, 5).map((p) => `${p.skillUri}: ${p.message}`),
    files,
  },
  reviewAgain: { ...again.figures, done: again.result.done, risky: again.result.risky, needsLook: again.result.needsLook, clean: again.result.clean, notReviewed: again.result.notReviewed },
  reviewThreads,
  peakRssMb: peakRssMb(),
};
await bench.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
