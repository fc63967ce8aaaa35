// Types of the review feature: a skill's content-risk review and its
// plain-language summary, the local skill folders shown as origins, and name
// collisions across every origin. Plain, readonly, JSON: they cross the
// contract as they are.
import type { Finding, Severity } from './model.js';

// ---------------------------------------------------------------------------
// Review of one skill

export type ReviewFileKind = 'instructions' | 'markdown' | 'script' | 'executable' | 'text' | 'image' | 'binary';

export interface ReviewedFile {
  readonly uri: string;
  /** Path inside the skill folder, `/`-separated. */
  readonly path: string;
  readonly kind: ReviewFileKind;
  /** For scripts and programs: what runs it, in words ("sh", "Python", "Linux program (ELF)"). */
  readonly runtime?: string;
  readonly size: number;
  readonly digest?: string;
  readonly mimeType?: string;
  readonly isText: boolean;
  /** False when the file could not be read (see `problem`): the review of it is missing. */
  readonly read: boolean;
  readonly problem?: string;
}

export type HiddenTextKind = 'tag-characters' | 'invisible-characters' | 'html-comment' | 'hidden-markdown' | 'hidden-html' | 'image-metadata' | 'decoded-payload';

/** Text a reader does not see but a model receives, made visible. */
export interface HiddenText {
  readonly kind: HiddenTextKind;
  readonly fileUri: string;
  readonly line?: number;
  readonly column?: number;
  /** Where inside the file, when not plain text (an image metadata field: `PNG tEXt "Comment"`). */
  readonly field?: string;
  /** The hidden text with every invisible character drawn visibly; tag characters decoded. */
  readonly text: string;
  /** The finding that reports it. */
  readonly findingId: string;
}

/** Where a summary point's claim comes from: a finding and/or a place in a file. */
export interface SummaryEvidence {
  readonly findingId?: string;
  readonly fileUri?: string;
  readonly line?: number;
  readonly column?: number;
  readonly field?: string;
}

export type SummaryTopic = 'purpose' | 'contents' | 'asks' | 'risk';
export type SummaryTone = 'ok' | 'info' | 'caution' | 'danger';

export interface SummaryPoint {
  readonly topic: SummaryTopic;
  readonly tone: SummaryTone;
  /** One plain sentence, no jargon. */
  readonly text: string;
  readonly evidence: readonly SummaryEvidence[];
}

/** A short description of a skill for someone who does not read code. */
export interface SkillSummary {
  /** One line: how careful to be, and why. */
  readonly headline: string;
  readonly tone: SummaryTone;
  /** What the skill says it is for (its description), or that it does not say. */
  readonly purpose: string;
  readonly points: readonly SummaryPoint[];
  readonly fileCount: number;
  readonly scriptCount: number;
  /** Outside websites and servers the skill mentions, by domain. */
  readonly domains: readonly string[];
  /** Tools the skill asks to use without asking each time (`allowed-tools`), as written. */
  readonly requestedTools: readonly string[];
}

export interface SkillReview {
  /** A server id, or a local origin id (`local:<folder>`). */
  readonly serverId: string;
  readonly skillUri: string;
  readonly name: string;
  readonly qualifiedName: string;
  readonly originKind: 'server' | 'local';
  readonly reviewedAt: string;
  /** Every file was read and checked. False when some could not be (their findings say why). */
  readonly complete: boolean;
  readonly files: readonly ReviewedFile[];
  /** `risk-*` findings, ordered by file and line. */
  readonly findings: readonly Finding[];
  /**
   * Format and protocol findings known when the review ran: for a server's
   * skill what `skills.findings` returns once its files were read; for a local
   * skill the Agent Skills format rules on its SKILL.md.
   */
  readonly formatFindings: readonly Finding[];
  readonly hidden: readonly HiddenText[];
  readonly summary: SkillSummary;
  /** A local skill with more files than the scan reads: how many it has, how many were scanned, and which were not. */
  readonly localScan?: LocalSkillScan;
}

/** How much of a local skill folder the bounded scan read (only when it stopped at the per-skill file limit). */
export interface LocalSkillScan {
  readonly fileCount: number;
  readonly scannedCount: number;
  /** Paths inside the skill folder, `/`-separated, of every file that was not scanned. */
  readonly notScanned: readonly string[];
}

// ---------------------------------------------------------------------------
// Local skill folders

/** Origin ids of local folders start with this; the rest is the folder's absolute path. */
export const LOCAL_ORIGIN_PREFIX = 'local:';

export function localOriginId(folder: string): string {
  return `${LOCAL_ORIGIN_PREFIX}${folder}`;
}

export function isLocalOriginId(id: string): boolean {
  return id.startsWith(LOCAL_ORIGIN_PREFIX);
}

/** Which well-known folder an origin is; `custom` for one the user added. */
export type LocalFolderKind =
  | 'claude-user'
  | 'claude-project'
  | 'agents-user'
  | 'agents-project'
  | 'agents-config-user'
  | 'codex-user'
  | 'gemini-user'
  | 'gemini-project'
  | 'goose-user'
  | 'goose-project'
  | 'copilot-user'
  | 'github-project'
  | 'custom';

export type HostId = 'claude-code' | 'codex' | 'gemini-cli' | 'goose' | 'vscode';

export interface LocalOrigin {
  /** `local:<absolute folder>`; used as `serverId` of its skills everywhere. */
  readonly id: string;
  /** Short display label, e.g. `~/.claude/skills`; used in qualified names. */
  readonly label: string;
  /** What the folder is, in words: "Claude Code — your personal skills". */
  readonly description: string;
  readonly path: string;
  readonly kind: LocalFolderKind;
  readonly scope: 'user' | 'project' | 'custom';
  /** Added by the user (can be removed) rather than a well-known folder. */
  readonly addedByUser: boolean;
  readonly exists: boolean;
  /** Agents documented to read skills from this folder. */
  readonly hosts: readonly HostId[];
  readonly skillCount: number;
  readonly worstSeverity?: Severity;
  /** Things the bounded scan did not follow or read, and why. */
  readonly skipped: readonly { readonly path: string; readonly reason: string }[];
  /** The scan stopped at a limit (depth, folders, files or bytes). */
  readonly truncated: boolean;
  readonly scannedAt?: string;
  readonly error?: string;
}

// ---------------------------------------------------------------------------
// Collisions

export interface HostInfo {
  readonly id: HostId;
  readonly name: string;
  /** Where its skill precedence is documented (or the best source found). */
  readonly source: string;
}

/** One skill as the collisions view shows it: always qualified by its origin. */
export interface QualifiedSkill {
  readonly serverId: string;
  readonly originLabel: string;
  readonly originKind: 'server' | 'local';
  readonly skillUri: string;
  readonly name: string;
  /** `<origin label> › <path prefix/>name`, unique across origins. */
  readonly qualifiedName: string;
  /** For local skills: the folder kind (drives host precedence). */
  readonly folderKind?: LocalFolderKind;
}

/** same-origin: one server (or one local folder) serves the name at two paths. */
export type CollisionScope = 'same-origin' | 'across-servers' | 'server-and-local' | 'across-local';

/** What one agent would do with a clash, per its documentation. */
export interface HostVerdict {
  readonly host: HostId;
  /**
   * picks: loads one and hides the others; shows-all: keeps every copy;
   * sees-one: reads only one of the places; reads-none: reads none of them;
   * unknown: not documented.
   */
  readonly verdict: 'picks' | 'shows-all' | 'sees-one' | 'reads-none' | 'unknown';
  /** The skill it would use (picks / sees-one). */
  readonly chosen?: { readonly serverId: string; readonly skillUri: string };
  /** Whether the user is told; undefined when not documented. */
  readonly silent?: boolean;
  readonly note: string;
  readonly source?: string;
}

export interface Collision {
  readonly name: string;
  readonly scope: CollisionScope;
  /** Every skill with this name, side by side. */
  readonly skills: readonly QualifiedSkill[];
  readonly hosts: readonly HostVerdict[];
}

/**
 * Why two names pair: `confusable`, letters that look alike ("а" for "a");
 * `hidden`, a character in one name that draws as nothing (a zero-width
 * space, a tag character) — nothing looks alike there, the names draw the
 * same; `hyphen`, only hyphens or other separators differ; or a mix.
 */
export type NearCollisionReason = 'confusable' | 'hyphen' | 'confusable-and-hyphen' | 'hidden' | 'hidden-and-hyphen' | 'hidden-and-confusable' | 'hidden-confusable-and-hyphen';

export interface NearCollision {
  /** The two names, as written. */
  readonly names: readonly [string, string];
  /** The form both reduce to once lookalikes and hyphens are folded. */
  readonly skeleton: string;
  readonly reason: NearCollisionReason;
  /** Which characters differ, in words: `"а" (U+0430 CYRILLIC SMALL LETTER A) looks like "a"`. */
  readonly detail: string;
  readonly skills: readonly [QualifiedSkill, QualifiedSkill];
}

export interface CollisionReport {
  readonly generatedAt: string;
  readonly skills: readonly QualifiedSkill[];
  readonly collisions: readonly Collision[];
  readonly nearCollisions: readonly NearCollision[];
  /** `risk-name-collision` / `risk-name-lookalike`, one per skill and clash. */
  readonly findings: readonly Finding[];
  readonly hosts: readonly HostInfo[];
}
