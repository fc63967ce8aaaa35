// Binds the review part of the contract (shared/api-review.ts): content-risk
// reviews of server and local skills, the local skill folders, and the
// collisions report across every origin.
import os from 'node:os';
import type { REVIEW_PARAMS } from '../../shared/api-review.js';
import { isLocalOriginId, type CollisionReport, type QualifiedSkill, type SkillReview } from '../../shared/review-model.js';
import { ApiFailure } from '../api-failure.js';
import type { Handlers } from '../dispatch.js';
import type { FeatureDeps } from '../feature-deps.js';
import { findCollisions, qualifiedName } from './collisions.js';
import { LocalOrigins } from './local/origins.js';
import { HOSTS } from './precedence.js';
import type { PassResult } from '../skills/skill-passes.js';
import type { ReviewLookup } from '../skills/registry.js';
import type { SkillReviewCounts } from '../../shared/model.js';
import { severityCounts } from '../../shared/verdict.js';
import type { ContentReviewer } from './review-pool.js';
import { reviewOfPass, reviewServerSkill, type ServerReview } from './server-review.js';
import { summarise, type SummaryInput } from './summary.js';
import { ReviewAllJobs } from './review-all.js';

export type ReviewHandlers = Pick<Handlers, keyof typeof REVIEW_PARAMS>;

export interface ReviewFeature {
  readonly handlers: ReviewHandlers;
  /**
   * Records the content review of a server skill from bytes a pass already
   * read (the approvals review's), as review.scanSkill would, without reading
   * anything again.
   */
  reviewPass(serverId: string, pass: PassResult, signal?: AbortSignal): Promise<SkillReview>;
  /**
   * A server skill's last review that still describes what is listed, by its
   * counts (the engine's review lookup: what the catalog's verdict and
   * Errors/Warnings counts are made from). A stale review is dropped here.
   */
  readonly reviewCounts: ReviewLookup;
  /** Review all jobs (review.startAll); the tests and the bench wait on them. */
  readonly reviewAll: ReviewAllJobs;
  /** Cancels every running Review all and waits for it to end. */
  close(): Promise<void>;
}

/** A kept review's counts, and the listing entry they were last found current for (a view of the same entry checks nothing). */
interface KeptCounts {
  readonly counts: SkillReviewCounts;
  currentFor: unknown;
}

/** `reviewer` runs every content review (server skills and local folders): the worker pool in the app, browser mode and the command. */
export async function createReviewHandlers(deps: FeatureDeps, reviewer: ContentReviewer): Promise<ReviewFeature> {
  const reviews = new Map<string, SkillReview>();
  const key = (serverId: string, skillUri: string) => `${serverId}\n${skillUri}`;
  // By server, then skill: the lookup runs for every view of every skill, and a key string each was 10,000 strings per catalog.
  const counts = new Map<string, Map<string, KeptCounts>>();

  const local = new LocalOrigins({
    dataDir: deps.dataDir,
    homeDir: deps.homeDir ?? os.homedir(),
    projectDirs: deps.projectDirs ?? [],
    limits: () => ({ maxFileBytes: deps.settings().maxFileBytes }),
    reviewer,
    onChange: (origins) => deps.emit('review.localOriginsChanged', origins),
    onListed: (originId, entries) => deps.emit('skills.listed', { serverId: originId, entries, replace: true, done: true }),
  });
  const problem = await local.load();
  if (problem) deps.emit('app.alert', { level: 'error', title: 'Recovered the list of local skill folders', message: problem.message });

  function qualifiedSkills(): QualifiedSkill[] {
    const out: QualifiedSkill[] = [];
    const labels = new Map(deps.catalog.list().map((s) => [s.id, s.label]));
    for (const entry of deps.engine.list()) {
      const label = labels.get(entry.serverId);
      if (label === undefined) continue;
      out.push({ serverId: entry.serverId, originLabel: label, originKind: 'server', skillUri: entry.uri, name: entry.name, qualifiedName: qualifiedName(label, entry.name, entry.pathPrefix) });
    }
    for (const { origin, skill } of local.skills()) {
      out.push({
        serverId: origin.id,
        originLabel: origin.label,
        originKind: 'local',
        skillUri: skill.entry.uri,
        name: skill.entry.name,
        qualifiedName: skill.review.qualifiedName,
        folderKind: origin.kind,
      });
    }
    return out;
  }

  async function collisionReport(): Promise<CollisionReport> {
    await local.ensureScanned();
    const skills = qualifiedSkills();
    const result = findCollisions(skills);
    return { generatedAt: new Date().toISOString(), skills, collisions: result.collisions, nearCollisions: result.nearCollisions, findings: result.findings, hosts: HOSTS };
  }

  /** A review with this skill's name clashes added (and the summary rewritten from the same input), so the review screen shows them too. */
  async function withNameFindings(review: SkillReview, summaryInput: Omit<SummaryInput, 'findings'>, clashes?: CollisionReport): Promise<SkillReview> {
    const report = clashes ?? (await collisionReport());
    const own = report.findings.filter((f) => f.location.serverId === review.serverId && f.location.skillUri === review.skillUri);
    if (own.length === 0) return review;
    const findings = [...review.findings, ...own];
    return { ...review, findings, summary: summarise({ ...summaryInput, findings }) };
  }

  /** A server's review no longer describes what it lists: the skill is gone or a file's digest changed. */
  function reviewIsStale(review: SkillReview): boolean {
    const record = deps.engine.record(review.serverId, review.skillUri);
    if (!record) return true;
    const resources = record.entry.resources;
    if (!Array.isArray(resources)) return false;
    const listed = new Map(resources.map((r) => [r.uri, r.digest]));
    return review.files.some((f) => f.read && listed.has(f.uri) && listed.get(f.uri) !== f.digest) || resources.some((r) => !review.files.some((f) => f.uri === r.uri));
  }

  /** Keeps a review (with its name clashes added) and tells the window; a server skill's catalog row follows (its verdict). */
  async function keepReview({ review, summaryInput }: ServerReview, clashes?: CollisionReport): Promise<SkillReview> {
    // `clashes`: the name clashes a job found once for all its skills (Review all).
    const kept = await withNameFindings(review, summaryInput, clashes);
    reviews.set(key(kept.serverId, kept.skillUri), kept);
    if (!isLocalOriginId(kept.serverId)) {
      const { errors, warnings } = severityCounts(kept.findings);
      let byUri = counts.get(kept.serverId);
      if (!byUri) counts.set(kept.serverId, (byUri = new Map()));
      byUri.set(kept.skillUri, { counts: { errors, warnings, complete: kept.complete, reviewedAt: kept.reviewedAt }, currentFor: undefined });
      deps.engine.republishSoon(kept.serverId, kept.skillUri);
    }
    deps.emit('review.updated', kept);
    return kept;
  }

  /** Forgets a server skill's review (it went stale); its catalog row goes back to "not reviewed yet". */
  function dropReview(serverId: string, skillUri: string): void {
    reviews.delete(key(serverId, skillUri));
    if (counts.get(serverId)?.delete(skillUri)) deps.engine.republishSoon(serverId, skillUri);
  }

  const reviewCounts: ReviewLookup = (serverId, skillUri) => {
    const kept = counts.get(serverId)?.get(skillUri);
    if (!kept) return undefined;
    const entry = deps.engine.record(serverId, skillUri)?.entry;
    if (entry !== undefined && kept.currentFor === entry) return kept.counts;
    const review = reviews.get(key(serverId, skillUri));
    if (!review || reviewIsStale(review)) {
      // The view being built already leaves it out; nothing to send again.
      reviews.delete(key(serverId, skillUri));
      counts.get(serverId)?.delete(skillUri);
      return undefined;
    }
    kept.currentFor = entry;
    return kept.counts;
  };

  // Review all lands each review as review.scanSkill does; the name clashes (from the listings, which no read changes)
  // are found once per job, not once per skill (at 10,000 skills, once per skill was a walk of the whole catalog each time).
  const reviewAll = new ReviewAllJobs({
    settings: deps.settings,
    engine: deps.engine,
    emit: (job) => deps.emit('review.job', job),
    lander: () => {
      let clashes: Promise<CollisionReport> | undefined;
      return async (serverId, pass, signal) => {
        const reviewed = await reviewOfPass(deps, reviewer, serverId, pass, { signal });
        clashes ??= collisionReport();
        return keepReview(reviewed, await clashes);
      };
    },
  });

  const handlers: ReviewHandlers = {
    'review.scanSkill': async ({ serverId, skillUri, inspect }) => {
      if (!isLocalOriginId(serverId)) return keepReview(await reviewServerSkill(deps, reviewer, serverId, skillUri, inspect ? { inspect: true } : {}));
      await local.ensureScanned();
      const skill = await local.rescanSkill(serverId, skillUri);
      // On disk, the file is what a host reads: the summary is made again from what the folder's review read.
      return keepReview({ review: skill.review, summaryInput: skill.summaryInput });
    },
    'review.get': async ({ serverId, skillUri }) => {
      if (isLocalOriginId(serverId)) {
        await local.ensureScanned();
        const skill = local.skill(serverId, skillUri);
        const cached = reviews.get(key(serverId, skill.entry.uri));
        // A folder rescan reviews the skill afresh; an explicit review of the same bytes adds its name clashes.
        return cached && cached.reviewedAt >= skill.review.reviewedAt ? cached : skill.review;
      }
      deps.catalog.get(serverId);
      const cached = reviews.get(key(serverId, skillUri));
      if (!cached) return null;
      if (reviewIsStale(cached)) {
        dropReview(serverId, skillUri);
        return null;
      }
      return cached;
    },
    'review.localOrigins': async () => {
      await local.ensureScanned();
      return local.list();
    },
    'review.localSkills': async ({ originId }) => {
      await local.ensureScanned();
      if (originId !== undefined && !local.isOrigin(originId)) throw new ApiFailure('not-found', `No local skills folder has the id ${originId}.`);
      return local.entries(originId);
    },
    'review.addLocalFolder': async ({ path, as }) => {
      await local.ensureScanned();
      return local.add(path, as);
    },
    'review.removeLocalFolder': async ({ path }) => {
      const origins = await local.remove(path);
      for (const k of [...reviews.keys()]) if (k.startsWith('local:') && !origins.some((o) => k.startsWith(`${o.id}\n`))) reviews.delete(k);
      return origins;
    },
    'review.rescanLocal': async ({ originId }) => {
      for (const k of [...reviews.keys()]) if (k.startsWith(originId !== undefined ? `${originId}\n` : 'local:')) reviews.delete(k);
      return local.rescan(originId);
    },
    'review.readLocalFile': async ({ serverId, skillUri, fileUri }) => {
      await local.ensureScanned();
      return local.readFile(serverId, skillUri, fileUri);
    },
    'review.collisions': async () => collisionReport(),
    'review.startAll': async ({ serverId }) => {
      if (serverId === undefined) {
        // Every connected server of the catalog (local folders are reviewed each time they are read).
        const ids = deps.pool.connected().map((c) => c.snapshot.serverId).filter((id) => deps.catalog.list().some((s) => s.id === id));
        return reviewAll.start(ids.map((id) => deps.rpcFor(id)));
      }
      if (isLocalOriginId(serverId)) throw new ApiFailure('invalid-params', 'A local folder is reviewed each time it is read: use "Read again" on the folder instead of Review all.');
      deps.catalog.get(serverId);
      // Not connected: rpcFor says so, and what to do.
      return reviewAll.start([deps.rpcFor(serverId)]);
    },
    'review.cancelAll': async ({ jobId }) => reviewAll.cancel(jobId),
    'review.runningJobs': async () => reviewAll.running(),
  };
  return { handlers, reviewPass: async (serverId, pass, signal) => keepReview(await reviewOfPass(deps, reviewer, serverId, pass, signal ? { signal } : {})), reviewCounts, reviewAll, close: () => reviewAll.close() };
}
