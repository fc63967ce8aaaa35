// Domain types of content-bound approvals: what the user decided about a skill,
// bound to exactly the files and frontmatter they reviewed; the review itself;
// the history of what a server served; diffs between two versions; the audit
// trail. Plain, readonly, JSON-serialisable: they cross the contract as they are.
import type { ApprovalState, FileCheck, Finding, ProtocolEra, SelfReportedInfo, SkillFileRef, SkillSource } from './model.js';

/** A content fingerprint: `sha256:` + 64 hex over the canonical JSON of `{ resources, frontmatter }`. */
export type Fingerprint = string;

export type ApprovalDecision = 'approved' | 'declined' | 'changed';

/** Why an approval stopped holding: the server served something other than what was approved. */
export interface Revocation {
  readonly at: string;
  /** Plain language, naming each file or field that changed. */
  readonly reason: string;
  /** `entry-changed`: a listing or skills/get described other files or frontmatter; `file-changed`: a read returned other bytes. */
  readonly cause: 'entry-changed' | 'file-changed';
  readonly via: 'listing' | 'get' | 'read';
  /** The version the server described instead (a history fingerprint), when known. */
  readonly observedFingerprint?: Fingerprint;
}

/**
 * An error-level finding of the version to be approved, named so a person can
 * acknowledge it. Approving a version with error-level findings requires each
 * one acknowledged by its `key` (shared/acknowledgements.ts findingKey); the
 * approval record and the audit log keep what was acknowledged.
 */
export interface Acknowledgement {
  /** The finding's key: what `approvals.approve` takes in `acknowledge`. */
  readonly key: string;
  /** The finding ID (`risk-fetch-and-run`). */
  readonly id: string;
  readonly title: string;
  readonly message: string;
  readonly fileUri?: string;
  /** The file's path inside the skill (`SKILL.md`, `scripts/install.sh`). */
  readonly path?: string;
  readonly line?: number;
  readonly field?: string;
  /** The text the finding points at, invisible characters made visible. */
  readonly excerpt?: string;
}

/** `allowed-tools` the skill requests, and whether the user granted them (never implied by approval). */
export interface AllowedToolsGrant {
  /** The tools as written (a space-separated string split; a YAML list taken item by item). */
  readonly requested: readonly string[];
  readonly granted: boolean;
  readonly decidedAt?: string;
}

/** One decision, keyed by (serverId, skillUri): the host's server identity and the skill's URI. */
export interface ApprovalRecord {
  readonly serverId: string;
  readonly skillUri: string;
  readonly skillName: string;
  readonly decision: ApprovalDecision;
  /** Every file as reviewed ({uri, digest, size}); `"dynamic"` only for a declined dynamic skill. */
  readonly resources: readonly SkillFileRef[] | 'dynamic';
  /** The frontmatter as reviewed. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly fingerprint: Fingerprint;
  readonly decidedAt: string;
  readonly note?: string;
  /** Only an approved skill can be enabled; a revocation disables it. */
  readonly enabled: boolean;
  /** `null` when the reviewed frontmatter requests no allowed-tools. */
  readonly allowedTools: AllowedToolsGrant | null;
  /** Set when decision is `changed`. */
  readonly revoked?: Revocation;
  /** The error-level findings the user acknowledged, one by one, to approve this version. */
  readonly acknowledged?: readonly Acknowledgement[];
}

/**
 * Why a skill is held off while a decision is in memory only (a full disk): its approval was withdrawn because the
 * skill changed upstream, or the user took it away (revoke, decline, disable). Keyed by `serverId\nskillUri`.
 */
export type HeldDecisions = ReadonlyMap<string, 'changed upstream' | 'by the user'>;

export type AuditAction = 'approve' | 'decline' | 'revoke' | 'grant' | 'ungrant' | 'enable' | 'disable' | 'forget';

/** One line of the append-only audit log. */
export interface AuditEntry {
  readonly at: string;
  readonly action: AuditAction;
  readonly serverId: string;
  readonly serverLabel?: string;
  readonly skillUri?: string;
  readonly reason: string;
  readonly fingerprint?: Fingerprint;
  /** `true` when the app did it (a change revoked an approval), `false` when the user did. */
  readonly automatic: boolean;
  readonly note?: string;
  /** An approval of a version with error-level findings: each one the user acknowledged. */
  readonly acknowledged?: readonly Acknowledgement[];
}

/** One file as the review read it. */
export interface ReviewFile {
  readonly uri: string;
  /** Path under the skill root (`SKILL.md`, `references/GUIDE.md`). */
  readonly path: string;
  /** What the entry lists for it; absent for a dynamic skill. */
  readonly listed?: { readonly digest: string; readonly size: number };
  readonly check: FileCheck;
  readonly mimeType?: string;
  /** Bytes received; 0 when not read. */
  readonly size: number;
  /** Digest of the bytes received; '' when not read. */
  readonly digest: string;
  readonly isText: boolean;
  /** UTF-8 text of the bytes, when they are text. Exact bytes: `approvals.snapshotFile`. */
  readonly text?: string;
  /** The verified bytes are in the snapshot store. */
  readonly snapshotted: boolean;
  /** A nested skill's SKILL.md: plain markdown here, it does nothing until that skill is approved itself. */
  readonly nestedSkillMd: boolean;
  /** Why the file was not read (SKILL.md failed, the review was cancelled). */
  readonly notRead?: string;
}

export interface ScriptRequest {
  readonly uri: string;
  readonly path: string;
  /** Why it looks executable: `in a scripts/ folder`, `.sh file`, `starts with #!`. */
  readonly reasons: readonly string[];
}

/** A frontmatter field some hosts execute or act on (hooks and the like). */
export interface ExecutableField {
  readonly field: string;
  /** The value as JSON, shortened. */
  readonly value: string;
  readonly why: string;
}

/** A `!`command`` expansion in a markdown file: some hosts run it before the prompt. */
export interface CommandExpansion {
  readonly uri: string;
  readonly line: number;
  readonly text: string;
}

export interface NestedSkillRequest {
  /** URI of the nested SKILL.md. */
  readonly uri: string;
  readonly path: string;
  /** Whether the server lists it as a skill of its own. */
  readonly known: boolean;
  readonly approval: ApprovalState;
  readonly enabled: boolean;
}

/** What a skill asks of a host, shown before approval. */
export interface SkillRequests {
  readonly scripts: readonly ScriptRequest[];
  /** `null` when the frontmatter has no allowed-tools. */
  readonly allowedTools: {
    readonly requested: readonly string[];
    /** The spec wants a space-separated string; a list or other value is shown as found. */
    readonly wellFormed: boolean;
    readonly granted: boolean;
  } | null;
  readonly executableFields: readonly ExecutableField[];
  /** The first hundred `!`command`` expansions; how many more the files hold is `commandExpansionsNotListed`. */
  readonly commandExpansions: readonly CommandExpansion[];
  readonly commandExpansionsNotListed?: number;
  readonly nestedSkills: readonly NestedSkillRequest[];
}

/** Where a skill comes from. The label is the host's; the server's own name is only self-reported. */
export interface SkillOrigin {
  readonly serverId: string;
  readonly serverLabel: string;
  /** `stdio: node server.mjs` or the URL; never environment or headers. */
  readonly transport: string;
  readonly source: SkillSource;
  readonly legacyForm?: string;
  readonly era?: ProtocolEra;
  readonly protocolVersion?: string;
  readonly selfReported?: SelfReportedInfo;
}

export interface ReviewReport {
  readonly serverId: string;
  readonly skillUri: string;
  readonly name: string;
  readonly description: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly resources: readonly SkillFileRef[] | 'dynamic' | null;
  /** Pass it to `approvals.approve`: the approval binds exactly this version. */
  readonly fingerprint: Fingerprint;
  readonly dynamic: boolean;
  /** SKILL.md first, then the rest in listing order. */
  readonly files: readonly ReviewFile[];
  readonly findings: readonly Finding[];
  readonly requests: SkillRequests;
  readonly origin: SkillOrigin;
  readonly nestedIn?: string;
  readonly canApprove: boolean;
  /** Why approval is not possible, in plain language (empty when it is). */
  readonly blockers: readonly string[];
  /** The version's error-level findings: approving it needs each acknowledged by name. */
  readonly acknowledgements: readonly Acknowledgement[];
  readonly approval: ApprovalRecord | null;
  readonly reviewedAt: string;
  readonly cancelled: boolean;
}

/** One distinct entry (file set + frontmatter) a server served for a skill. */
export interface EntryVersion {
  readonly fingerprint: Fingerprint;
  readonly resources: readonly SkillFileRef[] | 'dynamic' | null;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly firstSeen: string;
  readonly lastSeen: string;
  readonly timesSeen: number;
  readonly firstSeenVia: 'listing' | 'get';
}

export interface SkillHistory {
  readonly serverId: string;
  readonly skillUri: string;
  /** Oldest first. */
  readonly versions: readonly EntryVersion[];
  readonly approvedFingerprint?: Fingerprint;
  /** The version the app holds now (from the last listing or skills/get). */
  readonly currentFingerprint?: Fingerprint;
}

/** `approved` (the bound version), `current` (what the server serves now), or a history fingerprint. */
export type VersionRef = 'approved' | 'current' | Fingerprint;

export interface FileSide {
  readonly digest: string;
  readonly size: number;
}

/** One hunk of a unified line diff; lines start with ' ', '-' or '+'. */
export interface LineHunk {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  readonly lines: readonly string[];
}

export interface TextDiff {
  readonly hunks: readonly LineHunk[];
  readonly added: number;
  readonly removed: number;
}

export type FileChangeKind = 'added' | 'removed' | 'changed' | 'unchanged';

export interface FileDiff {
  readonly uri: string;
  readonly path: string;
  readonly change: FileChangeKind;
  readonly before?: FileSide;
  readonly after?: FileSide;
  /** Line diff, when both sides' bytes are known and are text. */
  readonly text?: TextDiff;
  /** Why there is no line diff (binary, never reviewed, failed verification). */
  readonly textUnavailable?: string;
  readonly binary?: boolean;
}

export interface FieldDiff {
  readonly field: string;
  readonly change: 'added' | 'removed' | 'changed';
  readonly before?: unknown;
  readonly after?: unknown;
}

export interface VersionSummary {
  readonly ref: VersionRef;
  readonly fingerprint: Fingerprint;
  readonly resources: readonly SkillFileRef[] | 'dynamic' | null;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** When this version was approved, or first/last seen. */
  readonly approvedAt?: string;
  readonly firstSeen?: string;
  readonly lastSeen?: string;
}

/**
 * What the content-risk rules find in the two versions, side by side: the
 * findings the newer one has and the older does not (each at its line in the
 * newer file), those that are gone (at their line in the older file), and
 * those in both. A finding is the same in both when its ID, file, field and
 * the text it points at are: a line that only moved is not new.
 */
export interface RiskDelta {
  readonly added: readonly Finding[];
  readonly gone: readonly Finding[];
  readonly unchanged: readonly Finding[];
  /** Files of each side the rules could not look at (their bytes were never reviewed, or could not be read), by path. */
  readonly fromUnreviewed: readonly string[];
  readonly toUnreviewed: readonly string[];
  /** The rules could not run at all (no reviewer, or it failed): why. The delta is then empty. */
  readonly unavailable?: string;
}

export interface SkillDiff {
  readonly serverId: string;
  readonly skillUri: string;
  readonly from: VersionSummary;
  readonly to: VersionSummary;
  /** Every file of either side; unchanged ones too, marked so. */
  readonly files: readonly FileDiff[];
  readonly frontmatter: readonly FieldDiff[];
  readonly identical: boolean;
  /** Whether `approvals.approve` with `to.fingerprint` would succeed now (re-approval from the diff), acknowledgements given. */
  readonly canApprove: boolean;
  readonly blockers: readonly string[];
  /** The risk rules on both sides' bytes; absent when the versions are identical. */
  readonly risk?: RiskDelta;
  /** When `to` is what the server serves now: its error-level findings, each to acknowledge by name to approve it. */
  readonly acknowledgements: readonly Acknowledgement[];
}

/** What a host reads to know which skills of one server it may use (`approvals.exportEnabled`). */
export interface EnabledExport {
  readonly format: 'skill-inspector/enabled-skills';
  readonly version: 1;
  readonly server: { readonly id: string; readonly label: string };
  readonly exportedAt: string;
  readonly skills: readonly {
    readonly uri: string;
    readonly name: string;
    readonly fingerprint: Fingerprint;
    readonly resources: readonly SkillFileRef[];
    readonly approvedAt: string;
    readonly allowedTools: AllowedToolsGrant | null;
  }[];
}

export interface StoreProblemView {
  /** Which store: approvals.json (the decisions) or a server's version history (history/<server>.json), which holds no decision. */
  readonly store: 'approvals' | 'history';
  readonly file: string;
  readonly message: string;
  readonly keptAs?: string;
  readonly recoveredFrom: 'backup' | 'default';
}

export interface ApprovalStoreStatus {
  /** Problems found when the stores were loaded (a damaged file recovered from its backup, say). */
  readonly problems: readonly StoreProblemView[];
  /** 1-based lines of the audit log that could not be read (a torn last line after a crash). */
  readonly auditUnreadableLines: readonly number[];
}
