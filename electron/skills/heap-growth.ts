// How far V8 lets the old generation grow past what survives a full
// collection, for a process that holds catalogs. V8's own factor goes up to
// 4× while much is promoted out of the young generation, and the SDK's
// Streamable HTTP client promotes several GB over a 10,000-skill Verify all
// (fetch, stream and AbortSignal state that outlives young collections): the
// engine's ≈20 MB of listing and records then cost ≈100 MB of peak, and the
// run peaked at ≈350 MB over HTTP (BENCHMARKS.md). A factor of 2 keeps the
// same catalog at about two thirds of that, for a few per cent more CPU in
// collections (measured with the bench's engine run, stdio and HTTP, at
// 10,000 skills). V8 reads the flag at every collection, so setting it when
// the first engine is made is in time; it is the process's, once.
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWTH_FLAG = '--heap-growing-percent=100';

let set = false;

export function limitHeapGrowth(): void {
  if (set) return;
  set = true;
  setFlagsFromString(HEAP_GROWTH_FLAG);
}
