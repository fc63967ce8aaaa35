// Verify all as a job: every file of every skill of the chosen servers, read
// with bounded concurrency (SKILL.md first within each skill), progress pushed
// at most every 100 ms, cancellable, and a count per outcome when it ends.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Settings, VerifyJob } from '../../shared/model.js';
import { forEachLimited } from './concurrency.js';
import { filesInReadingOrder, statusOf, type ServerSkills } from './registry.js';
import type { Rpc } from './rpc.js';

/** What a job needs from the engine. */
export interface VerifyAllHost {
  settings(): Settings;
  server(serverId: string): ServerSkills;
  readFile(rpc: Rpc, skillUri: string, fileUri: string, signal: AbortSignal): Promise<unknown>;
  confirmWithGet(rpc: Rpc, skillUri: string, signal: AbortSignal): Promise<unknown>;
  emitJob(job: VerifyJob): void;
  /** Pushes the skills' updated views right away (at the end of a job). */
  flush(): void;
}

export class VerifyAllJobs {
  private readonly jobs = new Map<string, { job: VerifyJob; abort: AbortController }>();

  constructor(private readonly host: VerifyAllHost) {}

  get(jobId: string): VerifyJob | undefined {
    return this.jobs.get(jobId)?.job;
  }

  cancel(jobId: string): VerifyJob {
    const entry = this.jobs.get(jobId);
    if (!entry) throw new Error(`No verify job with id ${jobId}.`);
    entry.abort.abort();
    return entry.job;
  }

  start(targets: readonly Rpc[], options: { withGet?: boolean } = {}): VerifyJob {
    const abort = new AbortController();
    // Every read in flight listens on this one signal; a concurrency above 10 is not a leak.
    setMaxListeners(Math.max(10, this.host.settings().readConcurrency + 2), abort.signal);
    const skills: Array<{ rpc: Rpc; uri: string }> = [];
    for (const rpc of targets) for (const uri of this.host.server(rpc.serverId).records.keys()) skills.push({ rpc, uri });
    let job: VerifyJob = {
      jobId: randomUUID(),
      serverIds: targets.map((t) => t.serverId),
      total: skills.length,
      done: 0,
      verified: 0,
      failed: 0,
      unverifiable: 0,
      state: 'running',
      startedAt: new Date().toISOString(),
    };
    const entry = { job, abort };
    this.jobs.set(job.jobId, entry);
    this.host.emitJob(job);
    // Counted here and copied into a job object only when one is pushed: a copy per skill was a measurable cost at 10,000.
    const tally = { done: 0, verified: 0, failed: 0, unverifiable: 0 };
    let lastEmit = 0;
    const emit = (force = false) => {
      const now = Date.now();
      if (force || now - lastEmit > 100) {
        lastEmit = now;
        job = { ...job, ...tally };
        entry.job = job;
        this.host.emitJob(job);
      }
    };
    void (async () => {
      // Each file carries its skill's count of files left, so finishing one needs no lookup.
      const files: Array<{ rpc: Rpc; skillUri: string; fileUri: string; skill: { left: number } }> = [];
      const finishSkill = (rpc: Rpc, skillUri: string) => {
        const record = this.host.server(rpc.serverId).record(skillUri);
        const status = record ? statusOf(record) : 'mismatch';
        tally.done++;
        if (status === 'verified') tally.verified++;
        else if (status === 'mismatch' || status === 'invalid') tally.failed++;
        else if (status === 'unverifiable') tally.unverifiable++;
        emit();
      };
      for (const { rpc, uri } of skills) {
        const record = this.host.server(rpc.serverId).record(uri);
        if (!record) continue;
        const list = filesInReadingOrder(record);
        const skill = { left: list.length };
        for (const fileUri of list) files.push({ rpc, skillUri: uri, fileUri, skill });
        if (list.length === 0) finishSkill(rpc, uri);
      }
      if (options.withGet) {
        await forEachLimited(skills, this.host.settings().readConcurrency, async ({ rpc, uri }) => {
          await this.host.confirmWithGet(rpc, uri, abort.signal).catch(() => undefined);
        }, abort.signal);
      }
      await forEachLimited(
        files,
        this.host.settings().readConcurrency,
        async ({ rpc, skillUri, fileUri, skill }) => {
          try {
            await this.host.readFile(rpc, skillUri, fileUri, abort.signal);
          } catch {
            // readFile reports into the record; a thrown error means the skill vanished.
          }
          if (--skill.left === 0) finishSkill(rpc, skillUri);
        },
        abort.signal,
      );
      job = { ...job, state: abort.signal.aborted ? 'cancelled' : 'done', finishedAt: new Date().toISOString() };
      emit(true);
      this.host.flush();
    })();
    return job;
  }
}
