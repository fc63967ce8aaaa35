// A toast's time stands still while it is held — the pointer over it or
// keyboard focus within it — and every other toast's with it; once let go,
// each goes on with the time it had left, never less than a short moment.
// Time here is vitest's clock, moved by hand: these are orders of events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_HOLD_MS, ToastTimers } from './toast-timers.js';

let closed: string[];
let timers: ToastTimers;

beforeEach(() => {
  vi.useFakeTimers();
  closed = [];
  timers = new ToastTimers((id) => closed.push(id));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast timers', () => {
  it('close a toast nothing holds when its time is up', () => {
    timers.start('a', 4000);
    vi.advanceTimersByTime(3999);
    expect(closed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(closed).toEqual(['a']);
  });

  it('stand still while focus is in the toast, then go on with the time it had left', () => {
    timers.start('a', 4000);
    vi.advanceTimersByTime(1000);
    timers.hold('a', 'focus');
    vi.advanceTimersByTime(60_000);
    expect(closed).toEqual([]);
    timers.release('a', 'focus');
    vi.advanceTimersByTime(2999);
    expect(closed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(closed).toEqual(['a']);
  });

  it('give a toast let go just before its end a short moment more', () => {
    timers.start('a', 4000);
    vi.advanceTimersByTime(3900);
    timers.hold('a', 'pointer');
    vi.advanceTimersByTime(10_000);
    timers.release('a', 'pointer');
    vi.advanceTimersByTime(AFTER_HOLD_MS - 1);
    expect(closed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(closed).toEqual(['a']);
  });

  it('stay held while either the pointer or focus holds the toast', () => {
    timers.start('a', 4000);
    timers.hold('a', 'focus');
    timers.hold('a', 'pointer');
    timers.release('a', 'pointer');
    vi.advanceTimersByTime(60_000);
    expect(closed).toEqual([]);
    timers.release('a', 'focus');
    vi.advanceTimersByTime(4000);
    expect(closed).toEqual(['a']);
  });

  it('hold every toast while one is held, so none closes and moves the one being read', () => {
    timers.start('a', 4000);
    timers.start('b', 4000);
    timers.hold('a', 'focus');
    vi.advanceTimersByTime(60_000);
    // A toast shown while one is held waits too.
    timers.start('c', 4000);
    vi.advanceTimersByTime(60_000);
    expect(closed).toEqual([]);
    timers.release('a', 'focus');
    vi.advanceTimersByTime(4000);
    expect(closed.sort()).toEqual(['a', 'b', 'c']);
  });

  it('let the others go on when the held toast is closed (no leave or blur comes from a toast taken away)', () => {
    timers.start('a', 4000);
    timers.start('b', 4000);
    timers.hold('a', 'focus');
    vi.advanceTimersByTime(60_000);
    timers.forget('a');
    expect(timers.held()).toBe(false);
    vi.advanceTimersByTime(4000);
    expect(closed).toEqual(['b']);
  });

  it('time a toast once, even if told it is on screen twice', () => {
    timers.start('a', 4000);
    vi.advanceTimersByTime(3000);
    timers.start('a', 4000);
    vi.advanceTimersByTime(1000);
    expect(closed).toEqual(['a']);
  });

  it('never close a toast without a time', () => {
    timers.hold('x', 'pointer');
    timers.release('x', 'pointer');
    vi.advanceTimersByTime(60_000);
    expect(closed).toEqual([]);
  });
});
