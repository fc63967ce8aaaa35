// One server's skills against the team's receipts, and how `verify
// --receipts` reports it: a line per skill for people, JSON for programs, the
// file-set digests SARIF fingerprints use. `verify --receipts` and its --all
// (each server's block) print the same.
import type { AllowedSigner } from '../team/allowed-signers.js';
import { fileSetDigest } from '../team/file-set-digest.js';
import { allApproved, checkReceipts, receiptsNotRead, type LoadedReceipt, type ReceiptsCheck, type ServedSkill } from '../team/receipt-check.js';
import type { ServerSkillSet } from './skill-set.js';
import { forTerminal } from './terminal-text.js';

/** The team folder as the command was given it. */
export interface ReceiptsFlags {
  readonly receiptsDir: string;
  readonly trust: string;
  readonly asOf: Date;
  /** How far ahead of asOf a receipt may be dated: the clock's leeway when asOf is now, none for a time given (--as-of). */
  readonly leewayMs?: number;
}

/** One server's skills against the team's receipts. */
export interface ReceiptsReport {
  readonly set: ServerSkillSet;
  readonly served: readonly ServedSkill[];
  readonly check: ReceiptsCheck;
  /** Every served skill approved, every receipt file read, and the server's answers consistent. */
  readonly ok: boolean;
}

export function receiptsReport(set: ServerSkillSet, team: { signers: readonly AllowedSigner[]; receipts: readonly LoadedReceipt[] }, asOf: Date, leewayMs = 0): ReceiptsReport {
  const served: ServedSkill[] = Object.entries(set.server.skills).map(([uri, s]) => ({ uri, name: s.name, resources: s.resources }));
  const check = checkReceipts(set.label, served, team.receipts, team.signers, asOf, leewayMs);
  return { set, served, check, ok: allApproved(check) && set.problems.length === 0 };
}

export function receiptsJson(r: ReceiptsReport, flags: ReceiptsFlags): Record<string, unknown> {
  const { check, set } = r;
  // receiptsNotRead: more than 0, and the verdicts are of part of the folder (each such file is in `unreadable`, notRead: true).
  return { approved: r.ok, label: set.label, receipts: flags.receiptsDir, trust: flags.trust, asOf: flags.asOf.toISOString(), skills: check.skills, rejected: check.rejected, unreadable: check.unreadable, receiptsNotRead: receiptsNotRead(check), unmatched: check.unmatched, problems: set.problems };
}

/** Each served skill's file-set digest, for SARIF fingerprints that change when the served set does. */
export function fileSetDigests(served: readonly ServedSkill[]): Map<string, string> {
  const digests = new Map<string, string>();
  for (const s of served) {
    if (s.resources === 'dynamic') continue;
    try {
      digests.set(s.uri, fileSetDigest(s.resources));
    } catch {
      // A set with no digest text has no receipt either; its fingerprint goes without.
    }
  }
  return digests;
}

export function receiptsText(r: ReceiptsReport, flags: ReceiptsFlags): string {
  const { check, set } = r;
  const approved = check.skills.filter((s) => s.status === 'approved').length;
  const lines = [`Team approvals of "${set.label}" (receipts ${flags.receiptsDir}, signers ${flags.trust}): ${approved} of ${check.skills.length} skill(s) approved.`];
  const notRead = receiptsNotRead(check);
  if (notRead > 0) lines.push(`The receipts were read in part: ${notRead} file(s) of ${flags.receiptsDir} were not read (listed below), so this is not a complete verification.`);
  for (const s of check.skills) lines.push(`  ${s.uri}: ${s.message}`);
  for (const r of check.rejected) lines.push(`  ${r.file}: ${r.message} (a receipt for ${r.skillUri}, ${r.unserved ? `which "${set.label}" does not serve` : 'which another receipt approves'})`);
  // A file not read says so itself ("not read, so this check is partial: …"); it may well be a receipt.
  for (const u of check.unreadable) lines.push(u.notRead ? `  ${u.file}: ${u.problem}` : `  ${u.file}: not a receipt: ${u.problem}`);
  // With the server's answers inconsistent (a listing stopped at a limit), a receipt may name a skill it serves but did not list.
  const unlisted = set.problems.length > 0 ? `did not list: another server's, a removed skill's, or one its listing left out (below)` : `does not serve (another server's, or a removed skill's)`;
  if (check.unmatched.length > 0) lines.push(`${check.unmatched.length} receipt(s) name skills "${set.label}" ${unlisted}; they were not used.`);
  if (set.problems.length > 0) lines.push(`The server's answers are not consistent:`, ...set.problems.map((p) => `  - ${p}`));
  // Skill URIs and answers are the server's, the label a host config's, file names, problems (a JSON parse error
  // quotes a file's first bytes) and the reviewers' names the team folder's: each line shown, never run (terminal-text.ts).
  return `${lines.map(forTerminal).join('\n')}\n`;
}
