// `skill-inspector check`: an explicit full read. Lists, gets, reads and
// verifies every skill — through the same skill pass as the app's Verify and
// Review: SKILL.md first and nothing else of a skill whose SKILL.md fails, the
// directory walked where the server offers it, SKILL.md read a second time on
// purpose — runs the server probes, and returns every finding. A listing that
// a limit stopped is reported as far as it went, and nothing of it is read.
// The content reviews run in the session's review pool, several skills at
// once, while the next skills are read.
import { severityRank } from '../../shared/findings.js';
import type { Finding, SkillEntry, SkillReviewCounts } from '../../shared/model.js';
import { severityCounts } from '../../shared/verdict.js';
import { forEachLimited } from '../skills/concurrency.js';
import { probeDirectoryOnFile } from '../skills/directory.js';
import { SharedReads } from '../skills/shared-reads.js';
import { probeUnknownSkill } from '../skills/skills-get.js';
import { containment } from '../../shared/skill-uri.js';
import { findCollisions, qualifiedName } from '../review/collisions.js';
import { reviewOrReport } from '../review/review-pool.js';
import { jobBudget } from '../skills/skill-pass.js';
import type { ReviewFileInput } from '../review/rules/context.js';
import type { CliSession } from './session.js';

function relativePath(fileUri: string, skillUri: string): string {
  const where = containment(fileUri, skillUri);
  return where.inside ? where.relativePath : fileUri;
}

export interface CheckReport {
  readonly server: { label: string; era?: string; protocolVersion?: string; selfReported?: { name: string; version: string } };
  readonly skills: SkillEntry[];
  readonly findings: Finding[];
}

/** Which findings make `check` fail: `--fail-on error|warning|never`. */
export type FailOn = 'error' | 'warning' | 'never';

export function isFailing(f: Finding, failOn: FailOn): boolean {
  return failOn !== 'never' && severityRank(f.severity) >= severityRank(failOn);
}

export async function runCheck(session: CliSession, progress: (line: string) => void): Promise<CheckReport> {
  const { engine, rpc, connection } = session;
  // Taken now: a server that dies mid-check loses its snapshot, and the report should still say what it was.
  const snapshot = connection.snapshot;
  progress('Listing skills…');
  const listed = await engine.refresh(rpc, connection.snapshot.capabilities);
  const state = engine.server(session.serverId);
  // Per skill, in listing order: reviews finish in any order, the report does not change with it.
  const risks: Finding[][] = [];
  // Each skill's review by its counts, for its verdict: the engine's views look them up as the app's look up its reviews.
  const reviewed = new Map<string, SkillReviewCounts>();
  engine.setReviewLookup((_serverId, skillUri) => reviewed.get(skillUri));
  // A limit stopped the listing: what was listed is reported as it is. Reading it would judge a catalog
  // the server did not finish describing (skills cut off, nested skills whose parent never came), all noise.
  const stoppedAtLimit = state.listing?.complete === false && state.serverFindings.some((f) => f.id === 'inspector-list-limit');
  if (stoppedAtLimit) {
    progress(`Found ${listed.length} skill(s) before a listing limit stopped the listing; they are reported as listed, and none was read or verified.`);
  } else {
    progress(`Found ${listed.length} skill(s). Verifying…`);
    let done = 0;
    // One byte budget for the whole check, as for the app's Verify all; each skill's pass has its own as well.
    const job = jobBudget(() => session.settings);
    // A file a skill and the skill nested in it both list is read once for the check.
    const sharedReads = SharedReads.of([state]);
    // A few skills at a time: each reads its own files in order, SKILL.md first.
    const order = new Map(listed.map((skill, index) => [skill, index]));
    await forEachLimited(listed, session.settings.readConcurrency, async (skill) => {
      const pass = await engine.passSkill(rpc, skill.uri, { withGet: true, keepBytes: true, secondRead: true, jobBudget: job, sharedReads });
      const files: ReviewFileInput[] = [];
      for (const read of pass.reads) {
        const path = read.uri === skill.uri ? 'SKILL.md' : relativePath(read.uri, skill.uri);
        if (read.bytes) files.push({ uri: read.uri, path, bytes: read.bytes, ...(read.mimeType !== undefined ? { mimeType: read.mimeType } : {}) });
      }
      // Content risk is judged on the exact bytes served, whether or not they matched the listing.
      // A file that could not be read is already reported by the read itself; the review covers what was served.
      // A review that could not finish fails this skill alone, as an error in the report; a reviewer that cannot run stops the check.
      const review = await reviewOrReport(session.reviewer, { serverId: session.serverId, skillUri: skill.uri, files, listedFileCount: pass.reads.length + pass.notRead.length, listedFrontmatter: skill.frontmatter });
      risks[order.get(skill)!] = review.findings;
      // Reviewed whole only when every file was read and every rule finished on it.
      const complete = review.complete && pass.notRead.length === 0 && files.length === pass.reads.length;
      reviewed.set(skill.uri, { ...severityCounts(review.findings), complete, reviewedAt: new Date().toISOString() });
      done++;
      if (done % 25 === 0 || done === listed.length) progress(`Verified ${done}/${listed.length}`);
    });
    addNameClashes(session, listed, risks, reviewed);
  }
  const probes: Finding[] = [];
  const stillConnected = connection.snapshot.status === 'connected';
  if (!stillConnected) progress(`${session.label} disconnected during the check: the files it did not serve are reported as read failures.`);
  // The probes judge the server's answers; without a connection there are none to judge.
  if (stillConnected && state.capability?.declared && state.listing?.mode === 'extension') {
    probes.push(...(await probeUnknownSkill(rpc)));
    const first = listed[0];
    if (state.capability.directoryRead && first) probes.push(...(await probeDirectoryOnFile(rpc, first.uri)));
  }
  state.serverFindings.push(...probes);
  return {
    server: {
      label: session.serverId,
      ...(snapshot.era ? { era: snapshot.era } : {}),
      ...(snapshot.protocolVersion ? { protocolVersion: snapshot.protocolVersion } : {}),
      ...(snapshot.selfReported ? { selfReported: { name: snapshot.selfReported.name, version: snapshot.selfReported.version } } : {}),
    },
    skills: engine.list(session.serverId),
    findings: [...engine.findings(session.serverId), ...risks.flat()],
  };
}

/**
 * Two skills of this server under one name (or names that differ only by lookalike characters): the
 * app's review reports the clash on each of them, so the command does too, and their verdicts agree.
 */
function addNameClashes(session: CliSession, listed: readonly SkillEntry[], risks: Finding[][], reviewed: Map<string, SkillReviewCounts>): void {
  const index = new Map(listed.map((skill, i) => [skill.uri, i]));
  const qualified = listed.map((s) => ({ serverId: session.serverId, originLabel: session.label, originKind: 'server' as const, skillUri: s.uri, name: s.name, qualifiedName: qualifiedName(session.label, s.name, s.pathPrefix) }));
  for (const clash of findCollisions(qualified).findings) {
    const uri = clash.location.skillUri;
    const i = uri === undefined ? undefined : index.get(uri);
    if (uri === undefined || i === undefined) continue;
    risks[i] = [...(risks[i] ?? []), clash];
    const counts = reviewed.get(uri);
    if (counts) reviewed.set(uri, { ...counts, ...severityCounts(risks[i]) });
  }
}
