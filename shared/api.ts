// The one contract between the renderer and the main process. Every method is
// declared here once, with a schema for its arguments (they arrive from another
// process and are validated before any handler runs) and a result type. The
// Electron IPC adapter, the browser-mode bridge and the tests all route through
// this table, so they cannot drift apart.
import { z } from 'zod';
import type {
  ConnectionSnapshot,
  FileContent,
  Finding,
  ProtocolLogEntry,
  ServerConfig,
  ServerView,
  Settings,
  SkillEntry,
  SkillTreeNode,
  VerifyJob,
  ImportPreview,
} from './model.js';
import { APPROVAL_EVENT_NAMES, APPROVAL_PARAMS, type ApprovalEvents, type ApprovalResults } from './api-approvals.js';
import { REVIEW_EVENT_NAMES, REVIEW_PARAMS, type ReviewEvents, type ReviewResults } from './api-review.js';
import { GATEWAY_EVENT_NAMES, GATEWAY_PARAMS, type GatewayEvents, type GatewayResults } from './api-gateway.js';
import { TEAM_PARAMS, type TeamResults } from './api-team.js';
import { WATCH_EVENT_NAMES, WATCH_PARAMS, type WatchEvents, type WatchResults } from './api-watch.js';
import { OAUTH_EVENT_NAMES, OAUTH_PARAMS, type OAuthEvents, type OAuthResults } from './api-oauth.js';
import { REPLAYABLE_METHODS } from './log-pairs.js';
import { serverLabelSchema } from './server-label.js';
import { HTTP_URL_MESSAGE, MAX_URL_CHARS, isHttpUrl } from './http-url.js';
import { unstartableSettings } from './startable-settings.js';
import { refusedEnvName, refusedHeaderName, refusedParamName, refusingNames } from './prototype-names.js';
import type { RuleSet } from './ruleset.js';

const id = z.string().min(1).max(200);
const uri = z.string().min(1).max(8192);
const stringMap = z.record(z.string().max(4096), z.string().max(65_536));
/** "__proto__" is refused by name, not dropped (shared/prototype-names.ts says why). */
const envMap = refusingNames(stringMap, refusedEnvName);
const headerMap = refusingNames(stringMap, refusedHeaderName);
/** RFC 6749 scope-token: printable ASCII without space, quote or backslash. */
const scopeToken = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,200}$/, 'a scope is one word of printable characters, without quotes or backslashes');
export const oauthSettingsSchema = z
  .object({
    type: z.literal('oauth'),
    clientId: z.string().trim().min(1).max(4096).optional(),
    clientSecret: z.string().min(1).max(65_536).optional(),
    scopes: z.array(scopeToken).max(100).readonly().optional(),
  })
  .strict();

export const transportSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stdio'),
    command: z.string().trim().min(1, 'a command is required').max(4096),
    args: z.array(z.string().max(65_536)).max(1000).default([]),
    env: envMap.default({}),
    cwd: z.string().max(4096).optional(),
  }).strict(),
  z.object({
    kind: z.enum(['http', 'sse']),
    // A linear check, not a pattern: zod runs it even past the length limit (shared/http-url.ts).
    url: z.string().max(MAX_URL_CHARS).refine(isHttpUrl, HTTP_URL_MESSAGE),
    headers: headerMap.default({}),
    bearerToken: z.string().max(65_536).optional(),
    auth: oauthSettingsSchema.optional(),
  }).strict(),
]);

export const serverInputSchema = z
  .object({
    label: serverLabelSchema,
    transport: transportSchema,
    /**
     * On update: the secret fields (ServerConfig.secrets) whose stored value stays. A field
     * listed here and given no new value is kept; one left out is removed. Absent: every
     * stored secret the transport does not replace is kept.
     */
    keepSecrets: z.array(z.string().max(4200)).max(1000).optional(),
    /** Header or env fields (`header:Name`, `env:NAME`) to keep as secrets beyond those named like one. */
    markSecret: z.array(z.string().max(4200)).max(1000).optional(),
  })
  .strict()
  // Here, not in transportSchema: servers.json is read with that, and a hand-edited file holding one is not damage to replace.
  .superRefine((input, ctx) => {
    for (const issue of unstartableSettings(input.transport)) ctx.addIssue({ code: 'custom', message: issue.message, path: ['transport', ...issue.path] });
  });
export type ServerInput = z.input<typeof serverInputSchema>;

export const settingsPatchSchema = z
  .object({
    requestTimeoutMs: z.number().int().min(1_000).max(3_600_000),
    maxFileBytes: z.number().int().min(1_024).max(1024 * 1024 * 1024),
    serverByteBudget: z.number().int().min(1_024).max(64 * 1024 * 1024 * 1024),
    skillByteBudget: z.number().int().min(1_024).max(64 * 1024 * 1024 * 1024),
    jobByteBudget: z.number().int().min(1_024).max(1024 * 1024 * 1024 * 1024),
    maxListPages: z.number().int().min(1).max(1_000_000),
    maxListEntries: z.number().int().min(1).max(10_000_000),
    maxListBytes: z.number().int().min(1_024).max(64 * 1024 * 1024 * 1024),
    logLimit: z.number().int().min(10).max(1_000_000),
    logBodyBytes: z.number().int().min(0).max(1024 * 1024 * 1024),
    readConcurrency: z.number().int().min(1).max(64),
    minListingRefreshMs: z.number().int().min(0).max(86_400_000),
  })
  .partial()
  .strict();

const importSourceSchema = z.discriminatedUnion('from', [
  z.object({ from: z.literal('file'), path: z.string().min(1).max(4096) }),
  z.object({ from: z.literal('text'), text: z.string().max(5_000_000), name: z.string().max(200).optional() }),
]);

const empty = z.object({}).strict();

/** Argument schemas of the core methods; features add theirs in their own files. */
const CORE_PARAMS = {
  'app.info': empty,
  'app.openExternal': z.object({ url: z.string().max(8192) }).strict(),
  'app.alerts': empty,

  'settings.get': empty,
  'settings.update': settingsPatchSchema,

  'servers.list': empty,
  'servers.add': serverInputSchema,
  'servers.update': z.object({ serverId: id, input: serverInputSchema }).strict(),
  'servers.duplicate': z.object({ serverId: id }).strict(),
  'servers.remove': z.object({ serverId: id }).strict(),
  'servers.connect': z.object({ serverId: id }).strict(),
  'servers.disconnect': z.object({ serverId: id }).strict(),
  'servers.reconnect': z.object({ serverId: id }).strict(),
  /** Connects with a form's settings and disconnects, saving nothing; `serverId`: the server being edited (its stored secrets are used). */
  'servers.test': z.object({ input: serverInputSchema, serverId: id.optional() }).strict(),
  'servers.importSources': empty,
  'servers.importPreview': importSourceSchema,
  'servers.importApply': z
    .object({
      items: z
        .array(z.object({ label: serverLabelSchema, transport: transportSchema }).strict())
        .max(1000),
    })
    .strict(),

  'log.get': z.object({ serverId: id }).strict(),
  /** `jsonl`: one line per request and its answer (shared/log-pairs.ts); default: the whole log as one JSON document. */
  'log.export': z.object({ serverId: id, format: z.enum(['json', 'jsonl']).optional() }).strict(),
  'log.clear': z.object({ serverId: id }).strict(),
  /** Sends a read-only request again, as logged or edited; its params are checked with the SDK's schemas first. Never tools/call. */
  'log.replay': z.object({ serverId: id, method: z.enum(REPLAYABLE_METHODS), params: refusingNames(z.record(z.string().max(200), z.unknown()), refusedParamName) }).strict(),

  'skills.list': z.object({ serverId: id.optional() }).strict(),
  'skills.refresh': z.object({ serverId: id }).strict(),
  'skills.loadByUri': z.object({ serverId: id, uri }).strict(),
  'skills.tree': z.object({ serverId: id, skillUri: uri }).strict(),
  'skills.readFile': z.object({ serverId: id, skillUri: uri, fileUri: uri }).strict(),
  /** `inspect`: read the rest of the skill even though its SKILL.md failed ("Read the rest for inspection"); never makes it verified. */
  'skills.verify': z.object({ serverId: id, skillUri: uri, inspect: z.boolean().optional() }).strict(),
  /** Stops a running skills.verify of this skill; files read so far keep their results, the one in flight gets none. */
  'skills.cancelVerify': z.object({ serverId: id, skillUri: uri }).strict(),
  'skills.verifyAll': z.object({ serverId: id.optional() }).strict(),
  'skills.cancelJob': z.object({ jobId: id }).strict(),
  /** The Verify all jobs still running, oldest first: a window opened or reloaded mid-job shows its progress and can cancel it. */
  'skills.runningJobs': z.object({}).strict(),
  'skills.findings': z.object({ serverId: id.optional(), skillUri: uri.optional() }).strict(),
  'skills.instructionPointers': z.object({ serverId: id }).strict(),
  /** Served vs source: the server's skills against those the SDK builds from a local folder (absolute path); `watch` compares again on every change. */
  'skills.compareWithFolder': z.object({ serverId: id, folder: z.string().min(1).max(4096), watch: z.boolean().optional() }).strict(),
  'skills.stopWatchingFolder': z.object({ serverId: id }).strict(),
} as const;

/** Argument schemas, one per method. The method list is derived from this table. */
export const PARAMS = { ...CORE_PARAMS, ...APPROVAL_PARAMS, ...REVIEW_PARAMS, ...GATEWAY_PARAMS, ...TEAM_PARAMS, ...OAUTH_PARAMS, ...WATCH_PARAMS } as const;

export type Method = keyof typeof PARAMS;
export type Params<M extends Method> = z.input<(typeof PARAMS)[M]>;
export type ParsedParams<M extends Method> = z.output<(typeof PARAMS)[M]>;

export interface AppInfo {
  readonly name: string;
  readonly version: string;
  readonly mode: 'electron' | 'browser';
  readonly dataDir: string;
  readonly platform: string;
  /** The rules this engine checks with (shared/ruleset.ts): their count and version, shown beside what passed. */
  readonly ruleset: RuleSet;
}

export interface InstructionPointer {
  readonly uri: string;
  /** Whether `skills/get` confirmed it; a URI is a skill only when the server says so. */
  readonly confirmed: boolean;
  readonly error?: string;
}

interface CoreResults {
  'app.info': AppInfo;
  'app.openExternal': { readonly opened: boolean };
  /** Alerts raised since the app started, oldest first (a store recovered from backup, say): a window opened later still sees them. */
  'app.alerts': readonly AppAlert[];
  'settings.get': Settings;
  'settings.update': Settings;
  'servers.list': readonly ServerView[];
  'servers.add': ServerConfig;
  'servers.update': ServerConfig;
  'servers.duplicate': ServerConfig;
  'servers.remove': { readonly removed: boolean };
  'servers.connect': ConnectionSnapshot;
  'servers.disconnect': ConnectionSnapshot;
  /** Drops the connection (or cancels the attempt in flight) and connects again. */
  'servers.reconnect': ConnectionSnapshot;
  'servers.test': ConnectionTest;
  'servers.importSources': readonly { readonly path: string; readonly kind: string; readonly exists: boolean }[];
  'servers.importPreview': ImportPreview;
  'servers.importApply': readonly ServerConfig[];
  'log.get': readonly ProtocolLogEntry[];
  'log.export': { readonly json: string; readonly fileName: string };
  'log.clear': { readonly cleared: boolean };
  'log.replay': { readonly result: unknown };
  'skills.list': readonly SkillEntry[];
  'skills.refresh': readonly SkillEntry[];
  'skills.loadByUri': SkillEntry;
  'skills.tree': readonly SkillTreeNode[];
  'skills.readFile': FileContent;
  'skills.verify': SkillEntry;
  'skills.cancelVerify': { readonly cancelled: boolean };
  'skills.verifyAll': VerifyJob;
  'skills.cancelJob': VerifyJob;
  'skills.runningJobs': readonly VerifyJob[];
  'skills.findings': readonly Finding[];
  'skills.instructionPointers': readonly InstructionPointer[];
  'skills.compareWithFolder': FolderComparison;
  'skills.stopWatchingFolder': { readonly stopped: boolean };
}

/** How "Test connection" went: the server's own words when it answered, the diagnostic when it did not. */
export interface ConnectionTest {
  readonly status: ConnectionSnapshot['status'];
  readonly protocolVersion?: string;
  readonly selfReported?: ConnectionSnapshot['selfReported'];
  readonly error?: NonNullable<ConnectionSnapshot['error']>;
}

/** One comparison of a server with a local folder of skill folders. */
export interface FolderComparison {
  readonly serverId: string;
  readonly folder: string;
  readonly comparedAt: string;
  readonly watching: boolean;
  /** Paths under the folder whose change caused this comparison (watch mode). */
  readonly changed: readonly string[];
  /** Skills the SDK built from the folder. */
  readonly folderSkills: number;
  /** inspector-source-* findings: every difference, and each skill of the folder the SDK skipped. */
  readonly findings: readonly Finding[];
  /** The comparison could not run after a change (the server did not restart, the folder could not be built). */
  readonly error?: string;
}

/** Result types, one per method. The check below makes a missing or extra entry a compile error. */
export interface Results extends CoreResults, ApprovalResults, ReviewResults, GatewayResults, TeamResults, OAuthResults, WatchResults {}

// Exhaustiveness, both ways: every method has a result type and every result type a method.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const resultsMatchParams: Exact<keyof Results, Method> = true;
void resultsMatchParams;

export const METHODS = Object.freeze(Object.keys(PARAMS) as Method[]);

export function isMethod(value: unknown): value is Method {
  return typeof value === 'string' && Object.hasOwn(PARAMS, value);
}

interface CoreEvents {
  'servers.changed': readonly ServerView[];
  'connection.changed': ConnectionSnapshot;
  'log.appended': { readonly serverId: string; readonly entries: readonly ProtocolLogEntry[] };
  /** Skills of one server: `replace` starts a new listing, later batches append (streamed per page). */
  'skills.listed': {
    readonly serverId: string;
    readonly entries: readonly SkillEntry[];
    readonly replace: boolean;
    readonly done: boolean;
  };
  'skills.updated': { readonly entries: readonly SkillEntry[] };
  'job.progress': VerifyJob;
  'settings.changed': Settings;
  /** A watched folder was compared again after a change (skills.compareWithFolder with watch). */
  'source.compared': FolderComparison;
  /** Something the user must know that belongs to no call (a store recovered from backup, say). */
  'app.alert': AppAlert;
}

export interface AppAlert {
  readonly level: 'error' | 'warning' | 'info';
  readonly title: string;
  readonly message: string;
}

/** Events pushed from the main process. */
export interface Events extends CoreEvents, ApprovalEvents, ReviewEvents, GatewayEvents, OAuthEvents, WatchEvents {}

export type EventName = keyof Events;

const CORE_EVENT_NAMES: { readonly [E in keyof CoreEvents]: true } = {
  'servers.changed': true,
  'connection.changed': true,
  'log.appended': true,
  'skills.listed': true,
  'skills.updated': true,
  'job.progress': true,
  'settings.changed': true,
  'source.compared': true,
  'app.alert': true,
};
const EVENT_TABLE: { readonly [E in EventName]: true } = { ...CORE_EVENT_NAMES, ...APPROVAL_EVENT_NAMES, ...REVIEW_EVENT_NAMES, ...GATEWAY_EVENT_NAMES, ...OAUTH_EVENT_NAMES, ...WATCH_EVENT_NAMES };
export const EVENTS = Object.freeze(Object.keys(EVENT_TABLE) as EventName[]);

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(EVENT_TABLE, value);
}

/** Errors look the same through every adapter. */
export interface ApiError {
  readonly code: 'invalid-params' | 'unknown-method' | 'not-found' | 'conflict' | 'failed' | 'internal';
  readonly message: string;
  readonly detail?: string;
}

export type Envelope<T> = { readonly ok: true; readonly result: T } | { readonly ok: false; readonly error: ApiError };

/** The one shape both transports expose to the renderer. */
export interface Bridge {
  call(method: Method, params: unknown): Promise<Envelope<unknown>>;
  on(listener: (event: EventName, payload: unknown) => void): () => void;
}

/**
 * What Electron's preload exposes: the same calls and events as JSON text, which the renderer parses (as browser
 * mode's socket always did). Why text: the context bridge copies objects into the page key by key, by assignment,
 * so a key named `__proto__` that a server sent (a frontmatter field) was dropped, or became the copy's prototype,
 * and the window compared and showed something other than what was listed. JSON.parse keeps it an own key.
 */
export interface TextBridge {
  call(method: Method, params: string): Promise<string>;
  on(listener: (event: EventName, payload: string) => void): () => void;
}

/** Bridge messages of browser mode (JSON over WebSocket). */
export interface BridgeRequest {
  readonly id: number;
  readonly method: Method;
  readonly params: unknown;
}
export type BridgeResponse = { readonly id: number } & Envelope<unknown>;
export interface BridgeEvent {
  readonly event: EventName;
  readonly payload: unknown;
}

/** Parses one bridge message; never throws, whatever arrives. */
export function parseBridgeRequest(raw: unknown): { ok: true; request: BridgeRequest } | { ok: false; id?: number; error: ApiError } {
  let value: unknown;
  try {
    value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    return { ok: false, error: { code: 'invalid-params', message: 'The message is not valid JSON.' } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: { code: 'invalid-params', message: 'The message must be a JSON object.' } };
  }
  const record = value as Record<string, unknown>;
  const requestId = record['id'];
  if (typeof requestId !== 'number' || !Number.isSafeInteger(requestId)) {
    return { ok: false, error: { code: 'invalid-params', message: 'The message needs a numeric "id".' } };
  }
  const method = record['method'];
  if (!isMethod(method)) {
    return {
      ok: false,
      id: requestId,
      // Not String(method): an object without a prototype would throw, and this must not.
      error: { code: 'unknown-method', message: `Unknown method ${typeof method === 'string' ? JSON.stringify(method).slice(0, 80) : `(${method === null ? 'null' : typeof method} instead of a name)`}.` },
    };
  }
  return { ok: true, request: { id: requestId, method, params: record['params'] ?? {} } };
}

/** Electron IPC channels: one for calls, one for pushed events. Nothing else crosses. */
export const IPC_CALL_CHANNEL = 'skill-inspector:call';
export const IPC_EVENT_CHANNEL = 'skill-inspector:event';
