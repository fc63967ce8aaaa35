import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ListingRefresher, MAX_BACKOFF_MS } from './listing-refresh.js';

let calls: string[];
let min: number;
let refresher: ListingRefresher;
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  calls = [];
  min = 1_000;
  refresher = new ListingRefresher({ refresh: async (id) => void calls.push(id), minIntervalMs: () => min, random: () => 0 });
});
afterEach(() => {
  refresher.close();
  vi.useRealTimers();
});

test('waits the ttlMs, then lists once', () => {
  refresher.listed('a', 5_000);
  expect(refresher.dueAt('a')).toBe(5_000);
  vi.advanceTimersByTime(4_999);
  expect(calls).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(calls).toEqual(['a']);
  expect(refresher.dueAt('a')).toBeUndefined();
  vi.advanceTimersByTime(60_000);
  expect(calls).toEqual(['a']);
});

test('a ttlMs shorter than the minimum waits the minimum; jitter adds up to a tenth', () => {
  refresher.listed('a', 10);
  expect(refresher.dueAt('a')).toBe(1_000);
  const jittered = new ListingRefresher({ refresh: async () => undefined, minIntervalMs: () => 1_000, random: () => 0.5 });
  jittered.listed('b', 20_000);
  expect(jittered.dueAt('b')).toBe(21_000);
  jittered.close();
});

test('no ttlMs, ttlMs 0 and a minimum of 0 plan nothing', () => {
  refresher.listed('none', undefined);
  refresher.listed('zero', 0);
  min = 0;
  refresher.listed('off', 5_000);
  expect([refresher.dueAt('none'), refresher.dueAt('zero'), refresher.dueAt('off')]).toEqual([undefined, undefined, undefined]);
  vi.advanceTimersByTime(10 * 60_000);
  expect(calls).toEqual([]);
});

test('failures back off, doubling up to an hour; a listing resets it', () => {
  refresher.failed('a', 10_000);
  expect(refresher.dueAt('a')).toBe(20_000);
  refresher.failed('a', 10_000);
  expect(refresher.dueAt('a')).toBe(40_000);
  for (let i = 0; i < 20; i++) refresher.failed('a', 10_000);
  expect(refresher.dueAt('a')).toBe(MAX_BACKOFF_MS);
  refresher.listed('a', 10_000);
  expect(refresher.dueAt('a')).toBe(10_000);
});

test('a new listing replaces the plan; cancel drops it', () => {
  refresher.listed('a', 5_000);
  vi.advanceTimersByTime(4_000);
  refresher.listed('a', 5_000);
  vi.advanceTimersByTime(4_000);
  expect(calls).toEqual([]);
  refresher.cancel('a');
  vi.advanceTimersByTime(60_000);
  expect(calls).toEqual([]);
});
