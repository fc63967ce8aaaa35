// Domain types shared by the main process and the renderer. Plain, readonly,
// JSON-serialisable: they cross the contract as they are.
import type { OAuthSettings, OAuthStatus } from './oauth-model.js';

/** How the app reaches a server. The label is the host's name for it, never the server's. */
export type TransportConfig =
  | {
      readonly kind: 'stdio';
      readonly command: string;
      readonly args: readonly string[];
      readonly env: Readonly<Record<string, string>>;
      readonly cwd?: string;
    }
  | {
      readonly kind: 'http' | 'sse';
      readonly url: string;
      readonly headers: Readonly<Record<string, string>>;
      readonly bearerToken?: string;
      /** Sign in with OAuth (shared/oauth-model.ts); the tokens live in the secret store, never here. */
      readonly auth?: OAuthSettings;
    };

export interface ServerConfig {
  readonly id: string;
  /** Host-assigned, unique in the catalog. The only name used for identity and display. */
  readonly label: string;
  readonly transport: TransportConfig;
  /** Set for the sample server that ships with the app. */
  readonly builtin?: 'demo';
  readonly createdAt: string;
  /**
   * The transport's secret fields that hold a value (`bearerToken`, `header:Name`,
   * `env:NAME`; shared/secret-fields.ts). The values stay in the secret store and
   * are never in `transport`: the form shows each as set, to replace or remove.
   */
  readonly secrets?: readonly string[];
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'failed';

export type ProtocolEra = 'modern' | 'legacy';

/** A problem a person can act on: what happened, why, and what to do. */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly title: string;
  readonly detail: string;
  readonly hint: string;
  /** The connection was up and then lost (not a failed attempt to connect). */
  readonly whileConnected?: true;
}

export type DiagnosticCode =
  | 'command-not-found'
  | 'process-exited'
  | 'http-unauthorized'
  | 'http-forbidden'
  | 'http-not-found'
  | 'http-server-error'
  | 'http-error'
  | 'tls-error'
  | 'connection-refused'
  | 'dns-error'
  | 'timeout'
  | 'not-mcp'
  | 'message-too-large'
  | 'cancelled'
  | 'invalid-config'
  // OAuth (electron/oauth/): each says what to do next.
  | 'oauth-sign-in-required'
  | 'oauth-no-metadata'
  | 'oauth-wrong-audience'
  | 'oauth-refresh-refused'
  | 'oauth-denied'
  | 'oauth-state-mismatch'
  | 'oauth-registration-unsupported'
  | 'oauth-insufficient-scope'
  | 'oauth-timeout'
  | 'oauth-cancelled'
  | 'oauth-failed'
  | 'unknown';

/** What the server says about itself. Shown only as "self-reported". */
export interface SelfReportedInfo {
  readonly name: string;
  readonly version: string;
  readonly title?: string;
}

export interface ConnectionSnapshot {
  readonly serverId: string;
  readonly status: ConnectionStatus;
  readonly era?: ProtocolEra;
  readonly protocolVersion?: string;
  readonly capabilities?: Readonly<Record<string, unknown>>;
  readonly instructions?: string;
  readonly selfReported?: SelfReportedInfo;
  /** Set while failed, and kept after a later success as `lastError`. */
  readonly error?: Diagnostic;
  readonly lastError?: Diagnostic;
  readonly connectedAt?: string;
  readonly pid?: number;
}

/** A server as the sidebar shows it: its config, its connection, and a summary of its skills. */
export interface ServerView {
  readonly config: ServerConfig;
  readonly connection: ConnectionSnapshot;
  readonly skillCount: number;
  readonly worstSeverity?: Severity;
  /** Set for a server that signs in with OAuth: signed in or not, the scopes and expiry of its token. */
  readonly oauth?: OAuthStatus;
}

export type LogDirection = 'out' | 'in' | 'stderr' | 'note';

export interface ProtocolLogEntry {
  readonly seq: number;
  readonly serverId: string;
  /** Epoch milliseconds. */
  readonly at: number;
  readonly direction: LogDirection;
  readonly kind: 'request' | 'response' | 'error' | 'notification' | 'stderr' | 'note';
  readonly method?: string;
  readonly id?: string | number;
  /** For responses: time since the matching request went out. */
  readonly durationMs?: number;
  /** For requests the app sent: the action that caused it (Verify, File opened, Replay…), when one did. */
  readonly why?: string;
  /** The JSON-RPC message as sent or received (truncated when huge; see `truncated`). */
  readonly message?: unknown;
  readonly text?: string;
  readonly bytes: number;
  readonly truncated?: boolean;
  /** A stderr line recorded before its line break: the server went quiet mid-line (a prompt). The rest is the next entry. */
  readonly unfinished?: true;
}

export type Severity = 'error' | 'warning' | 'info';

export interface FindingLocation {
  readonly serverId?: string;
  readonly skillUri?: string;
  readonly fileUri?: string;
  readonly field?: string;
  readonly line?: number;
  readonly column?: number;
}

export interface Finding {
  readonly id: string;
  readonly severity: Severity;
  readonly title: string;
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly location: FindingLocation;
  /** The text the finding points at, with invisible characters made visible. */
  readonly excerpt?: string;
}

export interface SkillFileRef {
  readonly uri: string;
  readonly digest: string;
  /** The declared byte count; -1 when the listing gave none that is one (see declaredSize). */
  readonly size: number;
  /** Only when the declared size is not a non-negative integer: the value as sent ("-5", "1.5", "absent"). */
  readonly declaredSize?: string;
}

/** How the app learned that a URI is a skill. */
export type SkillSource = 'listed' | 'get' | 'instructions' | 'user-uri' | 'legacy' | 'local';

/** Per-file verification state; `unread` until the user opens, verifies or reviews. */
export type FileCheck =
  | {
      readonly state: 'unread';
      /** Left unread on purpose: its skill's SKILL.md failed verification, so a host reads nothing else of it. */
      readonly reason?: 'skill-md-failed';
      readonly message?: string;
    }
  | { readonly state: 'verified'; readonly digest: string; readonly size: number; readonly checkedAt: string }
  | {
      readonly state: 'failed';
      readonly reason: 'size' | 'digest' | 'frontmatter' | 'unlisted' | 'too-large' | 'read-error' | 'decode' | 'changed';
      readonly expected?: string;
      readonly actual?: string;
      readonly message: string;
      readonly checkedAt: string;
    }
  | { readonly state: 'unverifiable'; readonly reason: string; readonly checkedAt: string };

/** Summary state of a whole skill, for badges. */
import type { Verdict } from './verdict.js';

export type SkillStatus = 'unread' | 'partial' | 'verified' | 'mismatch' | 'unverifiable' | 'invalid';

export type ApprovalState = 'none' | 'approved' | 'changed' | 'declined';

export interface SkillEntry {
  readonly serverId: string;
  /** URI of the skill's SKILL.md; with serverId, the skill's identity. */
  readonly uri: string;
  readonly name: string;
  readonly description: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** The complete file set, `"dynamic"`, or `null` when the entry had none (invalid). */
  readonly resources: readonly SkillFileRef[] | 'dynamic' | null;
  readonly source: SkillSource;
  /** Legacy discovery form, when the entry was converted from one (SPEC §6). */
  readonly legacyForm?: string;
  /** The `<skill-path>` segments before the name (organisational prefix). */
  readonly pathPrefix: string;
  readonly scheme: string;
  /** URI of the enclosing skill's SKILL.md when this skill sits under another. */
  readonly nestedIn?: string;
  readonly nestedSkills: readonly string[];
  readonly fetchedAt: string;
  readonly ttlMs?: number;
  readonly cacheScope?: 'public' | 'private';
  readonly status: SkillStatus;
  readonly files: Readonly<Record<string, FileCheck>>;
  readonly errorCount: number;
  readonly warningCount: number;
  /** The last content review's risk findings by severity; absent when the skill was never reviewed. */
  readonly review?: SkillReviewCounts;
  /** What every list shows for the skill: verdictOf (shared/verdict.ts) of its status and its last review. */
  readonly verdict: Verdict;
  readonly approval: ApprovalState;
  readonly enabled: boolean;
}

export interface SkillReviewCounts {
  readonly errors: number;
  readonly warnings: number;
  /** Every file was read and reviewed. */
  readonly complete: boolean;
  readonly reviewedAt: string;
  /**
   * 'change-review': the counts come from the rules the Changes tab ran on the
   * version the server serves now (an approved skill that changed), not from a
   * review of the skill; absent for a review's.
   */
  readonly basis?: 'change-review';
}

/** One file's content as read and checked. Bytes travel as base64 so the exact bytes survive. */
export interface FileContent {
  readonly serverId: string;
  readonly skillUri: string;
  readonly uri: string;
  readonly mimeType?: string;
  readonly base64: string;
  /** UTF-8 decoding of the bytes when they are text. */
  readonly text?: string;
  readonly isText: boolean;
  readonly size: number;
  readonly digest: string;
  readonly check: FileCheck;
  /** Whether the file is part of the skill's `resources` set. */
  readonly listed: boolean;
}

/** A file under a skill root, from `resources` and, when declared, `resources/directory/read`. */
export interface SkillTreeNode {
  readonly uri: string;
  readonly path: string;
  readonly kind: 'file' | 'directory';
  /** False for children that `resources/directory/read` showed but the entry does not list. */
  readonly listed: boolean;
  readonly size?: number;
  readonly digest?: string;
}

export interface VerifyJob {
  readonly jobId: string;
  readonly serverIds: readonly string[];
  readonly total: number;
  readonly done: number;
  readonly verified: number;
  readonly failed: number;
  readonly unverifiable: number;
  readonly state: 'running' | 'done' | 'cancelled';
  readonly startedAt: string;
  readonly finishedAt?: string;
}

export interface Settings {
  /** Per-request timeout, ms. */
  readonly requestTimeoutMs: number;
  /** Largest single file the app will read, bytes. */
  readonly maxFileBytes: number;
  /** Bytes the app will read from one server per session. */
  readonly serverByteBudget: number;
  /** Bytes read for one skill within one verify, review or check of it (counted on bytes read, not declared sizes). */
  readonly skillByteBudget: number;
  /** Bytes one Verify all or Review all job may read, across its servers. */
  readonly jobByteBudget: number;
  readonly maxListPages: number;
  readonly maxListEntries: number;
  readonly maxListBytes: number;
  /** Protocol log ring buffer size per server. */
  readonly logLimit: number;
  /** Bytes of message bodies the protocol log keeps per server; older entries keep everything but their body. */
  readonly logBodyBytes: number;
  /** How many files are read at once during Verify all. */
  readonly readConcurrency: number;
  /** The shortest wait before a stale listing (ttlMs) is listed again by itself, ms; 0: never by itself. */
  readonly minListingRefreshMs: number;
}

export const DEFAULT_SETTINGS: Settings = {
  requestTimeoutMs: 30_000,
  maxFileBytes: 16 * 1024 * 1024,
  serverByteBudget: 1024 * 1024 * 1024,
  // The spec's per-skill limit (MAX_TOTAL_SIZE_PER_SKILL): what a host must support, and no more.
  skillByteBudget: 16 * 1024 * 1024,
  jobByteBudget: 4 * 1024 * 1024 * 1024,
  maxListPages: 1_000,
  maxListEntries: 100_000,
  maxListBytes: 256 * 1024 * 1024,
  logLimit: 5_000,
  logBodyBytes: 4 * 1024 * 1024,
  readConcurrency: 8,
  minListingRefreshMs: 60_000,
};

/** Config formats the app imports servers from. */
export type ConfigFormat = 'claude-desktop' | 'cursor' | 'vscode' | 'mcp-inspector' | 'pasted';

export interface ImportCandidate {
  /** The server's key in the config file. */
  readonly name: string;
  /** Default label: derived from the key, made unique against the catalog. */
  readonly suggestedLabel: string;
  readonly transport?: TransportConfig;
  /** A server with this label already exists; the user picks another label or skips. */
  readonly conflict: boolean;
  /** Why this entry cannot be imported as it is. */
  readonly error?: string;
  /**
   * What the user should know before importing an entry that can be imported:
   * a `${input:…}` or `${env:…}` variable the app cannot fill in, a disabled
   * entry, an ignored `envFile`. Each names the field.
   */
  readonly warnings?: readonly string[];
}

export interface ImportPreview {
  readonly source: string;
  readonly format: ConfigFormat;
  readonly candidates: readonly ImportCandidate[];
}
