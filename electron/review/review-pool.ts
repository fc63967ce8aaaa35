// Where content reviews run. The app, browser mode and the command review in a
// pool of worker threads (tinypool) running the built review worker
// (review-worker.js, built beside the running bundle), so a huge or hostile
// file never blocks the main process: the window, the bridge and every other
// server keep answering while the rules work. The pool is bounded (threads:
// defaultReviewThreads, its threads a step back in priority), holds no thread while idle,
// gives each review a time limit and a cancel, and a worker that crashes fails
// only the review it was running (tinypool starts a fresh one for the next).
//
// The rule for code that runs from TypeScript source (the tests): there is no
// built worker beside the source, so createInspector and openSession take the
// worker's path; tests that give none review in-process, through the same
// function (review-task.ts runReviewTask) — same findings, same hidden text,
// same files. Only the thread differs, and with it the time limit: an
// in-process review cannot be stopped midway.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Tinypool from 'tinypool';
import { ApiFailure } from '../api-failure.js';
import type { ReviewFileInput, ReviewInput } from './rules/context.js';
import { reviewNotRun, type ContentReviewResult, type UnreadFile } from './review-result.js';
import { rememberReviews } from './remembered-reviews.js';
import { packReview } from './packed-review.js';
import { threadsCanStepBack } from './thread-priority.js';

export interface ReviewOptions {
  /** Cancels the review: it rejects with ReviewCancelled and nothing of it is kept. */
  readonly signal?: AbortSignal;
}

/** Runs content reviews: in the worker pool, or (tests from source only) in this thread. */
export interface ContentReviewer {
  readonly mode: 'worker-pool' | 'in-process';
  review(input: ReviewInput, unread?: readonly UnreadFile[], options?: ReviewOptions): Promise<ContentReviewResult>;
  /** Ends every thread; a review still running fails. */
  close(): Promise<void>;
}

export interface ReviewPool extends ContentReviewer {
  readonly mode: 'worker-pool';
  /** Threads alive now (0 once the pool has been idle for its idle timeout). */
  readonly threadCount: number;
}

export interface ReviewPoolOptions {
  /** The built review worker: review-worker.js beside the running bundle. */
  readonly worker: string;
  /** At most this many reviews at once, each on its own thread (default: defaultReviewThreads()). */
  readonly threads?: number;
  /** A thread idle this long ends (default 30 s). */
  readonly idleTimeoutMs?: number;
  /** A review (or one of its files) the rules have not finished in this long is stopped (default 60 s). */
  readonly taskTimeoutMs?: number;
}

export const DEFAULT_REVIEW_TIMEOUT_MS = 60_000;
/** A review thread that has not started the rules this long after it was given a review (it could not load them) fails it. */
const START_LIMIT_MS = 120_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

/**
 * Every core where a review thread can step back in priority for the main
 * process (thread-priority.ts: Linux); elsewhere the cores less one, kept for
 * the main process. At least one.
 */
export function defaultReviewThreads(): number {
  const cores = os.availableParallelism();
  return Math.max(1, threadsCanStepBack() ? cores : cores - 1);
}

/** The review was cancelled by its caller: nothing of it was kept. */
export class ReviewCancelled extends ApiFailure {
  constructor(readonly skillUri: string) {
    super('failed', `The content review of ${skillUri} was cancelled; nothing of it was kept.`);
    this.name = 'ReviewCancelled';
  }
}

/** The review could not finish (a rule threw, or its worker thread crashed): nothing of it was kept. */
export class ReviewFailed extends ApiFailure {
  constructor(
    readonly skillUri: string,
    readonly reason: string,
  ) {
    super('failed', `The content review of ${skillUri} could not finish: ${reason}. Nothing of this review was kept; review it again.`);
    this.name = 'ReviewFailed';
  }
}

/** No review can run at all (the built worker is missing, or the pool was closed). */
export class ReviewerUnavailable extends ApiFailure {
  constructor(message: string) {
    super('failed', message);
    this.name = 'ReviewerUnavailable';
  }
}

/**
 * A review, or — when it could not finish (ReviewFailed) — a review that says
 * so: one error, every file not reviewed. For callers that go on with other
 * skills (a folder scan, the command's check); a cancel, or a reviewer that
 * cannot run at all, still rejects.
 */
export async function reviewOrReport(reviewer: ContentReviewer, input: ReviewInput, unread: readonly UnreadFile[] = [], options: ReviewOptions = {}): Promise<ContentReviewResult> {
  try {
    return await reviewer.review(input, unread, options);
  } catch (error) {
    if (!(error instanceof ReviewFailed)) throw error;
    return reviewNotRun(input, unread, `The content review of ${input.skillUri} could not finish: ${error.reason}. Its files were read, but no content rule judged them; review it again.`);
  }
}

/**
 * The pool when a worker is given (the built app, browser mode, the command);
 * in-process otherwise (tests from source). Either way, a review of bytes
 * already reviewed in this run is answered from memory (remembered-reviews.ts).
 */
export function createReviewer(worker: string | undefined, options: Omit<ReviewPoolOptions, 'worker'> = {}): ContentReviewer {
  return rememberReviews(worker === undefined ? inProcessReviewer() : createReviewPool({ ...options, worker }));
}

/** The same review in this thread: for tests that run from source, where no worker is built. */
export function inProcessReviewer(): ContentReviewer {
  return {
    mode: 'in-process',
    async review(input, unread = [], { signal } = {}) {
      // A turn first, as a review handed to a thread would take: callers never see the result synchronously.
      await nextTurn();
      if (signal?.aborted) throw new ReviewCancelled(input.skillUri);
      try {
        // Loaded on the first in-process review only: the rules are most of the app's start-up code otherwise.
        const { runReviewTask } = await import('./review-task.js');
        return await runReviewTask(packReview(input, unread).task);
      } catch (error) {
        throw new ReviewFailed(input.skillUri, describe(error));
      }
    },
    close: async () => undefined,
  };
}

const TIMED_OUT = Symbol('timed out');
const CANCELLED = Symbol('cancelled');

/** A worker stopped while no review was assigned to it yet (it failed to start): the reviews waiting for it fail. */
class WorkerStopped {
  constructor(readonly error: unknown) {}
}

export function createReviewPool(options: ReviewPoolOptions): ReviewPool {
  const threads = Math.max(1, Math.floor(options.threads ?? defaultReviewThreads()));
  const timeoutMs = options.taskTimeoutMs ?? DEFAULT_REVIEW_TIMEOUT_MS;
  const gate = new Gate(threads);
  const running = new Set<AbortController>();
  let pool: Tinypool | undefined;
  let closed = false;

  // Started at the first review, so an app that never reviews starts no thread and a missing worker is reported by the review that needs it.
  function tinypool(): Tinypool {
    if (pool) return pool;
    if (!existsSync(options.worker)) {
      throw new ReviewerUnavailable(`Content reviews cannot run: the review worker ${options.worker} is missing. The installation is incomplete; reinstall the app, or rebuild it (npm run build).`);
    }
    pool = new Tinypool({
      filename: options.worker,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
      concurrentTasksPerWorker: 1,
      // A waiting worker sleeps in its event loop, not in Atomics.wait: its timers and promises keep running.
      useAtomics: false,
    });
    // tinypool reports here a worker that failed before it was given a review (it could not load the worker file):
    // the reviews waiting for a thread would wait forever, so they fail with its error.
    pool.on('error', (error: unknown) => {
      for (const control of running) control.abort(new WorkerStopped(error));
    });
    return pool;
  }

  /** One run of the rules over these files: the result, TIMED_OUT, or a ReviewCancelled / ReviewFailed. */
  async function attempt(input: ReviewInput, unread: readonly UnreadFile[], signal: AbortSignal | undefined): Promise<ContentReviewResult | typeof TIMED_OUT> {
    if (closed) throw closedError();
    await gate.acquire(signal, input.skillUri);
    // The time limit counts the rules only: not the wait for a free thread, nor a thread's start (a fresh thread loads
    // the grammars first, seconds on a busy machine, after one was stopped for a stalled file). The thread says in
    // rulesStarted when the rules begin; a thread that has not begun within START_LIMIT_MS fails the review.
    const control = new AbortController();
    const rulesStarted = { cell: new SharedArrayBuffer(4), sentAt: Date.now() };
    // Elapsed time is this thread's monotonic clock; the thread's wall-clock offset only says how much of it was the start,
    // at most all of it, so a clock change cannot keep a stalled review running.
    const sent = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      const began = Atomics.load(new Int32Array(rulesStarted.cell), 0);
      const elapsed = performance.now() - sent;
      if (began === 0) {
        if (elapsed >= START_LIMIT_MS) control.abort(new WorkerStopped(new Error(`the review thread did not start the rules within ${START_LIMIT_MS / 1000} s`)));
        else timer = setTimeout(check, Math.min(timeoutMs, START_LIMIT_MS - elapsed));
        return;
      }
      const ran = elapsed - Math.min(began - 1, elapsed);
      if (ran >= timeoutMs) control.abort(TIMED_OUT);
      else timer = setTimeout(check, timeoutMs - ran);
    };
    timer = setTimeout(check, timeoutMs);
    const cancel = () => control.abort(CANCELLED);
    if (signal?.aborted) cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    running.add(control);
    try {
      if (control.signal.aborted) throw new Error('cancelled');
      const { task, transfer } = packReview(input, unread);
      return (await tinypool().run({ ...task, rulesStarted }, { transferList: transfer, signal: control.signal })) as ContentReviewResult;
    } catch (error) {
      if (error instanceof ReviewerUnavailable) throw error;
      const reason: unknown = control.signal.aborted ? control.signal.reason : undefined;
      if (reason === TIMED_OUT) return TIMED_OUT;
      if (reason === CANCELLED) throw new ReviewCancelled(input.skillUri);
      if (closed) throw closedError();
      throw new ReviewFailed(input.skillUri, `its review thread failed (${describe(reason instanceof WorkerStopped ? reason.error : error)})`);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      running.delete(control);
      gate.release();
    }
  }

  /**
   * After a review ran out of time: finds the files the rules cannot finish
   * on (each file alone, as many at once as there are threads), reviews the
   * rest, and reports those files as read but not reviewed.
   */
  async function isolateStalled(input: ReviewInput, unread: readonly UnreadFile[], signal: AbortSignal | undefined): Promise<ContentReviewResult> {
    const limit = `${Math.round(timeoutMs / 100) / 10} s`;
    let stalled: readonly ReviewFileInput[] = input.files.length === 1 ? input.files : [];
    if (input.files.length > 1) {
      // One failure (a crash, a cancel) stops the other probes.
      const probes = linkedController(signal);
      try {
        const slow = new Set<ReviewFileInput>();
        await Promise.all(
          input.files.map(async (file) => {
            try {
              if ((await attempt({ ...input, files: [file] }, [], probes.signal)) === TIMED_OUT) slow.add(file);
            } catch (error) {
              probes.abort();
              throw error;
            }
          }),
        );
        stalled = input.files.filter((f) => slow.has(f));
      } finally {
        probes.dispose();
      }
    }
    const each = stalled.length > 0;
    const notReviewed = (files: readonly ReviewFileInput[], reason: string): UnreadFile[] => files.map((f) => ({ uri: f.uri, path: f.path, size: f.bytes.byteLength, reason, stalled: true }));
    const slow = each ? stalled : input.files;
    const rest = input.files.filter((f) => !slow.includes(f));
    const partial = await attempt(
      { ...input, files: rest },
      [...unread, ...notReviewed(slow, each ? `the content rules did not finish on it within ${limit} (a file can be built to stall them), so they were stopped.` : `the content rules did not finish on this skill within ${limit}, though they finished on each of its files alone; they were stopped, and no file of it was reviewed.`)],
      signal,
    );
    if (partial !== TIMED_OUT) return partial;
    // Each file finished alone and the rest together did not: nothing of the skill was reviewed.
    const none = await attempt({ ...input, files: [] }, [...unread, ...notReviewed(input.files, `the content rules did not finish on this skill within ${limit}; they were stopped, and no file of it was reviewed.`)], signal);
    if (none !== TIMED_OUT) return none;
    throw new ReviewFailed(input.skillUri, `the rules did not finish within ${limit}, even with no file left to review`);
  }

  return {
    mode: 'worker-pool',
    get threadCount() {
      return pool?.threads.length ?? 0;
    },
    async review(input, unread = [], { signal } = {}) {
      const whole = await attempt(input, unread, signal);
      return whole !== TIMED_OUT ? whole : isolateStalled(input, unread, signal);
    },
    async close() {
      closed = true;
      gate.close();
      await pool?.destroy();
      pool = undefined;
    },
  };
}

function closedError(): ReviewerUnavailable {
  return new ReviewerUnavailable('The content review was stopped: the app is closing.');
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function linkedController(signal: AbortSignal | undefined): { signal: AbortSignal; abort(): void; dispose(): void } {
  const control = new AbortController();
  const follow = () => control.abort();
  if (signal?.aborted) follow();
  signal?.addEventListener('abort', follow, { once: true });
  return { signal: control.signal, abort: follow, dispose: () => signal?.removeEventListener('abort', follow) };
}

/** At most `size` reviews hold a thread at once; the rest wait in order, and a cancelled one leaves the line. */
class Gate {
  private free: number;
  private readonly waiting: Array<{ resolve(): void; reject(error: Error): void }> = [];

  constructor(size: number) {
    this.free = size;
  }

  async acquire(signal: AbortSignal | undefined, skillUri: string): Promise<void> {
    if (signal?.aborted) throw new ReviewCancelled(skillUri);
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        },
        reject,
      };
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new ReviewCancelled(skillUri));
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next.resolve();
    else this.free++;
  }

  /** Fails every review still waiting for a thread. */
  close(): void {
    for (const waiter of this.waiting.splice(0)) waiter.reject(closedError());
  }
}
