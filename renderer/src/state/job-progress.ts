// Which progress event a job store takes, shared by Verify all and Review all:
// both hear every window's jobs over the same kind of event.

/** What the rule reads of a job: its id, whether it runs, and when it started. */
interface JobLike {
  readonly jobId: string;
  readonly state: string;
  readonly startedAt: string;
}

/**
 * Whether `incoming` replaces `current`: another job does not replace a running
 * one that started later, and a late progress event never reopens an ended job.
 */
export function takesProgress(current: JobLike | undefined, incoming: JobLike): boolean {
  if (current && current.jobId !== incoming.jobId && current.state === 'running' && incoming.startedAt < current.startedAt) return false;
  if (current?.jobId === incoming.jobId && current.state !== 'running' && incoming.state === 'running') return false;
  return true;
}
