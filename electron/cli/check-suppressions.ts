// `check --receipts DIR`: the team's suppressions applied to a check. A
// suppression counts only from a receipt signed by a key allowed-signers
// trusts for this server's label; it hides its finding while the file's
// served digest is the one it was granted for and it has not expired.
// Otherwise the finding is reported, with why its suppression lapsed. A file
// of the receipts folder that was not read (not a receipt, or past the bytes
// read from one folder) has none of its suppressions applied: safe, but the
// report says so, or a finding the team suppressed comes back unexplained.
import path from 'node:path';
import type { Finding } from '../../shared/model.js';
import { checkReceipts, receiptsNotRead, type ReceiptsCheck, type RejectedReceipt, type ServedSkill } from '../team/receipt-check.js';
import { applySuppressions, describeSuppression, type GrantedSuppression, type ReopenedFinding, type SuppressedFinding } from '../team/suppressions.js';
import type { CheckReport, FailOn } from './check.js';
import { formatJunit } from './format-junit.js';
import { withUnreadReceipts } from './format-receipts-sarif.js';
import { sarifLog, sarifRun } from './format-sarif.js';
import { RECEIPTS_FOLDER_LIMITS, type ReceiptsFolderLimits } from '../team/team-folder.js';
import { readTeamFolderFlags } from './team-folder-flag.js';
import { forTerminal } from './terminal-text.js';

export interface SuppressedReport extends CheckReport {
  readonly suppressed: readonly SuppressedFinding[];
  readonly reopened: readonly ReopenedFinding[];
  /**
   * With --receipts: the files of the folder not read as receipts (not receipts, unreadable, or `notRead`: past the
   * bytes read from one folder), whose suppressions were therefore not applied. Empty when every file was read.
   */
  readonly unreadableReceipts?: ReceiptsCheck['unreadable'];
  /** How many of them were not read at all (past the folder's budget), as `verify --receipts --json` counts them. */
  readonly receiptsNotRead?: number;
  /**
   * With --receipts: the receipts read that are no approval by anyone (changed after signing, signed over another
   * subject, dated after the check), beside a valid one or alone. Nothing in them was applied; said, not dropped.
   */
  readonly invalidReceipts?: readonly RejectedReceipt[];
}

/** The allowed-signers file beside the receipts folder, as the team folder lays them out. */
export function defaultTrust(receiptsDir: string): string {
  return path.join(path.dirname(receiptsDir), 'allowed-signers');
}

/** How the receipts folder is read and judged; each has a default. */
export interface TeamSuppressionsOptions {
  /** How much of the receipts folder is read (the tests pass a small budget). RECEIPTS_FOLDER_LIMITS when absent. */
  readonly limits?: ReceiptsFolderLimits;
  /** How far ahead of asOf a receipt may be dated (the clock's leeway when asOf is now). None when absent. */
  readonly leewayMs?: number;
}

export async function withTeamSuppressions(report: CheckReport, receiptsDir: string, trust: string, asOf: Date, { limits = RECEIPTS_FOLDER_LIMITS, leewayMs = 0 }: TeamSuppressionsOptions = {}): Promise<SuppressedReport> {
  const { signers, receipts } = await readTeamFolderFlags(receiptsDir, trust, limits);
  const digests = new Map<string, string>();
  const served: ServedSkill[] = [];
  for (const s of report.skills) {
    if (s.resources === null) continue;
    if (s.resources !== 'dynamic') for (const r of s.resources) digests.set(r.uri, r.digest);
    served.push({ uri: s.uri, name: s.name, resources: s.resources === 'dynamic' ? 'dynamic' : s.resources.map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })) });
  }
  const check = checkReceipts(report.server.label, served, receipts, signers, asOf, leewayMs);
  const granted: GrantedSuppression[] = check.skills.flatMap((s) => s.suppressions ?? []);
  const outcome = applySuppressions(report.findings, granted, (uri) => digests.get(uri), asOf);
  return { ...report, findings: [...outcome.reported], suppressed: outcome.suppressed, reopened: outcome.reopened, unreadableReceipts: check.unreadable, receiptsNotRead: receiptsNotRead(check), invalidReceipts: invalidReceipts(check) };
}

/** The receipts that are no approval: the one speaking for a skill when it is invalid, and those rejected beside a better one. */
function invalidReceipts(check: ReceiptsCheck): RejectedReceipt[] {
  const speaking = check.skills.flatMap((s) => (s.status === 'invalid' && s.receipt !== undefined ? [{ file: s.receipt, skillUri: s.uri, status: 'invalid' as const, message: s.message }] : []));
  return [...speaking, ...check.rejected].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The lines `check` adds to its text report: what is suppressed, and what came back and why. */
export function suppressionLines(report: SuppressedReport): string {
  // The skill URI is the server's; the suppression's words, the reviewer's name and the receipt's file name are the
  // team folder's (why it lapsed quotes them), as are the unread files' names and problems (a JSON parse error quotes
  // a file's first bytes): each line is shown, never run (terminal-text.ts).
  const lines = receiptLines(report).map(forTerminal);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** What the team's receipts did, in words: the findings suppressed, those reported again and why, the receipt files not read. */
function receiptLines(report: SuppressedReport): string[] {
  const lines: string[] = [];
  if (report.suppressed.length > 0) {
    lines.push(`${report.suppressed.length} finding(s) suppressed by team receipts:`);
    for (const s of report.suppressed) lines.push(`  ${where(s.finding)}: ${describeSuppression(s.by.suppression)}, by ${s.by.reviewer.name} for ${s.by.suppression.owner} until ${s.by.until.slice(0, 10)}: ${s.by.suppression.reason}`);
  }
  if (report.reopened.length > 0) {
    lines.push(`${report.reopened.length} suppressed finding(s) reported again:`);
    for (const r of report.reopened) lines.push(`  ${where(r.finding)}: ${describeSuppression(r.by.suppression)}: ${r.why} (${r.by.receipt})`);
  }
  lines.push(...unreadLines(report));
  const invalid = report.invalidReceipts ?? [];
  if (invalid.length > 0) {
    lines.push(`${invalid.length} team receipt(s) are not valid approvals, so nothing in them was applied:`);
    for (const r of invalid) lines.push(`  ${r.file}: ${r.message} (a receipt for ${r.skillUri})`);
  }
  return lines;
}

/** `check --receipts --sarif`: check's log, with a result for each receipt file that was not read. */
export function formatSuppressedSarif(report: SuppressedReport, root: string | undefined): string {
  const run = sarifRun(report, { root, suppressed: report.suppressed, reopened: report.reopened });
  return sarifLog([withUnreadReceipts(run, report.server.label, report.unreadableReceipts ?? [], report.invalidReceipts ?? [])]);
}

/**
 * `check --receipts --junit`: check's report, with a passing case "(receipts)" whose output has the text's lines (the
 * findings suppressed, as SARIF lists them dismissed; those reported again and why; the receipt files not read), and
 * a reopened finding's line saying why it is reported again, as SARIF's message does. XML escapes what it must.
 */
export function formatSuppressedJunit(report: SuppressedReport, failOn: FailOn): string {
  const lines = receiptLines(report);
  const notes = lines.length > 0 ? [{ name: '(receipts)', lines }] : [];
  return formatJunit(report, failOn, { notes, reopened: new Map(report.reopened.map((r) => [r.finding, r.why])) });
}

/** Why suppressions a user expects may not have applied: the receipt files not read, how many and why, each named (as the folder wrote them). */
function unreadLines(report: SuppressedReport): string[] {
  const unread = report.unreadableReceipts ?? [];
  if (unread.length === 0) return [];
  const notRead = report.receiptsNotRead ?? 0;
  const why = [notRead > 0 ? `${notRead} past the bytes read from one folder` : '', unread.length > notRead ? `${unread.length - notRead} not a receipt or unreadable` : ''].filter(Boolean).join(', ');
  return [
    `${unread.length} receipt file(s) were not read, so no suppression in them was applied and a finding one of them suppresses is reported: ${why}:`,
    ...unread.map((u) => (u.notRead ? `  ${u.file}: ${u.problem}` : `  ${u.file}: not a receipt: ${u.problem}`)),
  ];
}

function where(f: Finding): string {
  return f.location.skillUri ?? f.location.fileUri ?? '(server)';
}
