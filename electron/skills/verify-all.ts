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
    let lastEmit = 0;
    const emit = (force = false) => {
      const now = Date.now();
      if (force || now - lastEmit > 100) {
        lastEmit = now;
        entry.job = job;
        this.host.emitJob(job);
      }
    };
    void (async () => {
      const remaining = new Map<string, number>();
      const files: Array<{ rpc: Rpc; skillUri: string; fileUri: string }> = [];
      for (const { rpc, uri } of skills) {
        const record = this.host.server(rpc.serverId).record(uri);
        if (!record) continue;
        const list = filesInReadingOrder(record);
        remaining.set(`${rpc.serverId}\n${uri}`, list.length);
        for (const fileUri of list) files.push({ rpc, skillUri: uri, fileUri });
        if (list.length === 0) remaining.set(`${rpc.serverId}\n${uri}`, 0);
      }
      const finishSkill = (rpc: Rpc, skillUri: string) => {
        const state = this.host.server(rpc.serverId);
        const record = state.record(skillUri);
        const status = record ? statusOf(record) : 'mismatch';
        job = {
          ...job,
          done: job.done + 1,
          verified: job.verified + (status === 'verified' ? 1 : 0),
          failed: job.failed + (status === 'mismatch' || status === 'invalid' ? 1 : 0),
          unverifiable: job.unverifiable + (status === 'unverifiable' ? 1 : 0),
        };
        emit();
      };
      for (const [key, count] of remaining) {
        if (count === 0) {
          const [serverId, uri] = key.split('\n') as [string, string];
          const rpc = targets.find((t) => t.serverId === serverId);
          if (rpc) finishSkill(rpc, uri);
        }
      }
      if (options.withGet) {
        await forEachLimited(skills, this.host.settings().readConcurrency, async ({ rpc, uri }) => {
          await this.host.confirmWithGet(rpc, uri, abort.signal).catch(() => undefined);
        }, abort.signal);
      }
      await forEachLimited(
        files,
        this.host.settings().readConcurrency,
        async ({ rpc, skillUri, fileUri }) => {
          try {
            await this.host.readFile(rpc, skillUri, fileUri, abort.signal);
          } catch {
            // readFile reports into the record; a thrown error means the skill vanished.
          }
          const key = `${rpc.serverId}\n${skillUri}`;
          const left = (remaining.get(key) ?? 1) - 1;
          remaining.set(key, left);
          if (left === 0) finishSkill(rpc, skillUri);
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
