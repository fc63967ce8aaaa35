// The approvals part of the contract: methods, results and events of
// content-bound approvals, snapshots, history and enable state.
import { z } from 'zod';
import type {
  ApprovalRecord,
  ApprovalStoreStatus,
  AuditAction,
  AuditEntry,
  FileSide,
  ReviewReport,
  SkillDiff,
  SkillHistory,
} from './approvals-model.js';
import type { ApprovalState, SkillFileRef } from './model.js';

const id = z.string().min(1).max(200);
/** Lockfiles opened in the app: room for tens of thousands of skills, and under the bridge's 8 MiB message limit once JSON-escaped. */
export const MAX_LOCKFILE_CHARS = 6 * 1024 * 1024;
const uri = z.string().min(1).max(8192);
const digest = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'a digest is "sha256:" followed by 64 lowercase hex digits');
const note = z.string().trim().max(4000);
/** `approved`, `current`, or the fingerprint of a version from the skill's history. */
const versionRef = z.union([z.literal('approved'), z.literal('current'), digest]);
const skill = { serverId: id, skillUri: uri };

export const APPROVAL_PARAMS = {
  /** Reads and verifies every file of the skill (SKILL.md first), keeps the verified bytes, and says what the skill asks for. */
  'approvals.startReview': z.object(skill).strict(),
  /** Stops a running review of that skill; files not read yet are reported as not read. */
  'approvals.cancelReview': z.object(skill).strict(),
  /**
   * Approves exactly the version with this fingerprint (from the review or the diff).
   * A version with error-level findings is approved only with every one of them
   * acknowledged: `acknowledge` lists their keys (ReviewReport / SkillDiff `acknowledgements`).
   */
  'approvals.approve': z
    .object({ ...skill, fingerprint: digest, note: note.optional(), enable: z.boolean().optional(), acknowledge: z.array(z.string().min(1).max(10_000)).max(10_000).optional() })
    .strict(),
  'approvals.decline': z.object({ ...skill, note: note.optional() }).strict(),
  /** Withdraws any decision (approval, decline, or a revoked approval): the skill goes back to "not reviewed". */
  'approvals.revoke': z.object({ ...skill, reason: note.optional() }).strict(),
  'approvals.setEnabled': z.object({ ...skill, enabled: z.boolean() }).strict(),
  /** Grants (or withdraws) the allowed-tools the approved skill requests. Never implied by approval. */
  'approvals.setGrant': z.object({ ...skill, allowedTools: z.boolean() }).strict(),
  'approvals.get': z.object(skill).strict(),
  'approvals.list': z.object({ serverId: id.optional() }).strict(),
  /** The enabled skills of one server as JSON for hosts. */
  'approvals.exportEnabled': z.object({ serverId: id }).strict(),
  /** Compares two versions; defaults: from the approved version to what the server serves now. */
  'approvals.diff': z.object({ ...skill, from: versionRef.optional(), to: versionRef.optional() }).strict(),
  'approvals.history': z.object(skill).strict(),
  'approvals.audit': z
    .object({ serverId: id.optional(), skillUri: uri.optional(), limit: z.number().int().min(1).max(100_000).optional() })
    .strict(),
  /** The exact stored bytes of a reviewed file (re-hashed before they are returned). */
  'approvals.snapshotFile': z.object({ serverId: id, digest }).strict(),
  'approvals.storeStatus': z.object({}).strict(),
  /**
   * The approved skills (all servers, or one) as a skills lockfile — the
   * format of `skill-inspector lock` — pinning each approved skill's bound
   * {uri, digest, size} set under its server's label.
   */
  'approvals.exportLock': z.object({ serverId: id.optional() }).strict(),
  /**
   * Compares a lockfile with what the connected servers (matched by label)
   * list now. Approves nothing: an approval only ever comes from a review of the bytes.
   */
  'approvals.importLock': z
    .object({
      text: z.string().min(1, 'the lockfile is empty').max(MAX_LOCKFILE_CHARS, `a lockfile is at most ${MAX_LOCKFILE_CHARS / 1024 / 1024} MiB`),
      /** The file's name, used in every error about it. */
      name: z.string().trim().min(1).max(1000).optional(),
    })
    .strict(),
} as const satisfies Record<string, z.ZodType>;

export interface SnapshotFile {
  readonly serverId: string;
  readonly digest: string;
  readonly size: number;
  readonly base64: string;
  /** UTF-8 text, when the bytes are text. */
  readonly text?: string;
}

export interface EnabledExportResult {
  /** The document (EnabledExport) as pretty JSON. */
  readonly json: string;
  readonly fileName: string;
  readonly count: number;
}

export interface AuditPage {
  /** Newest first. */
  readonly entries: readonly AuditEntry[];
  readonly unreadableLines: readonly number[];
}

export interface LockExportResult {
  /** The lockfile text, exactly as `skill-inspector lock` writes it. */
  readonly json: string;
  readonly fileName: string;
  /** Server labels pinned, in file order. */
  readonly servers: readonly string[];
  readonly skillCount: number;
}

/**
 * How one locked skill compares with the listing the app holds now:
 * `matches` (same name and the same {uri, digest, size} set), `differs`
 * (see `drift`), `server-not-connected` (no connected server with the lock's
 * label), `missing` (the server does not list it).
 */
export type LockedSkillStatus = 'matches' | 'differs' | 'server-not-connected' | 'missing';

export interface LockFileDrift {
  readonly uri: string;
  readonly lock: FileSide;
  readonly server: FileSide;
}

/** What moved between the lock and the server (the words of `skill-inspector verify`). */
export interface LockDrift {
  readonly lock: { readonly name: string; readonly dynamic: boolean };
  readonly server: { readonly name: string; readonly dynamic: boolean };
  /** Files the server lists that the lock does not pin. */
  readonly filesAdded: readonly SkillFileRef[];
  /** Files the lock pins that the server no longer lists. */
  readonly filesRemoved: readonly SkillFileRef[];
  readonly filesChanged: readonly LockFileDrift[];
}

export interface LockedSkillResult {
  readonly serverLabel: string;
  /** The catalog's server with that label, when there is one. */
  readonly serverId?: string;
  readonly skillUri: string;
  /** The frontmatter name the lock records. */
  readonly name: string;
  readonly status: LockedSkillStatus;
  /** The comparison in one plain sentence. */
  readonly detail: string;
  readonly drift?: LockDrift;
  /** The app's own decision about the skill (a lock never changes it). */
  readonly approval: ApprovalState;
}

export interface LockImportResult {
  /** The name the errors and the screen use for the file. */
  readonly file: string;
  readonly skills: readonly LockedSkillResult[];
  readonly counts: { readonly [S in LockedSkillStatus]: number };
}

export interface ApprovalResults {
  'approvals.startReview': ReviewReport;
  'approvals.cancelReview': { readonly cancelled: boolean };
  'approvals.approve': ApprovalRecord;
  'approvals.decline': ApprovalRecord;
  'approvals.revoke': { readonly revoked: boolean };
  'approvals.setEnabled': ApprovalRecord;
  'approvals.setGrant': ApprovalRecord;
  'approvals.get': ApprovalRecord | null;
  'approvals.list': readonly ApprovalRecord[];
  'approvals.exportEnabled': EnabledExportResult;
  'approvals.diff': SkillDiff;
  'approvals.history': SkillHistory;
  'approvals.audit': AuditPage;
  'approvals.snapshotFile': SnapshotFile;
  'approvals.storeStatus': ApprovalStoreStatus;
  'approvals.exportLock': LockExportResult;
  'approvals.importLock': LockImportResult;
}

export interface ApprovalEvents {
  /**
   * A decision changed: by the user (`automatic: false`) or because the server
   * served something else (`action: 'revoke'`, `automatic: true`). `record` is
   * the new state, `null` when the decision was withdrawn or forgotten. The same
   * decision named as the listing spells the skill now (the same bytes under
   * another spelling of its URIs) comes as `action: 'approve'` or `'decline'`,
   * `automatic: true`, under the URI as listed now.
   */
  'approvals.changed': {
    readonly serverId: string;
    readonly skillUri: string;
    readonly record: ApprovalRecord | null;
    readonly action: AuditAction;
    readonly reason: string;
    readonly automatic: boolean;
  };
  /** A review read one more file. */
  'approvals.reviewProgress': {
    readonly serverId: string;
    readonly skillUri: string;
    readonly done: number;
    readonly total: number;
    readonly fileUri?: string;
  };
}

export const APPROVAL_EVENT_NAMES: { readonly [E in keyof ApprovalEvents]: true } = {
  'approvals.changed': true,
  'approvals.reviewProgress': true,
};
