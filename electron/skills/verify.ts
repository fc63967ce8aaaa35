// Verification as a pure function: an entry and the exact bytes served in, a
// verdict and findings out (SPEC §2.5). Size is checked before the digest; for
// SKILL.md the frontmatter is compared field by field with the listing. A match
// means "matches listing" — consistency, not safety.
import { createHash } from 'node:crypto';
import { finding } from '../../shared/findings.js';
import type { FileCheck, Finding, FindingLocation, SkillFileRef } from '../../shared/model.js';
import { parseSkillUri } from '../../shared/skill-uri.js';
import { canonicalUri } from './uri-memo.js';
import { compareFrontmatter, parseFrontmatter, type FrontmatterParse } from './frontmatter.js';
import { skillMdFindings } from './format-rules.js';

export interface VerifiableEntry {
  readonly uri: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly resources: readonly SkillFileRef[] | 'dynamic' | null;
  /** Legacy forms that publish no frontmatter: the served one is taken as is. */
  readonly frontmatterDerived?: boolean;
}

export interface FileVerdict {
  readonly check: FileCheck;
  readonly findings: Finding[];
  readonly digest: string;
  /** For the skill's own SKILL.md: its parsed frontmatter and body. */
  readonly skillMd?: FrontmatterParse;
}

/** Not fatal: a SKILL.md that is not valid UTF-8 still shows, with replacement characters (one decoder, not one per file). */
const UTF8 = new TextDecoder('utf-8');

export function sha256(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

export function findResource(entry: VerifiableEntry, fileUri: string): SkillFileRef | undefined {
  if (!Array.isArray(entry.resources)) return undefined;
  const exact = entry.resources.find((r) => r.uri === fileUri);
  if (exact) return exact;
  const key = canonicalUri(fileUri);
  return entry.resources.find((r) => canonicalUri(r.uri) === key);
}

export function verifyFile(
  entry: VerifiableEntry,
  fileUri: string,
  bytes: Uint8Array,
  context: { serverId: string; mimeType?: string; now?: string },
): FileVerdict {
  const now = context.now ?? new Date().toISOString();
  const digest = sha256(bytes);
  const loc: FindingLocation = { serverId: context.serverId, skillUri: entry.uri, fileUri };
  const findings: Finding[] = [];
  const isSkillMd = canonicalUri(fileUri) === canonicalUri(entry.uri);
  let skillMd: FrontmatterParse | undefined;
  let frontmatterFailure: FileCheck | undefined;

  if (isSkillMd) {
    const text = UTF8.decode(bytes);
    skillMd = parseFrontmatter(text);
    const parts = parseSkillUri(entry.uri);
    findings.push(...skillMdFindings(skillMd, loc, parts.ok ? { finalSegment: parts.parts.finalSegment } : {}));
    if (context.mimeType !== undefined && !/^text\/markdown\b/i.test(context.mimeType)) {
      findings.push(finding('sep-2640-skillmd-mimetype', `SKILL.md was served as ${context.mimeType}; it should be text/markdown.`, loc, { expected: 'text/markdown', actual: context.mimeType }));
    }
    if (skillMd.ok && !entry.frontmatterDerived) {
      const differences = compareFrontmatter(entry.frontmatter as Record<string, unknown>, skillMd.value);
      if (differences.length > 0) {
        const lines = differences.map((d) => `${d.field}: listing ${d.listed ?? '(absent)'}, file ${d.served ?? '(absent)'}`);
        for (const d of differences) {
          findings.push(
            finding('sep-2640-host-frontmatter-comparison', `Field "${d.field}" differs: the listing says ${d.listed ?? '(absent)'}, the served SKILL.md says ${d.served ?? '(absent)'}. The skill must not load.`, {
              ...loc,
              field: d.field,
              ...(skillMd.fieldLines[d.field] !== undefined ? { line: skillMd.fieldLines[d.field] } : {}),
            }, { expected: d.listed ?? '(absent)', actual: d.served ?? '(absent)' }),
          );
        }
        findings.push(finding('sep-2640-entry-frontmatter-identical', `The entry's frontmatter is not identical to the served SKILL.md's (${differences.map((d) => d.field).join(', ')}).`, loc));
        frontmatterFailure = {
          state: 'failed',
          reason: 'frontmatter',
          message: `Frontmatter differs from the listing: ${lines.join('; ')}`,
          expected: differences.map((d) => `${d.field}=${d.listed ?? '(absent)'}`).join(', '),
          actual: differences.map((d) => `${d.field}=${d.served ?? '(absent)'}`).join(', '),
          checkedAt: now,
        };
      }
    } else if (!skillMd.ok) {
      frontmatterFailure = { state: 'failed', reason: 'frontmatter', message: `SKILL.md has no usable frontmatter: ${skillMd.message}`, checkedAt: now };
    }
  }

  if (entry.resources === 'dynamic' || entry.resources === null) {
    const check: FileCheck = frontmatterFailure ?? {
      state: 'unverifiable',
      reason: entry.resources === 'dynamic' ? 'The skill is dynamic: the server publishes no digests, so these bytes cannot be checked.' : 'The entry has no resources list, so nothing can be checked.',
      checkedAt: now,
    };
    return { check, findings, digest, ...(skillMd ? { skillMd } : {}) };
  }

  const listed = findResource(entry, fileUri);
  if (!listed) {
    findings.push(finding('sep-2640-host-unlisted-read-failure', `${fileUri} is not in the resources of ${entry.uri}; a host acting on this skill must not read it.`, loc));
    return { check: { state: 'failed', reason: 'unlisted', message: `${fileUri} is not part of this skill's resources.`, checkedAt: now }, findings, digest, ...(skillMd ? { skillMd } : {}) };
  }
  if (listed.digest === '') {
    return {
      check: frontmatterFailure ?? { state: 'unverifiable', reason: 'The server published no digest for this file (a legacy form), so it cannot be checked.', checkedAt: now },
      findings,
      digest,
      ...(skillMd ? { skillMd } : {}),
    };
  }
  // A negative size is a legacy entry that published a digest but no size.
  if (listed.size >= 0 && bytes.byteLength !== listed.size) {
    findings.push(
      finding('sep-2640-host-size-mismatch-failure', `${fileUri} is ${bytes.byteLength} bytes; the listing says ${listed.size}. The content must not be used.`, loc, {
        expected: `${listed.size} bytes`,
        actual: `${bytes.byteLength} bytes`,
      }),
    );
    return {
      check: { state: 'failed', reason: 'size', expected: `${listed.size}`, actual: `${bytes.byteLength}`, message: `Size mismatch: expected ${listed.size} bytes, got ${bytes.byteLength}.`, checkedAt: now },
      findings,
      digest,
      ...(skillMd ? { skillMd } : {}),
    };
  }
  if (digest !== listed.digest) {
    findings.push(
      finding('sep-2640-host-verify-digest', `${fileUri} hashes to ${digest}; the listing says ${listed.digest}. The content must not be used.`, loc, { expected: listed.digest, actual: digest }),
    );
    return {
      check: { state: 'failed', reason: 'digest', expected: listed.digest, actual: digest, message: 'Digest mismatch: the bytes served are not the bytes listed.', checkedAt: now },
      findings,
      digest,
      ...(skillMd ? { skillMd } : {}),
    };
  }
  // The listed digest string is the same text: keep that one, so 10,000 skills hold one copy, not two.
  const check: FileCheck = frontmatterFailure ?? { state: 'verified', digest: listed.digest, size: bytes.byteLength, checkedAt: now };
  return { check, findings, digest, ...(skillMd ? { skillMd } : {}) };
}
