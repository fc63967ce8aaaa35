// The listing, skills/get and a relisting can say the same thing about a
// server or a skill: each thing is said once.
import type { Finding } from '../../shared/model.js';
import { canonicalUri } from './uri-memo.js';

export function dedupeFindings(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.id}\n${f.message}\n${f.location.skillUri ?? ''}\n${f.location.fileUri ?? ''}\n${f.location.field ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const LISTED_FIELD = 'frontmatter.';
/** What frontmatterFindings (format-rules.ts) reports: the findings both sides repeat. */
const isFormatRule = (id: string) => id.startsWith('agentskills-') || id === 'sep-2640-name-naming-rules' || id === 'sep-2640-metadata-reserved-prefix' || id === 'inspector-frontmatter-merge-key';

/**
 * The format rules (frontmatterFindings) judge a skill's frontmatter twice: as the listing (and
 * skills/get) sent it, located by field (`frontmatter.allowed-tools`), and
 * once SKILL.md was read, as the served file has it, located by file, field
 * and line. When both say the same thing (same ID, same field), it is said
 * once: the served file's finding, which points at the line. A listing
 * finding the file does not repeat stays — the listing and the file can
 * differ, and the comparison finding says where.
 */
export function preferServedFrontmatter(findings: readonly Finding[], skillUri: string): Finding[] {
  const skillKey = canonicalUri(skillUri);
  const served = new Set<string>();
  for (const f of findings) {
    const { fileUri, field } = f.location;
    if (isFormatRule(f.id) && fileUri !== undefined && field !== undefined && (fileUri === skillUri || canonicalUri(fileUri) === skillKey)) served.add(`${f.id}\n${field}`);
  }
  if (served.size === 0) return [...findings];
  return findings.filter((f) => {
    const { fileUri, field } = f.location;
    if (!isFormatRule(f.id) || fileUri !== undefined || field === undefined || !field.startsWith(LISTED_FIELD)) return true;
    return !served.has(`${f.id}\n${field.slice(LISTED_FIELD.length)}`);
  });
}
