// Reviews a skill a server serves: one skill pass of the skills engine reads
// every file (each read verified against the listing and counted against the
// skill's and the server's budgets, exactly as when the user opens it),
// SKILL.md first — nothing else when it fails, unless the user asks to read
// the rest for inspection — and SKILL.md a second time on purpose, to catch a
// server that serves other bytes the second time. Then the content-risk rules
// run on the exact bytes (in the review pool, off the main thread), and the
// summary is written from SKILL.md as served.
import type { SkillReview } from '../../shared/review-model.js';
import { canonicalUri, containment } from '../../shared/skill-uri.js';
import { ApiFailure } from '../api-failure.js';
import type { FeatureDeps } from '../feature-deps.js';
import { parseFrontmatter } from '../skills/frontmatter.js';
import { NOT_READ_MESSAGE } from '../skills/registry.js';
import type { PassResult } from '../skills/skill-passes.js';
import { qualifiedName } from './collisions.js';
import type { ReviewFileInput } from './rules/context.js';
import type { UnreadFile } from './risk-review.js';
import type { ContentReviewer, ReviewOptions } from './review-pool.js';
import { summarise, type SummaryInput } from './summary.js';

export interface ServerReview {
  readonly review: SkillReview;
  /** What the summary was written from, less the findings (the handlers add name clashes and write it again). */
  readonly summaryInput: Omit<SummaryInput, 'findings'>;
}

export async function reviewServerSkill(deps: FeatureDeps, reviewer: ContentReviewer, serverId: string, skillUri: string, options: { inspect?: boolean } = {}): Promise<ServerReview> {
  const server = deps.catalog.get(serverId);
  const record = deps.engine.record(serverId, skillUri);
  if (!record) throw new ApiFailure('not-found', `No skill ${skillUri} is known on "${server.label}". Refresh the listing or load it by URI first.`);
  const pass = await deps.engine.passSkill(deps.rpcFor(serverId), record.entry.uri, { withGet: false, keepBytes: true, secondRead: true, ...(options.inspect ? { inspect: true } : {}) });
  return reviewOfPass(deps, reviewer, serverId, pass);
}

/**
 * The content review of bytes a pass already read (with keepBytes and the
 * deliberate second read): the approvals review hands its pass here, so one
 * "Start review" reads each file once.
 */
export async function reviewOfPass(deps: FeatureDeps, reviewer: ContentReviewer, serverId: string, pass: PassResult, options: ReviewOptions = {}): Promise<ServerReview> {
  const server = deps.catalog.get(serverId);
  const own = canonicalUri(pass.entry.uri);
  const pathOf = (uri: string) => {
    if (canonicalUri(uri) === own) return 'SKILL.md';
    const where = containment(uri, pass.entry.uri);
    return where.inside ? where.relativePath : uri;
  };

  const entry = pass.entry;
  const files: ReviewFileInput[] = [];
  const unread: UnreadFile[] = [];
  for (const read of pass.reads) {
    const path = pathOf(read.uri);
    if (read.bytes) files.push({ uri: read.uri, path, bytes: read.bytes, ...(read.mimeType !== undefined ? { mimeType: read.mimeType } : {}) });
    else unread.push({ uri: read.uri, path, reason: read.check.state === 'failed' ? read.check.message : 'the server did not return its bytes' });
  }
  for (const uri of pass.notRead) unread.push({ uri, path: pathOf(uri), reason: NOT_READ_MESSAGE, skipped: true });

  // The summary quotes SKILL.md as served; the listing only says where the file differs from it.
  const skillMd = files.find((f) => canonicalUri(f.uri) === own);
  const parsed = skillMd ? parseFrontmatter(new TextDecoder().decode(skillMd.bytes)) : undefined;
  // A file hosts built on the SDK refuse was still read, and hosts reading it with a YAML library load these fields.
  const fields = parsed?.ok ? parsed : parsed?.read;
  const refusal = parsed && !parsed.ok && parsed.problem === 'sdk-refuses' ? { message: parsed.message, ...(parsed.line !== undefined ? { line: parsed.line } : {}) } : undefined;
  const content = await reviewer.review({ serverId, skillUri: entry.uri, files, listedFileCount: files.length + unread.length, listedFrontmatter: entry.frontmatter }, unread, options);
  const summaryInput: Omit<SummaryInput, 'findings'> = {
    frontmatter: fields ? fields.value : {},
    ...(skillMd ? { source: { fileUri: skillMd.uri, ...(fields ? { fieldLines: fields.fieldLines } : {}) } } : {}),
    listedFrontmatter: entry.frontmatter,
    ...(fields ? {} : { skillMdUnread: true }),
    ...(refusal ? { sdkRefusal: refusal } : {}),
    files: content.files,
    complete: content.complete,
  };
  const review: SkillReview = {
    serverId,
    skillUri: entry.uri,
    name: entry.name,
    qualifiedName: qualifiedName(server.label, entry.name, entry.pathPrefix),
    originKind: 'server',
    reviewedAt: new Date().toISOString(),
    complete: content.complete,
    files: content.files,
    findings: content.findings,
    formatFindings: deps.engine.findings(serverId, entry.uri),
    hidden: content.hidden,
    summary: summarise({ ...summaryInput, findings: content.findings }),
  };
  return { review, summaryInput };
}
