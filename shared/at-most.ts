// Runs work over a list a few items at a time: the app's own launch and
// "Connect all" start at most that many servers together, so a hundred saved
// servers do not fork a hundred processes in one instant (each spawn blocks the
// main thread; the bench's connect step measured seconds of stalls that way).

/** Calls `work` on every item, never more than `atOnce` at the same time; resolves when all have ended. `work` must not throw. */
export async function eachAtMost<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  const waiting = [...items];
  const lane = async (): Promise<void> => {
    for (let item = waiting.shift(); item !== undefined; item = waiting.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(atOnce, waiting.length)) }, lane));
}
