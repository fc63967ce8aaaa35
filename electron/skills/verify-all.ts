// Verify all as a job: every file of every skill of the chosen servers, read
// with bounded concurrency (SKILL.md first within each skill), progress pushed
// at most every 100 ms, cancellable, and a count per outcome when it ends.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Settings, VerifyJob } from '../../shared/model.js';
import { forEachPulled } from './concurrency.js';
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
    // The skills' URIs, per server: the files are listed skill by skill as the job reaches them, never all at once
    // (at 10,000 skills a list of every file was 50,000 objects held for the whole job).
    const skills = targets.map((rpc) => ({ rpc, uris: [...this.host.server(rpc.serverId).records.keys()] }));
    let job: VerifyJob = {
      jobId: randomUUID(),
      serverIds: targets.map((t) => t.serverId),
      total: skills.reduce((sum, s) => sum + s.uris.length, 0),
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
      const finishSkill = (rpc: Rpc, skillUri: string) => {
        const record = this.host.server(rpc.serverId).record(skillUri);
        const status = record ? statusOf(record) : 'mismatch';
        tally.done++;
        if (status === 'verified') tally.verified++;
        else if (status === 'mismatch' || status === 'invalid') tally.failed++;
        else if (status === 'unverifiable') tally.unverifiable++;
        emit();
      };
      /** Every skill in turn, as (server, URI). */
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
      if (options.withGet) {
        await forEachPulled(nextSkill, this.host.settings().readConcurrency, async ({ rpc, uri }) => {
          await this.host.confirmWithGet(rpc, uri, abort.signal).catch(() => undefined);
        }, abort.signal);
        target = 0;
        index = 0;
      }
      // The skill whose files are being handed out; each file carries its skill's count of files left, so finishing one needs no lookup.
      let current: { rpc: Rpc; skillUri: string; files: string[]; next: number; skill: { left: number } } | undefined;
      const nextFile = (): { rpc: Rpc; skillUri: string; fileUri: string; skill: { left: number } } | undefined => {
        for (;;) {
          if (current && current.next < current.files.length) {
            return { rpc: current.rpc, skillUri: current.skillUri, fileUri: current.files[current.next++]!, skill: current.skill };
          }
          const next = nextSkill();
          if (!next) return undefined;
          const record = this.host.server(next.rpc.serverId).record(next.uri);
          // Gone since the job started (relisted away): counted, as a failure.
          const list = record ? filesInReadingOrder(record) : [];
          if (list.length === 0) {
            finishSkill(next.rpc, next.uri);
            continue;
          }
          current = { rpc: next.rpc, skillUri: next.uri, files: list, next: 0, skill: { left: list.length } };
        }
      };
      await forEachPulled(
        nextFile,
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
