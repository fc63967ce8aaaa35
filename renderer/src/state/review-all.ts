// Review all as a job the main process runs (review.startAll): its progress
// events, the skill at work, cancel, and the summary of the last job, shown
// until dismissed. The verdicts themselves reach the catalog as the skills'
// updated views; this store only follows the job.
import { create } from 'zustand';
import type { ReviewJob } from '../../../shared/review-job.js';
import { api, errorMessage } from '../api.js';
import { takesProgress } from './job-progress.js';

interface ReviewAllState {
  job?: ReviewJob;
  /** Why the last Review all could not start. */
  startError?: string;
  /** The job's card is shown (it opens when a job starts; the user may fold it away while the job runs). */
  cardOpen: boolean;
  /** Reviews every skill of one server, or of every connected server. */
  start(serverId?: string): Promise<void>;
  cancel(): Promise<void>;
  applyProgress(job: ReviewJob): void;
  /** Asks the main process for jobs still running: a window opened or reloaded mid-job hears no event until the job moves on. */
  loadRunning(): Promise<void>;
  setCardOpen(open: boolean): void;
  /** Closes the summary of an ended job (or a start error). */
  dismiss(): void;
}

export const useReviewAll = create<ReviewAllState>((set, get) => ({
  cardOpen: false,
  async start(serverId) {
    if (get().job?.state === 'running') return;
    set({ startError: undefined, cardOpen: true });
    try {
      const job = await api.call('review.startAll', serverId !== undefined ? { serverId } : {});
      // Progress may have overtaken the reply: keep the most advanced state of this job.
      const current = get().job;
      if (!(current?.jobId === job.jobId && (current.done >= job.done || current.state !== 'running'))) set({ job });
    } catch (error) {
      set({ startError: errorMessage(error), job: undefined });
    }
  },
  async cancel() {
    const job = get().job;
    if (!job || job.state !== 'running') return;
    try {
      await api.call('review.cancelAll', { jobId: job.jobId });
    } catch (error) {
      set({ startError: errorMessage(error) });
    }
  },
  applyProgress(job) {
    const current = get().job;
    if (!takesProgress(current, job)) return;
    const opened = current?.jobId !== job.jobId;
    set({ job, ...(opened ? { cardOpen: true, startError: undefined } : {}) });
  },
  async loadRunning() {
    for (const job of await api.call('review.runningJobs', {})) {
      // A progress event of this job heard meanwhile is newer than the answer.
      if (get().job?.jobId !== job.jobId) get().applyProgress(job);
    }
  },
  setCardOpen(open) {
    set({ cardOpen: open });
  },
  dismiss() {
    if (get().job?.state === 'running') {
      set({ cardOpen: false });
      return;
    }
    set({ job: undefined, startError: undefined, cardOpen: false });
  },
}));

/**
 * The job's line in words: "Reviewing 3 of 10 skills", "Reviewed 10 skills",
 * "Review all cancelled after 3 of 10 skills". A job that could not review
 * some of its skills (their server was removed or disconnected, a read
 * failed) says how many it did review: "Reviewed 1 of 6 skills", never
 * "Reviewed 6 skills". With no skill listed there was nothing to review, and it says so.
 */
export function reviewJobHeadline(job: ReviewJob): string {
  const of = `${job.done.toLocaleString()} of ${job.total.toLocaleString()} skill${job.total === 1 ? '' : 's'}`;
  if (job.state === 'running') return `Reviewing ${of}`;
  if (job.state === 'cancelled') return `Review all cancelled after ${of}`;
  if (job.total === 0) return 'No skills to review';
  const reviewed = job.done - job.notReviewed;
  if (reviewed < job.total) return `Reviewed ${reviewed.toLocaleString()} of ${job.total.toLocaleString()} skill${job.total === 1 ? '' : 's'}`;
  return `Reviewed ${reviewed.toLocaleString()} skill${reviewed === 1 ? '' : 's'}`;
}
