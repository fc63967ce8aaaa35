// A relisted skill's SKILL.md check, judged again when the listing's
// frontmatter (or the way it is published) changed while the digests did not:
// the check said the bytes matched the frontmatter of the time, and must say
// what checking the same bytes against the new listing would (registry.ts upsert).
import type { FileCheck, Finding } from '../../shared/model.js';
import { isoNow } from './clock.js';
import type { CheckedEntry } from './entry-rules.js';
import { compareFrontmatter } from './frontmatter.js';
import { frontmatterMismatch } from './verify.js';

/**
 * A SKILL.md check, with its findings, as checking the same bytes against a
 * relisted entry whose frontmatter (or the way it is published) changed
 * would make it; undefined when that cannot be said without reading them
 * again. The comparison is verify.ts's (`verifyFile`), made without the bytes:
 * a check that passed it was made against frontmatter equal, field by field,
 * to the previous listing's, so the served frontmatter is that one.
 */
export function keptSkillMd(
  serverId: string,
  previous: { readonly frontmatterDerived: boolean; readonly entry: CheckedEntry },
  check: FileCheck,
  findings: Finding[] | undefined,
  entry: CheckedEntry,
  fileUri: string,
  frontmatterDerived: boolean,
): { check: FileCheck; findings: Finding[] | undefined } | undefined {
  // Failed on the bytes themselves (digest, size, a changed second read, no usable frontmatter): no listing changes that.
  if (check.state === 'failed' && (check.reason !== 'frontmatter' || check.expected === undefined)) return { check, findings };
  // Failed the comparison with the previous listing: what the file says was not kept, so it must be read again.
  if (check.state === 'failed') return undefined;
  // Made without a comparison (derived frontmatter), or to be made without one now: read again.
  if (previous.frontmatterDerived || frontmatterDerived) return undefined;
  if (check.state === 'unread') return { check, findings };
  const differences = compareFrontmatter(entry.frontmatter, previous.entry.frontmatter);
  if (differences.length === 0) return { check, findings };
  // The same findings and check verifyFile makes (less the fields' line numbers, which only the bytes know).
  const mismatch = frontmatterMismatch(differences, { serverId, skillUri: entry.uri, fileUri }, isoNow());
  return { check: mismatch.check, findings: [...(findings ?? []), ...mismatch.findings] };
}
