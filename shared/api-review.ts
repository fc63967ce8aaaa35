// The review part of the contract: content-risk findings, plain-language
// summaries, local skill folders and name collisions across origins.
//
// Local skill folders are origins like servers. An origin's id is
// `local:<absolute folder>`; its skills are SkillEntry values with that id as
// `serverId`, `source: 'local'`, `scheme: 'file'` and file: URIs. They are
// pushed with the core `skills.listed` event (a fresh listing per folder scan:
// `replace: true, done: true`; an empty one when a folder is removed) and
// also returned by `review.localSkills`. Their files are read with
// `review.readLocalFile` (the `skills.*` methods are for servers).
import { z } from 'zod';
import type { FileContent, SkillEntry } from './model.js';
import type { CollisionReport, LocalOrigin, SkillReview } from './review-model.js';
import { LOCAL_ORIGIN_PREFIX } from './review-model.js';
import type { ReviewJob } from './review-job.js';

/** A server id or a local origin id (which holds a folder path, so it may be long). */
const originId = z.string().min(1, 'a server or local origin id is required').max(4300);
const localId = z
  .string()
  .max(4300)
  .refine((v) => v.startsWith(LOCAL_ORIGIN_PREFIX) && v.length > LOCAL_ORIGIN_PREFIX.length, { message: `a local origin id ("${LOCAL_ORIGIN_PREFIX}<folder>") is required` });
const uri = z.string().min(1, 'a URI is required').max(8192);
const folder = z.string().trim().min(1, 'a folder path is required').max(4096);
const jobId = z.string().min(1, 'a job id is required').max(200);

export const REVIEW_PARAMS = {
  /**
   * Reads every file of one skill (SKILL.md first; from its server with the
   * usual verification, or again from disk for a local origin), runs the
   * content-risk rules and writes the summary. An explicit action: it is the
   * only review method that reads a server's files.
   */
  /** `inspect`: review the rest of a server's skill even though its SKILL.md failed; never makes it verified. */
  'review.scanSkill': z.object({ serverId: originId, skillUri: uri, inspect: z.boolean().optional() }).strict(),
  /** The last review of a skill, without reading anything; null when it was never reviewed. */
  'review.get': z.object({ serverId: originId, skillUri: uri }).strict(),
  /** Every local skills folder (well-known ones and those the user added). Scans them the first time. */
  'review.localOrigins': z.object({}).strict(),
  /** The skills found in local folders (all, or one origin's). Scans the folders the first time. */
  'review.localSkills': z.object({ originId: localId.optional() }).strict(),
  /**
   * Adds a folder: `skills` = a folder of skill folders; `project` = a project
   * whose .claude/skills, .agents/skills, .gemini/skills, .goose/skills and
   * .github/skills become origins; `auto` picks `project` when one of those exists.
   */
  'review.addLocalFolder': z.object({ path: folder, as: z.enum(['auto', 'skills', 'project']).default('auto') }).strict(),
  /** Removes a folder the user added (by its path or origin id); well-known folders cannot be removed. */
  'review.removeLocalFolder': z.object({ path: folder }).strict(),
  /** Scans local folders again (all, or one). */
  'review.rescanLocal': z.object({ originId: localId.optional() }).strict(),
  /** One file of a local skill, as read at its last scan. */
  'review.readLocalFile': z.object({ serverId: localId, skillUri: uri, fileUri: uri }).strict(),
  /** Name clashes across every server's listing and every local folder. Reads no server file. */
  'review.collisions': z.object({}).strict(),
  /**
   * Review all: reads and reviews every skill of one connected server, or of
   * every connected server, as one job (progress as `review.job`). Each file
   * is read once per job (SKILL.md a second time on purpose, as in every
   * review), each review lands as review.scanSkill's does, and a skill whose
   * review did not finish keeps its previous review, or none.
   */
  'review.startAll': z.object({ serverId: originId.optional() }).strict(),
  /** Stops a Review all: no new skill is started; reviews already finished stay, unfinished ones leave nothing behind. */
  'review.cancelAll': z.object({ jobId }).strict(),
  /** The Review all jobs still running, oldest first: a window opened or reloaded mid-job shows its progress and can cancel it. */
  'review.runningJobs': z.object({}).strict(),
} as const satisfies Record<string, z.ZodType>;

export interface ReviewResults {
  'review.scanSkill': SkillReview;
  'review.get': SkillReview | null;
  'review.localOrigins': readonly LocalOrigin[];
  'review.localSkills': readonly SkillEntry[];
  'review.addLocalFolder': readonly LocalOrigin[];
  'review.removeLocalFolder': readonly LocalOrigin[];
  'review.rescanLocal': readonly LocalOrigin[];
  'review.readLocalFile': FileContent;
  'review.collisions': CollisionReport;
  'review.startAll': ReviewJob;
  'review.cancelAll': ReviewJob;
  'review.runningJobs': readonly ReviewJob[];
}

export interface ReviewEvents {
  /** A skill was reviewed by review.scanSkill (local skills are also reviewed at every folder scan; see review.get). */
  'review.updated': SkillReview;
  /** The list of local folders or their scan results changed. */
  'review.localOriginsChanged': readonly LocalOrigin[];
  /** Progress of a Review all (at most every 100 ms while it runs, and once when it ends). */
  'review.job': ReviewJob;
}

export const REVIEW_EVENT_NAMES: { readonly [E in keyof ReviewEvents]: true } = {
  'review.updated': true,
  'review.localOriginsChanged': true,
  'review.job': true,
};
