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
