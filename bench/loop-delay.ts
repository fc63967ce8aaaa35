// The main thread's event-loop delay while something runs: how long a timer
// (and so a window's bridge message) waited behind the work in front of it.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopDelay {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** Runs `run` with the loop delay sampled at 5 ms resolution; its wall time and the delay's percentiles. */
export async function sampleLoop(run: () => Promise<unknown>): Promise<{ wallMs: number; loop: LoopDelay }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const t0 = performance.now();
  histogram.enable();
  await run();
  histogram.disable();
  const wallMs = performance.now() - t0;
  const toMs = (ns: number) => ns / 1e6;
  return { wallMs, loop: { p50Ms: toMs(histogram.percentile(50)), p99Ms: toMs(histogram.percentile(99)), maxMs: toMs(histogram.max) } };
}
