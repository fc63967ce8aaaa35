// Verification as a pure function: an entry and the exact bytes served in, a
// verdict and findings out (SPEC §2.5). Size is checked before the digest; for
// SKILL.md the frontmatter is compared field by field with the listing. A match
// means "matches listing" — consistency, not safety. "Verified" is said only
// when the entry is loadable and declared a byte count and a digest that both
// match; a legacy form that publishes no sizes is at most unverifiable.
import { createHash } from 'node:crypto';
import { finding } from '../../shared/findings.js';
import type { FileCheck, Finding, FindingLocation, SkillFileRef } from '../../shared/model.js';
import { parseSkillUri } from '../../shared/skill-uri.js';
import { canonicalUri } from './uri-memo.js';
import { compareFrontmatter, parseFrontmatter, type FrontmatterParse } from './frontmatter.js';
import { skillMdFindings } from './format-rules.js';
import { append } from './append.js';

export interface VerifiableEntry {
  readonly uri: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly resources: readonly SkillFileRef[] | 'dynamic' | null;
  /** Legacy forms that publish no frontmatter: the served one is taken as is. */
  readonly frontmatterDerived?: boolean;
  /** Whether a host may load the entry (entry-rules): the files of one that is not are never "verified". */
  readonly loadable: boolean;
  /**
   * The legacy discovery form the entry came in (SPEC §6), if any. These publish
   * no sizes, so a file without one is unverifiable (reduced integrity) rather
   * than failed; a current entry's missing or bad size is a failure.
   */
  readonly legacyForm?: string | undefined;
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

/**
 * What the bytes are checked against: the listed ref for the file, or, when the entry lists the
 * file more than once (in canonical form; such an entry is not loadable), the first of those refs
 * the bytes do not match, so no listed digest or size is left uncompared.
 */
function refToCheck(entry: VerifiableEntry, fileUri: string, bytes: Uint8Array, digest: string): SkillFileRef | undefined {
  const first = findResource(entry, fileUri);
  if (!first || !Array.isArray(entry.resources)) return first;
  // The URI read, when listed as read: only its own listings. Canonical forms join what a server names apart
  // (x%5Cy.md beside x/y.md, two files to the SDK), and bytes read at one are no evidence against the other's digest.
  const key = canonicalUri(fileUri);
  const exact = first.uri === fileUri;
  const listed = entry.resources.filter((r) => r === first || (exact ? r.uri === fileUri : canonicalUri(r.uri) === key));
  if (listed.length < 2) return first;
  return listed.find((r) => r.digest !== digest || declaredSizeOf(r) !== undefined || r.size !== bytes.byteLength) ?? first;
}

/**
 * The failed check and the findings of a SKILL.md whose frontmatter differs from the listing's, field by field.
 * Also used by the registry (registry.ts keptSkillMd) when a relisting changes the frontmatter of bytes it checked.
 */
export function frontmatterMismatch(
  differences: ReturnType<typeof compareFrontmatter>,
  loc: FindingLocation,
  now: string,
  fieldLines: Readonly<Record<string, number | undefined>> = {},
): { check: FileCheck; findings: Finding[] } {
  const lines = differences.map((d) => `${d.field}: listing ${d.listed ?? '(absent)'}, file ${d.served ?? '(absent)'}`);
  const findings = differences.map((d) =>
    finding('sep-2640-host-frontmatter-comparison', `Field "${d.field}" differs: the listing says ${d.listed ?? '(absent)'}, the served SKILL.md says ${d.served ?? '(absent)'}. The skill must not load.`, {
      ...loc,
      field: d.field,
      ...(fieldLines[d.field] !== undefined ? { line: fieldLines[d.field] } : {}),
    }, { expected: d.listed ?? '(absent)', actual: d.served ?? '(absent)' }),
  );
  findings.push(finding('sep-2640-entry-frontmatter-identical', `The entry's frontmatter is not identical to the served SKILL.md's (${differences.map((d) => d.field).join(', ')}).`, loc));
  const check: FileCheck = {
    state: 'failed',
    reason: 'frontmatter',
    message: `Frontmatter differs from the listing: ${lines.join('; ')}`,
    expected: differences.map((d) => `${d.field}=${d.listed ?? '(absent)'}`).join(', '),
    actual: differences.map((d) => `${d.field}=${d.served ?? '(absent)'}`).join(', '),
    checkedAt: now,
  };
  return { check, findings };
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
    append(findings, skillMdFindings(skillMd, loc, parts.ok ? { finalSegment: parts.parts.finalSegment } : {}));
    if (context.mimeType !== undefined && !/^text\/markdown\b/i.test(context.mimeType)) {
      findings.push(finding('sep-2640-skillmd-mimetype', `SKILL.md was served as ${context.mimeType}; it should be text/markdown.`, loc, { expected: 'text/markdown', actual: context.mimeType }));
    }
    if (skillMd.ok && !entry.frontmatterDerived) {
      const differences = compareFrontmatter(entry.frontmatter as Record<string, unknown>, skillMd.value);
      if (differences.length > 0) {
        const mismatch = frontmatterMismatch(differences, loc, now, skillMd.fieldLines);
        append(findings, mismatch.findings);
        frontmatterFailure = mismatch.check;
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

  const listed = refToCheck(entry, fileUri, bytes, digest);
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
  const declared = declaredSizeOf(listed);
  // A legacy form, or the SEP v1 entry shape (no file has a size): the digest alone is checked.
  const sizeless = declared !== undefined && (entry.legacyForm !== undefined || publishesNoSizes(entry.resources));
  if (declared !== undefined && !sizeless) {
    findings.push(
      finding('sep-2640-host-size-mismatch-failure', `${fileUri} is ${bytes.byteLength} bytes; the listing's size is ${declared}, which is not a byte count, so the bytes cannot be matched to it. The content must not be used.`, loc, {
        expected: declared,
        actual: `${bytes.byteLength} bytes`,
      }),
    );
    return {
      check: { state: 'failed', reason: 'size', expected: declared, actual: `${bytes.byteLength}`, message: `Size mismatch: the listing's size is ${declared} (not a byte count); got ${bytes.byteLength} bytes.`, checkedAt: now },
      findings,
      digest,
      ...(skillMd ? { skillMd } : {}),
    };
  }
  if (declared === undefined && bytes.byteLength !== listed.size) {
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
  let check: FileCheck;
  if (frontmatterFailure) check = frontmatterFailure;
  else if (sizeless) {
    const form = entry.legacyForm !== undefined ? `the legacy form ${entry.legacyForm}` : 'the SEP v1 entry shape';
    check = { state: 'unverifiable', reason: `Reduced integrity: the digest matches, but the server published no size for this file (${form}), so it is not shown as verified.`, checkedAt: now };
  } else if (!entry.loadable) {
    check = { state: 'unverifiable', reason: "The bytes match the listing, but the skill's entry is invalid (see its findings), so a host must not load it and its files are never verified.", checkedAt: now };
  } else {
    // The listed digest string is the same text: keep that one, so 10,000 skills hold one copy, not two.
    check = { state: 'verified', digest: listed.digest, size: bytes.byteLength, checkedAt: now };
  }
  return { check, findings, digest, ...(skillMd ? { skillMd } : {}) };
}

/**
 * The size as the listing declared it, when that is not a byte count: the
 * value as sent ("-5", "1.5", "absent"), or undefined for a non-negative integer.
 */
export function declaredSizeOf(ref: SkillFileRef): string | undefined {
  if (ref.declaredSize !== undefined) return ref.declaredSize;
  return Number.isSafeInteger(ref.size) && ref.size >= 0 ? undefined : String(ref.size);
}

/** The SEP v1 entry shape: no file has a size at all. Only asked about a file whose size is bad, so a listing is not walked per file. */
function publishesNoSizes(resources: readonly SkillFileRef[]): boolean {
  return resources.length > 0 && resources.every((r) => r.declaredSize === 'absent');
}
