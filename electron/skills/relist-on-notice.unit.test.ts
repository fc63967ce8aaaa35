import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { NoticeRelister, RELIST_DELAY_MS } from './relist-on-notice.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A relist the test finishes by hand, so it can send notifications while one runs. */
function harness() {
  const started: string[] = [];
  let running = 0;
  let most = 0;
  const finishers: Array<() => void> = [];
  const relister = new NoticeRelister({
    relist: async (serverId) => {
      started.push(serverId);
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => finishers.push(resolve));
      running -= 1;
    },
  });
  const finish = async () => {
    finishers.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { relister, started, finish, most: () => most };
}

test('a burst of notifications becomes one relist after the gathering delay', async () => {
  const { relister, started } = harness();
  for (let i = 0; i < 1000; i += 1) relister.notice('a');
  await vi.advanceTimersByTimeAsync(RELIST_DELAY_MS - 1);
  expect(started).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(started).toEqual(['a']);
});

test('notifications during a relist plan exactly one more, never two at once', async () => {
  const { relister, started, finish, most } = harness();
  relister.notice('a');
  await vi.advanceTimersByTimeAsync(RELIST_DELAY_MS);
  for (let i = 0; i < 500; i += 1) relister.notice('a');
  await vi.advanceTimersByTimeAsync(RELIST_DELAY_MS * 4);
  expect(started).toEqual(['a']);
  await finish();
  await vi.advanceTimersByTimeAsync(RELIST_DELAY_MS);
  expect(started).toEqual(['a', 'a']);
  await finish();
  await vi.advanceTimersByTimeAsync(RELIST_DELAY_MS * 4);
  expect(started).toEqual(['a', 'a']);
  expect(most()).toBe(1);
});

test('servers are relisted independently, and a cancelled server is not relisted', async () => {
  const { relister, started } = harness();
  relister.notice('a');
  relister.notice('b');
  relister.cancel('a');
  await vi.advanceTimersByTimeAsync(RELIST_DELAY_MS);
  expect(started).toEqual(['b']);
});

test('a failed relist does not stop later ones', async () => {
  let calls = 0;
  const relister = new NoticeRelister({
    relist: async () => {
      calls += 1;
      throw new Error('not connected');
    },
  });
  relister.notice('a');
  await vi.advanceTimersByTimeAsync(RELIST_DELAY_MS);
  relister.notice('a');
  await vi.advanceTimersByTimeAsync(RELIST_DELAY_MS);
  expect(calls).toBe(2);
});
