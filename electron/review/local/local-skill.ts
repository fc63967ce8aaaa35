// One skill folder on disk as the app shows it: a SkillEntry like a server's
// (file: URIs, digests of the bytes read), the Agent Skills format findings
// (electron/skills/format-rules.ts) and the content-risk review (run by the
// reviewer it is given: the worker pool in the app).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileCheck, Finding, SkillEntry, SkillReviewCounts, SkillStatus } from '../../../shared/model.js';
import { severityCounts, verdictOf } from '../../../shared/verdict.js';
import type { SkillReview } from '../../../shared/review-model.js';
import { finding, worstSeverity } from '../../../shared/findings.js';
import { parseFrontmatter } from '../../skills/frontmatter.js';
import { skillMdFindings } from '../../skills/format-rules.js';
import { sha256 } from '../../skills/verify.js';
import { qualifiedName } from '../collisions.js';
import type { ReviewFileInput } from '../rules/context.js';
import type { UnreadFile } from '../risk-review.js';
import { reviewOrReport, type ContentReviewer } from '../review-pool.js';
import { summarise, type SummaryInput } from '../summary.js';
import type { LocalSkillFolder } from './scan.js';
import { localWindowsFindings } from './windows-names.js';
import { append } from '../../../shared/append.js';

export interface LocalSkill {
  readonly entry: SkillEntry;
  readonly folder: LocalSkillFolder;
  /** Agent Skills format findings of SKILL.md. */
  readonly formatFindings: readonly Finding[];
  readonly review: SkillReview;
  /** What the summary was made from: a review of the skill again (its name clashes added) summarises the same. */
  readonly summaryInput: Omit<SummaryInput, 'findings'>;
}

/** The other files of a skill whose SKILL.md failed: read and reviewed here, but a host loads none of them. */
const SKILL_MD_FAILED = 'Not shown verified: SKILL.md failed its check (see its findings), and a host reads nothing else of a skill whose SKILL.md does not check out. This file was read and reviewed all the same.';

export function fileUriOf(absolute: string): string {
  return pathToFileURL(absolute).href;
}

export async function buildLocalSkill(reviewer: ContentReviewer, originId: string, originLabel: string, folder: LocalSkillFolder, now = new Date().toISOString()): Promise<LocalSkill> {
  const skillUri = fileUriOf(path.join(folder.directory, 'SKILL.md'));
  const read = folder.files.filter((f) => f.bytes !== undefined);
  const unreadFiles = folder.files.filter((f) => f.bytes === undefined);
  const skillMd = read.find((f) => f.relative === 'SKILL.md');
  const text = skillMd?.bytes ? new TextDecoder('utf-8').decode(skillMd.bytes) : undefined;
  const parse = text !== undefined ? parseFrontmatter(text) : undefined;
  // A SKILL.md hosts built on the SDK refuse is still loaded by hosts that read it with a YAML library: these fields.
  const fields = parse?.ok ? parse : parse?.read;
  const frontmatter = fields ? fields.value : {};
  const refusal = parse && !parse.ok && parse.problem === 'sdk-refuses' ? { message: parse.message, ...(parse.line !== undefined ? { line: parse.line } : {}) } : undefined;
  const finalSegment = path.posix.basename(folder.relativeDirectory);
  const loc = { serverId: originId, skillUri, fileUri: skillUri };
  const incomplete = folder.notScanned.length > 0;
  // Names a Windows host rewrites: the folder may be shared with, or read on, Windows later.
  const onWindows = localWindowsFindings(folder, skillUri, { serverId: originId, skillUri }, fileUriOf);
  const formatFindings = [...(parse ? skillMdFindings(parse, loc, { finalSegment }) : []), ...(incomplete ? [incompleteFinding(folder, originId, skillUri)] : []), ...onWindows.findings];

  const files: ReviewFileInput[] = read.map((f) => ({ uri: fileUriOf(f.absolute), path: f.relative, bytes: f.bytes!, executable: f.executable }));
  const unread: UnreadFile[] = unreadFiles.map((f) => ({ uri: fileUriOf(f.absolute), path: f.relative, size: f.size, reason: f.unread ?? 'not read', ...(f.symlinkTarget !== undefined ? { symlinkTarget: f.symlinkTarget } : {}) }));
  // A review that could not finish fails this skill alone (it says so), not the folder's scan.
  const content = await reviewOrReport(reviewer, { serverId: originId, skillUri, files, listedFileCount: folder.files.length, listedFrontmatter: frontmatter }, unread);
  // Files past the scan's limit were never opened: whatever they hold, the review of the rest is not the whole skill.
  const complete = content.complete && !incomplete;

  const name = typeof frontmatter['name'] === 'string' && frontmatter['name'].trim() !== '' ? frontmatter['name'] : finalSegment;
  const prefix = path.posix.dirname(folder.relativeDirectory) === '.' ? '' : path.posix.dirname(folder.relativeDirectory);
  const qualified = qualifiedName(originLabel, name, prefix);
  const summaryInput: Omit<SummaryInput, 'findings'> = {
    frontmatter,
    ...(skillMd ? { source: { fileUri: skillUri, ...(fields ? { fieldLines: fields.fieldLines } : {}) } } : {}),
    ...(fields ? {} : { skillMdUnread: true }),
    ...(refusal ? { sdkRefusal: refusal } : {}),
    files: content.files,
    complete,
  };
  const review: SkillReview = {
    serverId: originId,
    skillUri,
    name,
    qualifiedName: qualified,
    originKind: 'local',
    reviewedAt: now,
    complete,
    files: content.files,
    findings: content.findings,
    formatFindings,
    hidden: content.hidden,
    summary: summarise({ ...summaryInput, findings: content.findings }),
    ...(incomplete ? { localScan: { fileCount: folder.fileCount, scannedCount: folder.files.length, notScanned: folder.notScanned } } : {}),
  };

  const checks: Record<string, FileCheck> = {};
  // Read in full, but not what a Windows host writes: never shown verified, as a server's files in such an entry.
  const notAsRead = 'Not shown verified: a Windows host writes this skill, or one of its files, elsewhere than it was read (see its findings).';
  // A SKILL.md without frontmatter every host reads fails, as a served one does (verifyFile): hosts built on the SDK load none of the skill.
  const skillMdFailed = parse !== undefined && !parse.ok;
  for (const f of read) {
    const uri = fileUriOf(f.absolute);
    if (skillMdFailed && f === skillMd) checks[uri] = { state: 'failed', reason: 'frontmatter', message: `SKILL.md has no usable frontmatter: ${parse.message}`, checkedAt: now };
    else if (onWindows.moved) checks[uri] = { state: 'unread', message: notAsRead };
    else if (skillMdFailed) checks[uri] = { state: 'unread', message: SKILL_MD_FAILED };
    else checks[uri] = { state: 'verified', digest: sha256(f.bytes!), size: f.bytes!.byteLength, checkedAt: now };
  }
  for (const f of unreadFiles) {
    checks[fileUriOf(f.absolute)] = { state: 'failed', reason: f.unread?.includes('limit') ? 'too-large' : 'read-error', message: `${f.relative}: ${f.unread ?? 'not read'}`, checkedAt: now };
  }
  const all = [...formatFindings, ...content.findings];
  // The app read these bytes itself: there is no listing to compare with, so "verified" means "read in full".
  // A skill a Windows host writes elsewhere, or one file over another, is not what was read: invalid, as a server's would be.
  const status: SkillStatus = !parse?.ok || onWindows.moved ? 'invalid' : unreadFiles.length > 0 || incomplete ? 'partial' : 'verified';
  const reviewCounts: SkillReviewCounts = { ...severityCounts(content.findings), complete, reviewedAt: now };
  const errorCount = all.filter((f) => f.severity === 'error').length;
  const warningCount = all.filter((f) => f.severity === 'warning').length;
  const entry: SkillEntry = {
    serverId: originId,
    uri: skillUri,
    name,
    description: typeof frontmatter['description'] === 'string' ? frontmatter['description'] : '',
    frontmatter,
    resources: read.map((f) => ({ uri: fileUriOf(f.absolute), digest: sha256(f.bytes!), size: f.bytes!.byteLength })),
    source: 'local',
    pathPrefix: prefix,
    scheme: 'file',
    nestedSkills: [],
    fetchedAt: now,
    status,
    files: checks,
    errorCount,
    warningCount,
    review: reviewCounts,
    verdict: verdictOf({ status, review: reviewCounts }),
    approval: 'none',
    enabled: false,
  };
  return { entry, folder, formatFindings, review, summaryInput };
}

/** How many names the finding's message spells out; the review's `localScan` holds them all. */
const NAMED_IN_MESSAGE = 10;

function incompleteFinding(folder: LocalSkillFolder, serverId: string, skillUri: string): Finding {
  const { fileCount, notScanned } = folder;
  const scanned = folder.files.length;
  const named = notScanned.slice(0, NAMED_IN_MESSAGE).join(', ');
  const more = notScanned.length > NAMED_IN_MESSAGE ? `, and ${notScanned.length - NAMED_IN_MESSAGE} more` : '';
  return finding(
    'inspector-local-skill-incomplete',
    `${folder.relativeDirectory} holds ${fileCount} files; the scan reads at most ${scanned} per skill, so ${notScanned.length} were not scanned and this skill is incomplete — not verified. Not scanned: ${named}${more}.`,
    { serverId, skillUri },
    { expected: `at most ${scanned} files`, actual: `${fileCount} files` },
  );
}

export function worstOf(skills: Iterable<LocalSkill>): ReturnType<typeof worstSeverity> {
  const all: Finding[] = [];
  for (const s of skills) append(append(all, s.formatFindings), s.review.findings);
  return worstSeverity(all);
}
