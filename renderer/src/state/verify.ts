// Verify one skill, and Verify all as a job the main process runs with
// progress events and cancel. The last job's summary stays until dismissed.
import { create } from 'zustand';
import type { VerifyJob } from '../../../shared/model.js';
import { api, errorMessage } from '../api.js';
import { skillKey } from './catalog.js';
import { takesProgress } from './job-progress.js';

interface VerifyState {
  job?: VerifyJob;
  /** Shown until the user closes the summary. */
  summaryOpen: boolean;
  startError?: string;
  /** Skills being verified one at a time, by skill key. */
  verifying: ReadonlySet<string>;
  verifyErrors: ReadonlyMap<string, string>;
  verifyAll(serverId?: string): Promise<void>;
  cancel(): Promise<void>;
  applyProgress(job: VerifyJob): void;
  /** Asks the main process for jobs still running: a window opened or reloaded mid-job hears no event until the job moves on. */
  loadRunning(): Promise<void>;
  dismiss(): void;
  /** `inspect`: read the rest even though SKILL.md failed ("Read the rest for inspection"); the skill stays unverified. */
  verifySkill(serverId: string, skillUri: string, options?: { inspect?: boolean }): Promise<void>;
  /** Stops a running Verify of one skill; no error is shown for it. */
  cancelVerify(serverId: string, skillUri: string): Promise<void>;
}

/** Verifies the user cancelled, so their failure is not reported as an error. */
const cancelledByUser = new Set<string>();

export const useVerify = create<VerifyState>((set, get) => ({
  summaryOpen: false,
  verifying: new Set(),
  verifyErrors: new Map(),
  async verifyAll(serverId) {
    set({ startError: undefined });
    try {
      const job = await api.call('skills.verifyAll', serverId ? { serverId } : {});
      // Progress may have overtaken the reply: keep the most advanced state of this job.
      const current = get().job;
      if (current?.jobId === job.jobId && current.done >= job.done) set({ summaryOpen: true });
      else set({ job, summaryOpen: true });
    } catch (error) {
      set({ startError: errorMessage(error), summaryOpen: true, job: undefined });
    }
  },
  async cancel() {
    const job = get().job;
    if (!job || job.state !== 'running') return;
    try {
      await api.call('skills.cancelJob', { jobId: job.jobId });
    } catch (error) {
      set({ startError: errorMessage(error) });
    }
  },
  applyProgress(job) {
    const current = get().job;
    if (!takesProgress(current, job)) return;
    set({ job, summaryOpen: true });
  },
  async loadRunning() {
    for (const job of await api.call('skills.runningJobs', {})) {
      // A progress event of this job heard meanwhile is newer than the answer.
      if (get().job?.jobId !== job.jobId) get().applyProgress(job);
    }
  },
  dismiss() {
    set({ summaryOpen: false, startError: undefined });
  },
  async verifySkill(serverId, skillUri, options = {}) {
    const key = skillKey(serverId, skillUri);
    const errors = new Map(get().verifyErrors);
    errors.delete(key);
    set({ verifying: new Set(get().verifying).add(key), verifyErrors: errors });
    cancelledByUser.delete(key);
    try {
      await api.call('skills.verify', { serverId, skillUri, ...(options.inspect ? { inspect: true } : {}) });
    } catch (error) {
      if (!cancelledByUser.has(key)) set({ verifyErrors: new Map(get().verifyErrors).set(key, errorMessage(error)) });
    } finally {
      cancelledByUser.delete(key);
      const verifying = new Set(get().verifying);
      verifying.delete(key);
      set({ verifying });
    }
  },
  async cancelVerify(serverId, skillUri) {
    const key = skillKey(serverId, skillUri);
    cancelledByUser.add(key);
    try {
      await api.call('skills.cancelVerify', { serverId, skillUri });
    } catch (error) {
      cancelledByUser.delete(key);
      set({ verifyErrors: new Map(get().verifyErrors).set(key, errorMessage(error)) });
    }
  },
}));
