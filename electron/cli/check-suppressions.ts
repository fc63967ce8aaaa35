// `check --receipts DIR`: the team's suppressions applied to a check. A
// suppression counts only from a receipt signed by a key allowed-signers
// trusts for this server's label; it hides its finding while the file's
// served digest is the one it was granted for and it has not expired.
// Otherwise the finding is reported, with why its suppression lapsed.
import path from 'node:path';
import type { Finding } from '../../shared/model.js';
import { checkReceipts, type ServedSkill } from '../team/receipt-check.js';
import { applySuppressions, describeSuppression, type GrantedSuppression, type ReopenedFinding, type SuppressedFinding } from '../team/suppressions.js';
import type { CheckReport } from './check.js';
import { readTeamFolderFlags } from './team-folder-flag.js';

export interface SuppressedReport extends CheckReport {
  readonly suppressed: readonly SuppressedFinding[];
  readonly reopened: readonly ReopenedFinding[];
}

/** The allowed-signers file beside the receipts folder, as the team folder lays them out. */
export function defaultTrust(receiptsDir: string): string {
  return path.join(path.dirname(receiptsDir), 'allowed-signers');
}

export async function withTeamSuppressions(report: CheckReport, receiptsDir: string, trust: string, asOf: Date): Promise<SuppressedReport> {
  const { signers, receipts } = await readTeamFolderFlags(receiptsDir, trust);
  const digests = new Map<string, string>();
  const served: ServedSkill[] = [];
  for (const s of report.skills) {
    if (s.resources === null) continue;
    if (s.resources !== 'dynamic') for (const r of s.resources) digests.set(r.uri, r.digest);
    served.push({ uri: s.uri, name: s.name, resources: s.resources === 'dynamic' ? 'dynamic' : s.resources.map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })) });
  }
  const check = checkReceipts(report.server.label, served, receipts, signers, asOf);
  const granted: GrantedSuppression[] = check.skills.flatMap((s) => s.suppressions ?? []);
  const outcome = applySuppressions(report.findings, granted, (uri) => digests.get(uri), asOf);
  return { ...report, findings: [...outcome.reported], suppressed: outcome.suppressed, reopened: outcome.reopened };
}

/** The lines `check` adds to its text report: what is suppressed, and what came back and why. */
export function suppressionLines(report: SuppressedReport): string {
  const lines: string[] = [];
  if (report.suppressed.length > 0) {
    lines.push(`${report.suppressed.length} finding(s) suppressed by team receipts:`);
    for (const s of report.suppressed) lines.push(`  ${where(s.finding)}: ${describeSuppression(s.by.suppression)}, by ${s.by.reviewer.name} for ${s.by.suppression.owner} until ${s.by.until.slice(0, 10)}: ${s.by.suppression.reason}`);
  }
  if (report.reopened.length > 0) {
    lines.push(`${report.reopened.length} suppressed finding(s) reported again:`);
    for (const r of report.reopened) lines.push(`  ${where(r.finding)}: ${describeSuppression(r.by.suppression)}: ${r.why} (${r.by.receipt})`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

function where(f: Finding): string {
  return f.location.skillUri ?? f.location.fileUri ?? '(server)';
}
