/** Runs `worker` over `items` with at most `limit` in flight; stops taking new items once `signal` aborts. */
export async function forEachLimited<T>(items: readonly T[], limit: number, worker: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++] as T;
      await worker(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Like forEachLimited, over items made one at a time by `next` (undefined when
 * there are no more), so a long run never holds the whole list at once.
 */
export async function forEachPulled<T>(next: () => T | undefined, limit: number, worker: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const lanes = Array.from({ length: Math.max(1, limit) }, async () => {
    while (!signal?.aborted) {
      const item = next();
      if (item === undefined) return;
      await worker(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Like forEachPulled, for work where finishing an item can make more items
 * available (a skill's other files, once its SKILL.md checked out): a lane
 * that finds nothing to do waits while another still works, and is asked
 * again when that one finishes. All lanes end once nothing is left and
 * nothing runs, or once `signal` aborts. `worker` must not throw.
 */
export async function forEachPulledUntilIdle<T>(next: () => T | undefined, limit: number, worker: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let running = 0;
  let waiting: Array<() => void> = [];
  const wakeAll = () => {
    // Most finishes find no lane waiting: no new list for those (one per file read at 10,000 skills).
    if (waiting.length === 0) return;
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  };
  const lanes = Array.from({ length: Math.max(1, limit) }, async () => {
    while (!signal?.aborted) {
      const item = next();
      if (item === undefined) {
        if (running === 0) break;
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      running++;
      try {
        await worker(item);
      } finally {
        running--;
        wakeAll();
      }
    }
    wakeAll();
  });
  await Promise.all(lanes);
}
