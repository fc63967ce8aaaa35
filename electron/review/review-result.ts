// What a content review hands back, and the review of a skill whose rules could
// not run. Apart from risk-review.ts (which runs the rules) so that the main
// process, which only hands reviews to the review threads and reads their
// results, never loads the rules, their word lists and the code parsers: they
// are most of the app's start-up code (risk-review.ts and review-task.ts load them).
import { sha256 } from '../skills/verify.js';
import { finding, isFindingId } from '../../shared/findings.js';
import type { Finding } from '../../shared/model.js';
import type { HiddenText, ReviewedFile } from '../../shared/review-model.js';
import { fileLocation, riskFinding, type ReviewInput, type RiskContext, type RuleResult } from './rules/context.js';
import type { PreparedFile } from './rules/sources.js';

/** A file of the skill that was not read, and why. */
export interface UnreadFile {
  readonly uri: string;
  readonly path: string;
  readonly size?: number;
  readonly reason: string;
  /** A symbolic link: reported as such, never followed. */
  readonly symlinkTarget?: string;
  /** Left unread on purpose: the skill's SKILL.md failed verification, so a host reads nothing else of it. */
  readonly skipped?: boolean;
  /**
   * Read, but the rules did not finish on it within the review's time limit
   * (review-pool.ts). Nothing vouches for a file no rule judged, and a file
   * can be built to stall the rules, so this is an error, not a warning.
   */
  readonly stalled?: boolean;
}

export interface ContentReview {
  readonly files: ReviewedFile[];
  readonly findings: Finding[];
  readonly hidden: HiddenText[];
  readonly complete: boolean;
  readonly prepared: readonly PreparedFile[];
}

/** What a review hands back across a thread: plain JSON, without the prepared files (and their bytes). */
export type ContentReviewResult = Omit<ContentReview, 'prepared'>;

export function withoutPrepared({ prepared: _prepared, ...result }: ContentReview): ContentReviewResult {
  return result;
}

/**
 * The review of a skill whose rules could not finish (a rule threw, its worker
 * crashed): one error that says so in `message`, every file listed as not
 * reviewed, nothing else. For callers that go on with other skills (a folder
 * scan, the command's check) rather than fail as a whole.
 */
export function reviewNotRun(input: ReviewInput, unread: readonly UnreadFile[], message: string): ContentReviewResult {
  const { files, findings } = finishReview({ input, sources: [] }, [], [], unread);
  const notReviewed = input.files.map((f): ReviewedFile => ({ uri: f.uri, path: f.path, kind: 'binary', size: f.bytes.byteLength, isText: false, read: false, problem: 'read, but not reviewed: the content review could not finish' }));
  return {
    files: [...notReviewed, ...files],
    findings: [riskFinding('risk-unreadable-file', message, { serverId: input.serverId, skillUri: input.skillUri }, { severity: 'error' }), ...findings],
    hidden: [],
    complete: false,
  };
}

/** The findings of every rule (and of every file left unread) as one review: deduplicated, capped, in file order. */
export function finishReview(ctx: RiskContext, prepared: readonly PreparedFile[], results: readonly RuleResult[], unread: readonly UnreadFile[]): ContentReview {
  const findings = results.flatMap((r) => r.findings);
  const hidden = results.flatMap((r) => r.hidden);
  for (const file of unread) {
    findings.push(
      file.symlinkTarget !== undefined
        ? riskFinding('risk-symlink', `${file.path} is a symbolic link to ${file.symlinkTarget}. It was not followed: a link can make an innocent-looking file read a key or a config file elsewhere.`, fileLocation(ctx, file.uri), { actual: file.symlinkTarget })
        : file.skipped
          ? riskFinding('risk-unreadable-file', `${file.path} was not reviewed: SKILL.md failed verification, so it was not read (a host reads nothing else of such a skill).`, fileLocation(ctx, file.uri))
          : file.stalled
            ? riskFinding('risk-unreadable-file', `${file.path} was read but not reviewed: ${file.reason}`, fileLocation(ctx, file.uri), { severity: 'error' })
            : riskFinding('risk-unreadable-file', `${file.path} could not be read for review: ${file.reason}`, fileLocation(ctx, file.uri)),
    );
  }

  const order = new Map<string, number>();
  prepared.forEach((f, i) => order.set(f.uri, i));
  unread.forEach((f, i) => order.set(f.uri, prepared.length + i));
  const rank = (uri: string | undefined) => (uri === undefined ? -1 : (order.get(uri) ?? Number.MAX_SAFE_INTEGER));
  const sorted = cap(dedupe(findings), prepared).sort(
    (a, b) => rank(a.location.fileUri) - rank(b.location.fileUri) || (a.location.line ?? 0) - (b.location.line ?? 0) || (a.location.column ?? 0) - (b.location.column ?? 0) || a.id.localeCompare(b.id),
  );
  hidden.splice(MAX_HIDDEN);
  hidden.sort((a, b) => rank(a.fileUri) - rank(b.fileUri) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));

  const files: ReviewedFile[] = [
    ...prepared.map(
      (f): ReviewedFile => ({
        uri: f.uri,
        path: f.path,
        kind: f.info.kind,
        ...(f.info.runtime !== undefined && (f.info.kind === 'script' || f.info.kind === 'executable') ? { runtime: f.info.runtime } : {}),
        size: f.bytes.byteLength,
        digest: sha256(f.bytes),
        ...(f.mimeType !== undefined ? { mimeType: f.mimeType } : {}),
        isText: f.text !== undefined,
        read: true,
      }),
    ),
    ...unread.map((f): ReviewedFile => ({ uri: f.uri, path: f.path, kind: 'binary', size: f.size ?? 0, isText: false, read: false, problem: f.symlinkTarget !== undefined ? `symbolic link to ${f.symlinkTarget} (not followed)` : f.reason })),
  ];
  return { files, findings: sorted, hidden, complete: unread.length === 0, prepared };
}

// A hostile file can repeat a pattern a million times; a reviewer needs the first few and the count.
const MAX_PER_KIND_AND_FILE = 50;
const MAX_HIDDEN = 500;

function cap(findings: Finding[], files: readonly PreparedFile[]): Finding[] {
  const counts = new Map<string, { first: Finding; count: number }>();
  const out: Finding[] = [];
  for (const f of findings) {
    const key = `${f.id}\n${f.location.fileUri ?? ''}`;
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { first: f, count: 1 });
    if ((seen?.count ?? 1) <= MAX_PER_KIND_AND_FILE) out.push(f);
  }
  for (const { first, count } of counts.values()) {
    if (count <= MAX_PER_KIND_AND_FILE || !isFindingId(first.id)) continue;
    const path = files.find((p) => p.uri === first.location.fileUri)?.path ?? first.location.fileUri ?? 'the skill';
    const { line: _line, column: _column, field: _field, ...where } = first.location;
    out.push(finding(first.id, `${count - MAX_PER_KIND_AND_FILE} more of these in ${path} are not listed (${count} in all; the first ${MAX_PER_KIND_AND_FILE} are).`, where, { severity: first.severity }));
  }
  return out;
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.id}\n${f.location.fileUri ?? ''}\n${f.location.field ?? ''}\n${f.location.line ?? ''}\n${f.location.column ?? ''}\n${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
