// Runs every content-risk rule over one skill's exact bytes. Pure: the files
// in, findings, revealed hidden text and a description of each file out. The
// reading (from a server or from disk) happens elsewhere.
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { sha256 } from '../skills/verify.js';
import { finding, isFindingId } from '../../shared/findings.js';
import type { Finding } from '../../shared/model.js';
import type { HiddenText, ReviewedFile } from '../../shared/review-model.js';
import { fileLocation, riskFinding, type ReviewInput, type RiskContext, type RuleResult } from './rules/context.js';
import { RULES } from './rules/index.js';
import { prepareFiles, textSources, type PreparedFile } from './rules/sources.js';

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
}

export interface ContentReview {
  readonly files: ReviewedFile[];
  readonly findings: Finding[];
  readonly hidden: HiddenText[];
  readonly complete: boolean;
  readonly prepared: readonly PreparedFile[];
}


export function reviewContent(input: ReviewInput, unread: readonly UnreadFile[] = []): ContentReview {
  const prepared = prepareFiles(input);
  const ctx: RiskContext = { input, sources: textSources(prepared) };
  return finish(ctx, prepared, RULES.map((rule) => rule(ctx, prepared)), unread);
}

/** The same review, giving the event loop a turn between rules: a large skill must not freeze the app. */
export async function reviewContentYielding(input: ReviewInput, unread: readonly UnreadFile[] = []): Promise<ContentReview> {
  await setImmediatePromise();
  const prepared = prepareFiles(input);
  const ctx: RiskContext = { input, sources: textSources(prepared) };
  const results: RuleResult[] = [];
  for (const rule of RULES) {
    await setImmediatePromise();
    results.push(rule(ctx, prepared));
  }
  return finish(ctx, prepared, results, unread);
}

function finish(ctx: RiskContext, prepared: readonly PreparedFile[], results: readonly RuleResult[], unread: readonly UnreadFile[]): ContentReview {
  const findings = results.flatMap((r) => r.findings);
  const hidden = results.flatMap((r) => r.hidden);
  for (const file of unread) {
    findings.push(
      file.symlinkTarget !== undefined
        ? riskFinding('risk-symlink', `${file.path} is a symbolic link to ${file.symlinkTarget}. It was not followed: a link can make an innocent-looking file read a key or a config file elsewhere.`, fileLocation(ctx, file.uri), { actual: file.symlinkTarget })
        : file.skipped
          ? riskFinding('risk-unreadable-file', `${file.path} was not reviewed: SKILL.md failed verification, so it was not read (a host reads nothing else of such a skill).`, fileLocation(ctx, file.uri))
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
