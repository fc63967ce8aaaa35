// What passed, not only what failed: for each listed file whether its size
// and digest were checked against the listing and matched, and whether the
// served frontmatter is the listed one. Read off the file checks the main
// process recorded (electron/skills/verify.ts checks size, then digest, then
// the frontmatter of SKILL.md), never guessed: a check that did not run says so.
import type { FileCheck, Finding, SkillEntry, SkillFileRef } from '../../../../shared/model.js';
import { relativePath } from './skill-paths.js';

/** pass: checked and matched; fail: checked and differed; not-checked: read, but this check could not run; unread: not read yet. */
export type CheckOutcome = 'pass' | 'fail' | 'not-checked' | 'unread';

export interface FileEvidence {
  readonly uri: string;
  readonly path: string;
  readonly size: CheckOutcome;
  readonly digest: CheckOutcome;
  /** Bytes read (when the size matched) or as listed. */
  readonly bytes?: number;
  readonly listedDigest?: string;
  /** Why a check did not pass or did not run, in words. */
  readonly note?: string;
}

export interface CheckEvidence {
  /** Undefined when the skill lists no files to compare (dynamic, or no resources). */
  readonly files?: readonly FileEvidence[];
  /** Files whose size and digest both matched. */
  readonly passed: number;
  /** Files read so far (whatever the outcome). */
  readonly read: number;
  readonly frontmatter: CheckOutcome;
  readonly frontmatterNote?: string;
}

const FRONTMATTER_FINDINGS = new Set(['sep-2640-entry-frontmatter-identical', 'sep-2640-host-frontmatter-comparison']);

function hasByteCount(ref: SkillFileRef): boolean {
  return ref.declaredSize === undefined && Number.isSafeInteger(ref.size) && ref.size >= 0;
}

function fileEvidence(entry: SkillEntry, ref: SkillFileRef, check: FileCheck): FileEvidence {
  const base = { uri: ref.uri, path: relativePath(entry, ref.uri), listedDigest: ref.digest };
  switch (check.state) {
    case 'unread':
      return { ...base, size: 'unread', digest: 'unread', ...(check.message ? { note: check.message } : {}) };
    case 'verified':
      return { ...base, size: 'pass', digest: 'pass', bytes: check.size };
    case 'unverifiable':
      return { ...base, size: 'not-checked', digest: 'not-checked', note: check.reason };
    case 'failed':
      switch (check.reason) {
        case 'size':
          return { ...base, size: 'fail', digest: 'not-checked', note: check.message };
        case 'digest':
          return { ...base, size: 'pass', digest: 'fail', bytes: ref.size, note: check.message };
        case 'frontmatter': {
          // The size and digest are checked before a frontmatter difference is reported, when the listing gives both.
          const digest: CheckOutcome = ref.digest !== '' ? 'pass' : 'not-checked';
          const size: CheckOutcome = digest === 'pass' && hasByteCount(ref) ? 'pass' : 'not-checked';
          return { ...base, size, digest, ...(size === 'pass' ? { bytes: ref.size } : {}), note: check.message };
        }
        default:
          return { ...base, size: 'not-checked', digest: 'not-checked', note: check.message };
      }
  }
}

export function checkEvidence(entry: SkillEntry, findings: readonly Finding[] = []): CheckEvidence {
  const skillMd = entry.files[entry.uri];
  const frontmatterFailed = (skillMd?.state === 'failed' && skillMd.reason === 'frontmatter') || findings.some((f) => FRONTMATTER_FINDINGS.has(f.id));
  const frontmatter: CheckOutcome = frontmatterFailed ? 'fail' : skillMd?.state === 'verified' ? 'pass' : !skillMd || skillMd.state === 'unread' ? 'unread' : 'not-checked';
  const frontmatterNote =
    frontmatter === 'fail' && skillMd?.state === 'failed'
      ? skillMd.message
      : frontmatter === 'not-checked' && skillMd
        ? skillMd.state === 'unverifiable'
          ? skillMd.reason
          : skillMd.state === 'failed'
            ? `SKILL.md did not check out (${skillMd.message}), so the skill is not loaded whatever its frontmatter says.`
            : undefined
        : undefined;
  const withNote = { frontmatter, ...(frontmatterNote ? { frontmatterNote } : {}) };
  if (!Array.isArray(entry.resources)) {
    const read = Object.values(entry.files).filter((c) => c.state !== 'unread').length;
    return { passed: 0, read, ...withNote };
  }
  const files = entry.resources.map((ref) => fileEvidence(entry, ref, entry.files[ref.uri] ?? { state: 'unread' }));
  return {
    files,
    passed: files.filter((f) => f.size === 'pass' && f.digest === 'pass').length,
    read: files.filter((f) => f.size !== 'unread').length,
    ...withNote,
  };
}

/**
 * The frontmatter line of Checks. A SKILL.md that failed for its frontmatter with nothing to set beside the listing
 * (it does not parse, or hosts built on the MCP SDK refuse it) is not said to differ from the listing: it could not
 * be compared at all.
 */
export function frontmatterWords(evidence: CheckEvidence, entry: SkillEntry): string {
  if (evidence.frontmatter === 'pass') return 'Frontmatter identical to the listing ✓';
  if (evidence.frontmatter === 'fail') {
    const check = entry.files[entry.uri];
    const unusable = check?.state === 'failed' && check.reason === 'frontmatter' && check.expected === undefined;
    return unusable ? 'Frontmatter not usable ✗: it could not be compared with the listing (see the findings below)' : 'Frontmatter differs from the listing ✗ (see the findings below)';
  }
  if (evidence.frontmatter === 'unread') return 'Frontmatter not compared yet: SKILL.md is not read.';
  return `Frontmatter not confirmed${evidence.frontmatterNote ? `: ${evidence.frontmatterNote}` : '.'}`;
}
