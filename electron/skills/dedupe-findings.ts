// The listing, skills/get and a relisting can say the same thing about a
// server or a skill: each thing is said once.
import type { Finding } from '../../shared/model.js';

export function dedupeFindings(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.id}\n${f.message}\n${f.location.skillUri ?? ''}\n${f.location.fileUri ?? ''}\n${f.location.field ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
