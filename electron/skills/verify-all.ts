// Verify all as a job: every file of every skill of the chosen servers, read
// with bounded concurrency through one skill pass per skill (SKILL.md first;
// the rest only once it checked out, as a host would; the directory walked
// where the server offers it), every read counted against the job's byte
// budget as well as the skill's and the server's. Progress is pushed at most
// every 100 ms, the job can be cancelled, and it ends with a count per outcome.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { finding } from '../../shared/findings.js';
import type { FileCheck, Settings, VerifyJob } from '../../shared/model.js';
import { isoNow } from './clock.js';
import { forEachPulledUntilIdle } from './concurrency.js';
import { statusOf, type ServerSkills } from './registry.js';
import { ClosedByApp, type Rpc } from './rpc.js';
import { SharedReads } from './shared-reads.js';
import { jobBudget, type PassOptions, type SkillPass } from './skill-pass.js';

/** What a job needs from the engine. */
export interface VerifyAllHost {
  settings(): Settings;
  server(serverId: string): ServerSkills;
  /** A pass over the skill for this job, or undefined when the skill is gone. */
  beginPass(rpc: Rpc, skillUri: string, options: PassOptions): SkillPass | undefined;
  readFile(rpc: Rpc, pass: SkillPass, fileUri: string, signal: AbortSignal): Promise<{ readonly check: FileCheck }>;
  walkDirectory(rpc: Rpc, pass: SkillPass, signal: AbortSignal): Promise<unknown>;
  confirmWithGet(rpc: Rpc, skillUri: string, signal: AbortSignal): Promise<unknown>;
  emitJob(job: VerifyJob): void;
  /** Pushes the skills' updated views right away (at the end of a job). */
  flush(): void;
}

/** One skill in the job: its pass, which of its files was handed out last, and how many are still out. */
interface SkillInJob {
  readonly rpc: Rpc;
  readonly pass: SkillPass;
  /** The next file to hand out (index into pass.files, after SKILL.md), or files.length + 1 once the directory walk is handed out too. */
  next: number;
  /** Whether the directory walk is still to be handed out. */
  walk: boolean;
  /** Reads and walks handed out or still to hand out, not yet finished. */
  left: number;
}

type Work = { readonly skill: SkillInJob; readonly fileUri?: string };

export class VerifyAllJobs {
  private readonly jobs = new Map<string, { job: VerifyJob; abort: AbortController }>();

  constructor(private readonly host: VerifyAllHost) {}

  get(jobId: string): VerifyJob | undefined {
    return this.jobs.get(jobId)?.job;
  }

  /** Every job still running, oldest first (as last pushed: the figures of its latest progress event). */
  running(): VerifyJob[] {
    return [...this.jobs.values()].map((j) => j.job).filter((job) => job.state === 'running');
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
    const skills = targets.map((rpc) => ({ rpc, uris: [...this.host.server(rpc.serverId).records.keys()], walks: Boolean(this.host.server(rpc.serverId).capability?.directoryRead) }));
    // One budget for the job, and one read for a file two of its skills list (a skill and the one nested in it).
    const passOptions: PassOptions = { jobBudget: jobBudget(() => this.host.settings()), sharedReads: SharedReads.of(targets.map((rpc) => this.host.server(rpc.serverId))) };
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
      const nextSkill = (): { rpc: Rpc; uri: string; walks: boolean } | undefined => {
        while (target < skills.length) {
          const { rpc, uris, walks } = skills[target]!;
          if (index < uris.length) return { rpc, uri: uris[index++]!, walks };
          target++;
          index = 0;
        }
        return undefined;
      };
      if (options.withGet) {
        await forEachPulledUntilIdle(nextSkill, this.host.settings().readConcurrency, async ({ rpc, uri }) => {
          await this.host.confirmWithGet(rpc, uri, abort.signal).catch(() => undefined);
        }, abort.signal);
        target = 0;
        index = 0;
      }
      // Skills whose SKILL.md checked out, with files still to hand out: served before any new skill is started,
      // so the job holds a few skills at a time, not all of them.
      const ready: SkillInJob[] = [];
      const nextWork = (): Work | undefined => {
        for (;;) {
          const head = ready[0];
          if (head) {
            const { files } = head.pass;
            if (head.next < files.length) return { skill: head, fileUri: files[head.next++]! };
            ready.shift();
            if (head.walk) {
              head.walk = false;
              return { skill: head };
            }
            continue;
          }
          const next = nextSkill();
          if (!next) return undefined;
          const pass = this.host.beginPass(next.rpc, next.uri, passOptions);
          // Gone since the job started (relisted away): counted, as a failure.
          if (!pass) {
            finishSkill(next.rpc, next.uri);
            continue;
          }
          // SKILL.md alone: the rest waits for its verdict.
          return { skill: { rpc: next.rpc, pass, next: 1, walk: next.walks, left: 1 }, fileUri: pass.skillMd };
        }
      };
      const done = (skill: SkillInJob) => {
        if (--skill.left === 0) finishSkill(skill.rpc, skill.pass.record.entry.uri);
      };
      await forEachPulledUntilIdle(
        nextWork,
        this.host.settings().readConcurrency,
        async ({ skill, fileUri }) => {
          const { rpc, pass } = skill;
          if (fileUri === undefined) {
            await this.host.walkDirectory(rpc, pass, abort.signal).catch(() => undefined);
            done(skill);
            return;
          }
          let check: FileCheck | undefined;
          try {
            check = (await this.host.readFile(rpc, pass, fileUri, abort.signal)).check;
          } catch (error) {
            // readFile reports into the record; a thrown error means the skill vanished, the job was cancelled, or
            // the read broke. In the last case this job accepted no bytes of the file: the check an earlier job left
            // (verified, say) must not stand and be counted, so the file fails here, for this job. A read the app's own
            // disconnect cut short is no failure of the server's: nothing is recorded (the skill is left as it was).
            if (!abort.signal.aborted && !(error instanceof ClosedByApp)) check = this.failThrownRead(rpc, pass, fileUri, error);
          }
          if (fileUri === pass.skillMd && skill.next === 1 && !abort.signal.aborted) {
            // Its verdict decides the rest: read it (and walk the directory) only if SKILL.md checked out.
            if (check && pass.admitsRest(this.host.server(rpc.serverId), check)) {
              skill.left += pass.files.length - 1 + (skill.walk ? 1 : 0);
              if (skill.left > 1) ready.push(skill);
            } else {
              skill.walk = false;
            }
          }
          done(skill);
        },
        abort.signal,
      );
      // The skills' last updates go out before the job's end: a summary read off the catalog then counts them.
      this.host.flush();
      job = { ...job, state: abort.signal.aborted ? 'cancelled' : 'done', finishedAt: new Date().toISOString() };
      emit(true);
    })();
    return job;
  }

  /** Records a read that threw as a failed read of the file, on the skill's record when it is still the one listed. */
  private failThrownRead(rpc: Rpc, pass: SkillPass, fileUri: string, error: unknown): FileCheck | undefined {
    const state = this.host.server(rpc.serverId);
    const skillUri = pass.record.entry.uri;
    // Relisted away (or replaced) since the job started: finishSkill counts it, and the new record owes this job nothing.
    if (state.record(skillUri) !== pass.record) return undefined;
    const reason = error instanceof Error ? error.message : String(error);
    const message = `Reading ${fileUri} failed (${reason}); no bytes of it were accepted in this Verify all, so it is not verified.`;
    const check: FileCheck = { state: 'failed', reason: 'read-error', message, checkedAt: isoNow() };
    state.setFile(pass.record, fileUri, check, [finding('inspector-read-failed', message, { serverId: rpc.serverId, skillUri, fileUri })]);
    return check;
  }
}
