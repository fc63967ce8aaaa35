import { describe, expect, it } from 'vitest';
import { forEachPulledUntilIdle } from './concurrency.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('forEachPulledUntilIdle', () => {
  it('waits for work an item in flight releases, never runs more than the limit, and ends when idle', async () => {
    // Each "skill" releases its two other files only once its first one is done (as SKILL.md gates the rest).
    const queue: string[] = ['a/SKILL.md', 'b/SKILL.md'];
    const done: string[] = [];
    let inFlight = 0;
    let most = 0;
    await forEachPulledUntilIdle(
      () => queue.shift(),
      3,
      async (item) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await tick();
        done.push(item);
        if (item.endsWith('/SKILL.md')) queue.push(item.replace('SKILL.md', 'one'), item.replace('SKILL.md', 'two'));
        inFlight--;
      },
    );
    expect(done.sort()).toEqual(['a/SKILL.md', 'a/one', 'a/two', 'b/SKILL.md', 'b/one', 'b/two']);
    expect(most).toBeLessThanOrEqual(3);
    // The first lane to find nothing did not end the run: three lanes worked on the four released files.
    expect(most).toBe(3);
  });

  it('takes no new item once the signal aborts, and ends', async () => {
    const abort = new AbortController();
    const done: number[] = [];
    let n = 0;
    await forEachPulledUntilIdle(
      () => (n < 100 ? n++ : undefined),
      2,
      async (item) => {
        done.push(item);
        if (item === 3) abort.abort();
        await tick();
      },
      abort.signal,
    );
    expect(done.length).toBeLessThanOrEqual(5);
    expect(done).toContain(3);
  });

  it('ends at once with nothing to do', async () => {
    let calls = 0;
    await forEachPulledUntilIdle(() => undefined, 4, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});
