// A server's worst finding as the UI shows it: the main process sends one
// with each listing; files checked since then raise it from the catalog's
// entries. The sidebar and the server overview must agree.
import { severityRank } from '../../../shared/findings.js';
import type { Severity, SkillEntry } from '../../../shared/model.js';

/** The worst severity among each server's skills, by server id. */
export function worstBySkills(skills: Iterable<SkillEntry>): Map<string, Severity> {
  const worst = new Map<string, Severity>();
  for (const entry of skills) {
    const severity: Severity | undefined = entry.errorCount > 0 ? 'error' : entry.warningCount > 0 ? 'warning' : undefined;
    const current = worst.get(entry.serverId);
    if (severity && (!current || severityRank(severity) > severityRank(current))) worst.set(entry.serverId, severity);
  }
  return worst;
}

export function worse(a: Severity | undefined, b: Severity | undefined): Severity | undefined {
  if (!a) return b;
  if (!b) return a;
  return severityRank(a) >= severityRank(b) ? a : b;
}
