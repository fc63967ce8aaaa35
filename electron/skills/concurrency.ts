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
