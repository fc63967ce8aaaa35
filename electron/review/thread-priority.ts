// A review thread steps back for the rest of the app. The rules are the
// heaviest work the app does (a Review all of a big server is minutes of CPU),
// and the window, the bridge and the servers' replies must keep answering
// while they run. On Linux a thread has its own scheduling priority: a review
// thread raises its own nice value, so the scheduler gives the main process
// (and a server it reads from) the cores first and the rules every cycle
// they leave. With that, the pool can have as many threads as the machine has
// cores (review-pool.ts defaultReviewThreads) instead of keeping one core idle
// for the main process. Elsewhere a priority set from a thread applies to the
// whole process (macOS, Windows), so nothing is changed and the pool keeps a
// core free instead.
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** The nice value of a review thread: below every ordinary process on the machine, still scheduled when a core is free. */
export const REVIEW_THREAD_NICE = 10;

/** Whether this platform lets one thread lower its own priority without touching the rest of the process. */
export function threadsCanStepBack(): boolean {
  return process.platform === 'linux';
}

/** This thread's own id, from /proc/thread-self ("PID/task/TID"); undefined where it cannot be read. */
function threadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling worker thread's priority to REVIEW_THREAD_NICE (never
 * raises it). Returns the nice value the thread runs at, or undefined when it
 * was left alone: not Linux, the main thread (lowering it would slow the whole
 * app), or a system that refuses.
 */
export function stepBack(): number | undefined {
  if (!threadsCanStepBack() || isMainThread) return undefined;
  const tid = threadId();
  // The main thread's id is the process id: never renice it, even if asked from a thread that reads as its own.
  if (tid === undefined || tid === process.pid) return undefined;
  try {
    const now = os.getPriority(tid);
    if (now < REVIEW_THREAD_NICE) os.setPriority(tid, REVIEW_THREAD_NICE);
    return os.getPriority(tid);
  } catch {
    return undefined;
  }
}
