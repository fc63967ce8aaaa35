// Review all as a job: every skill of the chosen servers read through one
// skill pass each — SKILL.md first, nothing else of a skill whose SKILL.md
// fails (as a host reads), SKILL.md once more on purpose — and reviewed in the
// review pool, off the main thread. Several skills are read at once
// (Settings.readConcurrency) while earlier ones are reviewed; a file two
// skills of the job list is read once (SharedReads), and every read counts
// against the job's byte budget too. Each review lands the way
// review.scanSkill's does (the lander), so verdicts fill the catalog as they
// arrive. Cancel starts no new skill, drops every pass and review still in
// flight, and keeps what finished: a skill has its complete new review, or the
// one it had before — never part of one.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Settings } from '../../shared/model.js';
import { REVIEW_JOB_PROBLEMS_KEPT, type ReviewJob, type ReviewJobProblem, type ReviewJobSkill } from '../../shared/review-job.js';
import type { SkillReview } from '../../shared/review-model.js';
import { severityCounts, verdictOf, type Verdict } from '../../shared/verdict.js';
import { ApiFailure } from '../api-failure.js';
import { forEachPulled } from '../skills/concurrency.js';
import type { SkillsEngine } from '../skills/engine.js';
import type { Rpc } from '../skills/rpc.js';
import { SharedReads } from '../skills/shared-reads.js';
import { jobBudget, type PassOptions } from '../skills/skill-pass.js';
import { runSkillPass, type PassResult } from '../skills/skill-passes.js';
import { ReviewCancelled } from './review-pool.js';

/** Lands one skill's review from its pass, as review.scanSkill does; rejects when the review did not finish. */
export type ReviewLander = (serverId: string, pass: PassResult, signal: AbortSignal) => Promise<SkillReview>;

/** What a Review all job needs from the app. */
export interface ReviewAllHost {
  settings(): Settings;
  readonly engine: SkillsEngine;
  /** A lander for one job (what it needs once per job, the name clashes, it finds once). */
  lander(): ReviewLander;
  emit(job: ReviewJob): void;
}

interface RunningJob {
  job: ReviewJob;
  readonly abort: AbortController;
  readonly ended: Promise<ReviewJob>;
}

/** How often a running job's progress is pushed, at most. */
const PROGRESS_MS = 100;

export class ReviewAllJobs {
  private readonly jobs = new Map<string, RunningJob>();

  constructor(private readonly host: ReviewAllHost) {}

  get(jobId: string): ReviewJob | undefined {
    return this.jobs.get(jobId)?.job;
  }

  /** Every job still running, oldest first. */
  running(): ReviewJob[] {
    return [...this.jobs.values()].map((j) => j.job).filter((job) => job.state === 'running');
  }

  /** The job as it ends (done or cancelled). */
  ended(jobId: string): Promise<ReviewJob> {
    const entry = this.jobs.get(jobId);
    if (!entry) throw new ApiFailure('not-found', `No Review all job has the id ${jobId}.`);
    return entry.ended;
  }

  cancel(jobId: string): ReviewJob {
    const entry = this.jobs.get(jobId);
    if (!entry) throw new ApiFailure('not-found', `No Review all job has the id ${jobId}.`);
    entry.abort.abort();
    return entry.job;
  }

  /** Cancels every running job and waits for each to end (the app is closing). */
  async close(): Promise<void> {
    const running = [...this.jobs.values()].filter((j) => j.job.state === 'running');
    for (const j of running) j.abort.abort();
    await Promise.all(running.map((j) => j.ended));
  }

  start(targets: readonly Rpc[]): ReviewJob {
    // A job already reading every one of these servers is the one asked for: a window reloaded mid-job (it has heard
    // nothing of the job yet) or another window pressing Review all follows it, rather than reading and reviewing the
    // same skills a second time beside it.
    const covering = targets.length === 0 ? undefined : [...this.jobs.values()].find((j) => j.job.state === 'running' && targets.every((t) => j.job.serverIds.includes(t.serverId)));
    if (covering) return covering.job;
    const { engine } = this.host;
    const abort = new AbortController();
    const concurrency = Math.max(1, this.host.settings().readConcurrency);
    // Every read and review in flight listens on this one signal.
    setMaxListeners(Math.max(10, concurrency * 3 + 4), abort.signal);
    // URIs per server, taken now: a skill listed later is not part of this job; one relisted away is reported as gone.
    const skills = targets.map((rpc) => ({ rpc, uris: [...engine.server(rpc.serverId).records.keys()] }));
    const passOptions: PassOptions = { jobBudget: jobBudget(() => this.host.settings()), sharedReads: SharedReads.of(targets.map((rpc) => engine.server(rpc.serverId))) };
    const land = this.host.lander();

    let job: ReviewJob = {
      jobId: randomUUID(),
      serverIds: targets.map((t) => t.serverId),
      total: skills.reduce((n, s) => n + s.uris.length, 0),
      done: 0,
      risky: 0,
      needsLook: 0,
      clean: 0,
      notReviewed: 0,
      state: 'running',
      startedAt: new Date().toISOString(),
      problems: [],
    };
    // Counted here, copied into a job object only when one is pushed.
    const tally = { done: 0, risky: 0, needsLook: 0, clean: 0, notReviewed: 0 };
    const problems: ReviewJobProblem[] = [];
    let current: ReviewJobSkill | undefined;
    let lastEmit = 0;
    let resolveEnded: (job: ReviewJob) => void = () => undefined;
    const entry: RunningJob = { job, abort, ended: new Promise<ReviewJob>((resolve) => (resolveEnded = resolve)) };
    const emit = (force = false) => {
      const now = Date.now();
      if (!force && now - lastEmit < PROGRESS_MS) return;
      lastEmit = now;
      const { current: _previous, ...base } = job;
      job = { ...base, ...tally, problems: [...problems], ...(current && base.state === 'running' ? { current } : {}) };
      entry.job = job;
      this.host.emit(job);
    };
    this.jobs.set(job.jobId, entry);
    this.host.emit(job);

    const problem = (skill: ReviewJobSkill, error: unknown) => {
      tally.done++;
      tally.notReviewed++;
      if (problems.length < REVIEW_JOB_PROBLEMS_KEPT) problems.push({ ...skill, message: error instanceof Error ? error.message : String(error) });
      emit();
    };
    const landed = (verdict: Verdict) => {
      tally.done++;
      if (verdict === 'risky') tally.risky++;
      else if (verdict === 'needs-look') tally.needsLook++;
      else if (verdict === 'clean-as-checked') tally.clean++;
      emit();
    };

    /** The verdict the catalog shows for the skill now, from the engine's view (or from the review itself, before the engine knows it). */
    const verdictAfter = (serverId: string, review: SkillReview): Verdict => {
      const record = engine.record(serverId, review.skillUri);
      if (!record) return verdictOf({ status: 'mismatch' });
      const view = engine.view(serverId, record);
      if (view.review && view.review.reviewedAt === review.reviewedAt) return view.verdict;
      return verdictOf({ status: view.status, review: { ...severityCounts(review.findings), complete: review.complete } });
    };

    // At most this many reviews wait or run at once; reading goes on while they do, within that bound (their bytes are held until reviewed).
    const slots = new Slots(concurrency);
    const reviews = new Set<Promise<void>>();

    let target = 0;
    let index = 0;
    const nextSkill = (): { rpc: Rpc; uri: string } | undefined => {
      while (target < skills.length) {
        const { rpc, uris } = skills[target]!;
        if (index < uris.length) return { rpc, uri: uris[index++]! };
        target++;
        index = 0;
      }
      return undefined;
    };

    void (async () => {
      await forEachPulled(
        nextSkill,
        concurrency,
        async ({ rpc, uri }) => {
          const serverId = rpc.serverId;
          const record = engine.record(serverId, uri);
          const name = typeof record?.entry.frontmatter['name'] === 'string' ? record.entry.frontmatter['name'] : uri;
          const skill: ReviewJobSkill = { serverId, skillUri: uri, name };
          if (!record) {
            problem(skill, new Error(`${uri} is no longer listed by its server, so it was not reviewed.`));
            return;
          }
          current = skill;
          emit();
          let pass: PassResult;
          try {
            // The pass's reads queue their views for the engine's next batched push; the landed review re-sends the skill.
            pass = await runSkillPass(engine, rpc, uri, { ...passOptions, withGet: false, keepBytes: true, secondRead: true, signal: abort.signal });
          } catch (error) {
            // A cancelled read throws: the skill keeps the review it had.
            if (!abort.signal.aborted) problem(skill, error);
            return;
          }
          // Cancelled during the pass: what it read is not reviewed, so no review of part of the skill lands.
          if (abort.signal.aborted) return;
          if (!(await slots.acquire(abort.signal))) return;
          const review = (async () => {
            try {
              const kept = await land(serverId, pass, abort.signal);
              landed(verdictAfter(serverId, kept));
            } catch (error) {
              if (!(error instanceof ReviewCancelled) && !abort.signal.aborted) problem(skill, error);
            } finally {
              slots.release();
            }
          })();
          reviews.add(review);
          void review.finally(() => reviews.delete(review));
        },
        abort.signal,
      );
      // Reviews still running finish (or, cancelled, leave nothing) before the job says it ended.
      while (reviews.size > 0) await Promise.all([...reviews]);
      current = undefined;
      job = { ...job, state: abort.signal.aborted ? 'cancelled' : 'done', finishedAt: new Date().toISOString() };
      emit(true);
      resolveEnded(job);
    })();
    return job;
  }
}

/** A counting semaphore whose wait gives up when the signal aborts. */
class Slots {
  private waiting: Array<(ok: boolean) => void> = [];

  constructor(private free: number) {}

  /** Takes a slot; false when the signal aborted first (no slot taken). */
  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const waiter = (ok: boolean) => {
        signal.removeEventListener('abort', leave);
        resolve(ok);
      };
      const leave = () => {
        this.waiting = this.waiting.filter((w) => w !== waiter);
        resolve(false);
      };
      signal.addEventListener('abort', leave, { once: true });
      this.waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.free++;
  }
}
