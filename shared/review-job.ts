// Review all as a job: every skill of the chosen servers read once (through
// the same skill pass as a single review) and reviewed, with progress, the
// skill at work, a tally of the verdicts that landed, and cancel. Plain JSON:
// it crosses the contract as `review.job` events and the results of
// `review.startAll` / `review.cancelAll`.

/** A skill the job is reading or reviewing. */
export interface ReviewJobSkill {
  readonly serverId: string;
  readonly skillUri: string;
  readonly name: string;
}

/** Why a skill of the job has no new review: it keeps the one it had, or none. */
export interface ReviewJobProblem extends ReviewJobSkill {
  readonly message: string;
}

export interface ReviewJob {
  readonly jobId: string;
  readonly serverIds: readonly string[];
  /** Skills the job set out to review. */
  readonly total: number;
  /** Skills finished: a new review landed, or the skill could not be reviewed (`notReviewed`). */
  readonly done: number;
  /** Of the reviews that landed, by verdict (shared/verdict.ts). */
  readonly risky: number;
  readonly needsLook: number;
  readonly clean: number;
  /** Skills whose review could not finish (gone from the listing, a read or the rules failed): no new review, the previous one kept. */
  readonly notReviewed: number;
  readonly state: 'running' | 'done' | 'cancelled';
  readonly startedAt: string;
  readonly finishedAt?: string;
  /** The skill the job most recently started on (absent once it ended). */
  readonly current?: ReviewJobSkill;
  /** The first few skills that could not be reviewed, and why. */
  readonly problems: readonly ReviewJobProblem[];
}

/** How many problems a job keeps to show (the count is in `notReviewed`). */
export const REVIEW_JOB_PROBLEMS_KEPT = 20;
