import { describe, expect, it } from 'vitest';
import { eachAtMost } from './at-most.js';

describe('eachAtMost', () => {
  it('runs every item, never more than the limit at once, in order of the list', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await eachAtMost([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (n % 3)));
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('does nothing for an empty list, and takes a limit above the list as the list', async () => {
    const seen: string[] = [];
    await eachAtMost([], 3, async () => void seen.push('x'));
    await eachAtMost(['a', 'b'], 10, async (s) => void seen.push(s));
    expect(seen).toEqual(['a', 'b']);
  });
});
