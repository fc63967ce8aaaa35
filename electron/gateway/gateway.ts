// The approved-skills gateway: an MCP server on the official SDK's server side
// (SkillsExtension over a SkillSource) that serves the skills a catalog says
// may be served — approved and enabled in the app, or locked and unchanged —
// from bytes that were verified, never from upstream. Which catalog is behind
// it (the app's data, a lockfile) is the catalog's business; this file only
// maps the served set onto skills/list, skills/get, resources/read,
// resources/directory/read and resources/list, and tells hosts when the set
// changed (notifications/resources/list_changed).
import { CLIENT_INFO_META_KEY, McpServer, ProtocolError, ProtocolErrorCode, type CacheHint, type Resource, type ServerContext } from '@modelcontextprotocol/server';
import { SkillsExtension, type SkillReadResult, type SkillSource } from '@modelcontextprotocol/server/ext/skills';
// The memoised form: URIs a host reads back are the listing's own, already canonical, told without parsing.
import { canonicalUri } from '../skills/uri-memo.js';
import { APP_VERSION } from '../app-version.js';
import { servedBytes, skillMdText, type ServedFile, type ServedSkill } from './served-skill.js';
import { withheldKey, withheldLine } from './withheld.js';
import { asksWithBackslash } from './backslash-name.js';
import type { GatewayWithheld } from '../../shared/gateway-model.js';

export interface GatewayCatalog {
  /** Brings the served set up to date; called when a host starts a listing. */
  refresh(): Promise<readonly ServedSkill[]>;
  /** The approved bytes of one served file; the gateway checks them against its approved digest. */
  readApproved(skill: ServedSkill, file: ServedFile): Promise<Uint8Array>;
  /** The same bytes when they are already in memory (checked when they were kept), so a read need not wait for a promise. */
  keptBytes?(skill: ServedSkill, file: ServedFile): Uint8Array | undefined;
  /** The skills the last refresh left out, and why (already said through the catalog's own warnings). */
  readonly withheld?: readonly GatewayWithheld[];
}

/** One servable file, with what every read of it needs worked out once per set. */
interface ServedRead {
  readonly skill: ServedSkill;
  readonly file: ServedFile;
  readonly mimeType: string;
}

export interface GatewayOptions {
  /** ttlMs / cacheScope on every skills result: short, so hosts list again soon after a change. */
  readonly cacheHint?: CacheHint;
  /** Where problems go (a skill withheld, a read refused): stderr for the command. */
  readonly onWarning?: (line: string) => void;
  /** Told of every listing and every file served, with the host that asked (the gateway view's record). */
  readonly onActivity?: (activity: GatewayActivity) => void;
  /**
   * The shortest time between two refreshes that a listing or an upstream notice starts, ms (lockfile mode: each
   * refresh lists the upstream server and reads every locked file). A listing or notice sooner than that is answered
   * from the set held and plans one refresh for when the time is up; notices during a refresh plan one more after it.
   * Unset: every listing refreshes (the app's data: a stat).
   */
  readonly minRefreshIntervalMs?: number;
}

/** Who asked: the host's clientInfo, and its session (or, without one, its name and version). */
export interface GatewayClient {
  readonly id: string;
  readonly name: string;
  readonly version: string;
}

export type GatewayActivity =
  | { readonly kind: 'listed'; readonly client: GatewayClient; readonly skills: readonly ServedSkill[] }
  | { readonly kind: 'read'; readonly client: GatewayClient; readonly skill: ServedSkill; readonly uri: string };

let nextConnection = 0;

export const GATEWAY_CACHE_HINT: CacheHint = { ttlMs: 10_000, cacheScope: 'private' };

export const GATEWAY_INSTRUCTIONS =
  'Skill Inspector gateway: only skills a person reviewed and approved (or pinned in a lockfile), served from the verified bytes. ' +
  'Each skill is under skill://<server label>/…, named by the server it came from.';

const MIME: Record<string, string> = { md: 'text/markdown', txt: 'text/plain', json: 'application/json', yaml: 'application/yaml', yml: 'application/yaml', sh: 'application/x-sh', py: 'text/x-python', js: 'text/javascript', ts: 'text/x-typescript', html: 'text/html', csv: 'text/csv', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', pdf: 'application/pdf' };
const DIRECTORY = 'inode/directory';

function mimeOf(uri: string): string {
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? MIME[name.slice(dot + 1).toLowerCase()] : undefined) ?? 'application/octet-stream';
}

/**
 * Whether a URI a host asks for has a query or a fragment. No served URI has one (gatewayUri refuses an upstream URI
 * with one), and the canonical form drops them, so `…/SKILL.md?v=2` was answered with SKILL.md's bytes: a resource
 * the gateway never listed nor the lock pinned, which the upstream may serve as other bytes, was said to be those.
 * A backslash likewise: no served URI holds one, and the canonical form reads it as "/" (backslash-name.ts).
 */
const neverServed = (uri: string) => /[?#]/.test(uri) || asksWithBackslash(uri);

/**
 * A file or skill asked for with a trailing "/" (`…/guide.md/`) or an encoded "/" (`…/a%2Fb.md`): the canonical form
 * drops the one and splits at the other, so each was answered with a served file's bytes, though hosts (the SDK keys
 * files as WHATWG URLs do) take each for another resource. No served URI has either. A folder may end in "/".
 */
const notAFile = (uri: string) => neverServed(uri) || uri.endsWith('/') || /%2f/i.test(uri);

function setKey(skills: readonly ServedSkill[]): string {
  return JSON.stringify(skills.map((s) => [s.entry.uri, s.entry.resources]).sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)));
}

export class Gateway {
  private skills: readonly ServedSkill[] = [];
  private byUri = new Map<string, ServedSkill>();
  private byFile = new Map<string, ServedRead>();
  private key = setKey([]);
  private held: readonly GatewayWithheld[] = [];
  private heldKey = withheldKey([]);
  private failure: string | undefined;
  /** The catalog's answer install() last took. */
  private installed: readonly ServedSkill[] | undefined;
  private syncing: Promise<readonly ServedSkill[]> | undefined;
  private readonly servers = new Set<McpServer>();
  private readonly listeners: Array<() => void> = [];
  private readonly warn: (line: string) => void;
  private readonly activity: ((activity: GatewayActivity) => void) | undefined;
  private readonly cacheHint: CacheHint;
  private lastInitialized: { name?: unknown; version?: unknown } | undefined;
  private readonly minInterval: number | undefined;
  /** When the last refresh started (performance.now()). */
  private lastRefresh = Number.NEGATIVE_INFINITY;
  /** The one refresh planned for later; notices and listings meanwhile join it. */
  private planned: NodeJS.Timeout | undefined;
  /** The upstream said it changed while a refresh ran: that refresh may have read it before the change. */
  private changedDuring = false;
  private stopped = false;
  /** A refresh has ended (served or failed): there is a set, or a failure, to answer from. */
  private settled = false;

  constructor(
    private readonly catalog: GatewayCatalog,
    options: GatewayOptions = {},
  ) {
    this.warn = options.onWarning ?? (() => undefined);
    this.activity = options.onActivity;
    this.cacheHint = options.cacheHint ?? GATEWAY_CACHE_HINT;
    this.minInterval = options.minRefreshIntervalMs;
  }

  /** The skills served now. */
  get served(): readonly ServedSkill[] {
    return this.skills;
  }

  /** The approved skills the catalog or the served set left out at the last refresh, and why; none while a refresh fails (see `problem`). */
  get withheld(): readonly GatewayWithheld[] {
    return this.held;
  }

  /** Called after the served set, or what is held back, changed (besides the list_changed notification to connected hosts). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Why the last refresh failed, while nothing is served because of it. */
  get problem(): string | undefined {
    return this.failure;
  }

  /**
   * Asks the catalog again; one refresh at a time, shared by whoever asks
   * meanwhile. A refresh that fails serves nothing until one succeeds: the set
   * from before may hold a skill revoked since, which the catalog can no longer
   * confirm. The error is passed on (to the caller, and to hosts that ask).
   */
  sync(): Promise<readonly ServedSkill[]> {
    if (this.syncing) return this.syncing;
    this.lastRefresh = performance.now();
    this.syncing = this.catalog
      .refresh()
      .then(
        (skills) => {
          this.failure = undefined;
          // A catalog whose set did not change answers with the same array: nothing to sort, key or announce again.
          if (skills !== this.installed) this.install(skills, this.catalog.withheld ?? []);
          return skills;
        },
        (error: unknown) => {
          this.failure = error instanceof Error ? error.message : String(error);
          this.install([], []);
          throw error;
        },
      )
      .finally(() => {
        this.syncing = undefined;
        this.settled = true;
        if (this.changedDuring) {
          this.changedDuring = false;
          this.plan();
        }
      });
    return this.syncing;
  }

  /**
   * The upstream server says its listing changed (notifications/resources/list_changed): refreshed, paced. A server
   * that sends it in a loop, or whose listing changes at every read, costs one refresh per interval at most, and
   * hosts hear list_changed only when the set served changed; the refresh after the last notice serves its last state.
   */
  upstreamChanged(): void {
    if (this.stopped) return;
    if (this.syncing) this.changedDuring = true;
    else void this.paced().catch(() => undefined);
  }

  /** No refresh is planned any more (the upstream connection is closing). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.planned);
    this.planned = undefined;
  }

  /**
   * Paced (a lockfile's upstream): the set held (or its failure), with a refresh started now if the interval allows it
   * and none runs, else one planned for later. A listing never waits on the upstream once a refresh has ended: one
   * against an upstream that has stopped answering reads takes a request timeout per file, longer than a host waits,
   * while the set held is verified bytes already. Hosts hear list_changed when the refresh changes the set.
   * Unpaced (the app's data), and before any refresh has ended: the refresh, waited for.
   */
  private paced(): Promise<readonly ServedSkill[]> {
    if (this.minInterval === undefined || !this.settled) return this.sync();
    if (!this.syncing) {
      if (this.lastRefresh + this.minInterval <= performance.now()) this.sync().catch((error: unknown) => this.warn(error instanceof Error ? error.message : String(error)));
      else this.plan();
    }
    return this.failure === undefined ? Promise.resolve(this.skills) : Promise.reject(new Error(this.failure));
  }

  private plan(): void {
    if (this.planned || this.stopped) return;
    const wait = Math.max(0, this.lastRefresh + (this.minInterval ?? 0) - performance.now());
    this.planned = setTimeout(() => {
      this.planned = undefined;
      this.sync().catch((error: unknown) => this.warn(error instanceof Error ? error.message : String(error)));
    }, wait);
    // A planned refresh must not keep the command alive once its host is gone.
    this.planned.unref();
  }

  /** A new MCP server for one host connection (stdio: one; HTTP: one per request). */
  createServer(): McpServer {
    const server = new McpServer({ name: 'skill-inspector-gateway', version: APP_VERSION }, { instructions: GATEWAY_INSTRUCTIONS });
    // One extension per connection: its source knows which host it answers (the gateway view's record).
    const connection = `connection-${++nextConnection}`;
    new SkillsExtension({ source: this.source(server, connection), cacheHint: this.cacheHint, onWarning: (w) => this.warn(`${w.path}: ${w.message}`) }).attach(server);
    this.servers.add(server);
    server.server.onclose = () => {
      this.servers.delete(server);
      // Stateless 2025-era HTTP: the server that answered initialize is gone before the host's next request, which carries no clientInfo.
      const info = server.server.getClientVersion();
      if (info) this.lastInitialized = info;
    };
    return server;
  }

  private install(skills: readonly ServedSkill[], withheld: readonly GatewayWithheld[]): void {
    this.installed = skills;
    const held = [...withheld];
    // Said when a skill starts clashing, not again at every refresh that finds it still does (a lockfile's: each listing).
    const saidBefore = new Set(this.held.map(withheldLine));
    const byUri = new Map<string, ServedSkill>();
    const byFile = new Map<string, ServedRead>();
    const kept: ServedSkill[] = [];
    // Parents before the skills nested in them: when the two disagree about a file, the parent keeps it.
    const depth = (s: ServedSkill) => s.entry.uri.split('/').length;
    for (const skill of [...skills].sort((a, b) => depth(a) - depth(b) || (a.entry.uri < b.entry.uri ? -1 : 1))) {
      const key = canonicalUri(skill.entry.uri);
      // A file two skills list (a nested skill's files are its parent's too) is one URI: it must be the same bytes for both.
      const clash = [...skill.files].find(([f, file]) => byFile.has(f) && byFile.get(f)!.file.digest !== file.digest);
      const sameUri = byUri.get(key);
      const sharing = clash ? byFile.get(clash[0])!.skill : undefined;
      const why = sameUri
        ? `${sameUri.upstreamUri} (${sameUri.label}) is served under the same gateway URI, ${skill.entry.uri}.`
        : sharing && clash
          ? `its file ${clash[1].upstreamUri} is also a file of ${sharing.upstreamUri} (${sharing.label}), which is served with other bytes of it.`
          : undefined;
      if (why !== undefined) {
        const line = withheldLine({ label: skill.label, uri: skill.upstreamUri, why });
        held.push({ label: skill.label, uri: skill.upstreamUri, why });
        if (!saidBefore.has(line)) this.warn(line);
        continue;
      }
      byUri.set(key, skill);
      for (const [fileKey, file] of skill.files) if (!byFile.has(fileKey)) byFile.set(fileKey, { skill, file, mimeType: mimeOf(file.uri) });
      kept.push(skill);
    }
    const key = setKey(kept);
    const changed = key !== this.key;
    const heldKey = withheldKey(held);
    const heldChanged = heldKey !== this.heldKey;
    this.skills = kept;
    this.byUri = byUri;
    this.byFile = byFile;
    this.key = key;
    this.held = held;
    this.heldKey = heldKey;
    if (changed) for (const server of this.servers) if (server.isConnected()) Promise.resolve(server.server.sendResourceListChanged()).catch(() => undefined);
    if (changed || heldChanged) for (const listener of this.listeners) listener();
  }

  /**
   * The host behind a request: clientInfo from `initialize` (2025 era) or
   * from the request's own envelope (2026-07-28, where each request carries it).
   */
  private clientOf(server: McpServer, connection: string, ctx: ServerContext): GatewayClient {
    const fromEnvelope = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY] as { name?: unknown; version?: unknown } | undefined;
    const info = server.server.getClientVersion() ?? fromEnvelope ?? this.lastInitialized;
    const name = typeof info?.name === 'string' ? info.name.slice(0, 200) : 'unknown host';
    const version = typeof info?.version === 'string' ? info.version.slice(0, 100) : '';
    // Over HTTP each request has its own server: a session, or else the host's name and version, ties them together.
    return { id: ctx.sessionId ?? (server.server.getClientVersion() ? connection : `${name} ${version}`), name, version };
  }

  private source(server: McpServer, connection: string): SkillSource {
    return {
      list: async ({ cursor }, ctx) => {
        // One page: the gateway issues no cursor, so any cursor is one it never gave out.
        if (cursor !== undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown cursor ${JSON.stringify(cursor.slice(0, 80))}: this gateway lists every skill on one page.`);
        await this.paced();
        // The set install() kept (a skill clashing with another is left out); built once per change, not per listing.
        const skills = this.skills;
        this.activity?.({ kind: 'listed', client: this.clientOf(server, connection, ctx), skills });
        return { skills: skills.map((s) => s.entry) };
      },
      get: async (uri) => (notAFile(uri) ? undefined : this.byUri.get(canonicalUri(uri))?.entry) ?? this.notServed(uri),
      read: async (uri, ctx) => {
        const found = notAFile(uri) ? undefined : this.byFile.get(canonicalUri(uri));
        if (!found) return this.notServed(uri);
        const result = await this.read(uri, found);
        this.activity?.({ kind: 'read', client: this.clientOf(server, connection, ctx), skill: found.skill, uri: found.file.uri });
        return result;
      },
      readDirectory: async (uri) => (neverServed(uri) ? undefined : this.readDirectory(uri)),
      listResources: async () => this.skills.map((s) => this.skillMdResource(s)),
    };
  }

  /** Not in the served set: unknown, or — while a refresh is failing — not confirmed, which the host is told. */
  private notServed(uri: string): undefined {
    if (this.failure === undefined) return undefined;
    throw new ProtocolError(ProtocolErrorCode.InternalError, `${uri} is not served: the gateway could not confirm which skills are approved, and serves none until it can. ${this.failure}`);
  }

  private async read(uri: string, { skill, file, mimeType }: ServedRead): Promise<SkillReadResult> {
    let bytes: Uint8Array;
    try {
      bytes = servedBytes(file, this.catalog.keptBytes?.(skill, file) ?? (await this.catalog.readApproved(skill, file)));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.warn(`${skill.label}: read of ${file.upstreamUri} refused: ${why}`);
      throw new ProtocolError(ProtocolErrorCode.InternalError, `${uri} could not be served: its approved bytes could not be read intact. ${why}`);
    }
    // Text when the bytes are UTF-8, so what the digest covers is what is sent: the decoder is fatal and keeps
    // a BOM, and well-formed UTF-8 has one encoding only, so the text encodes back to exactly these bytes.
    const text = skillMdText(bytes);
    return text === undefined ? { bytes, mimeType } : { text, mimeType };
  }

  private skillMdResource(skill: ServedSkill): Resource {
    const { name, description } = skill.entry.frontmatter;
    return { uri: skill.entry.uri, name: String(name), ...(typeof description === 'string' ? { description } : {}), mimeType: 'text/markdown' };
  }

  /** The direct children of a folder inside a served skill, from its served files only. */
  private async readDirectory(uri: string): Promise<{ resources: Resource[] } | undefined> {
    const dir = canonicalUri(uri).replace(/\/+$/, '');
    const children = new Map<string, Resource>();
    let inSkill = false;
    for (const skill of this.skills) {
      const root = canonicalUri(skill.entry.uri).replace(/\/SKILL\.md$/, '');
      if (dir !== root && !dir.startsWith(`${root}/`)) continue;
      inSkill = true;
      for (const file of skill.files.values()) {
        const key = canonicalUri(file.uri);
        if (!key.startsWith(`${dir}/`)) continue;
        const rest = key.slice(dir.length + 1);
        const slash = rest.indexOf('/');
        const name = slash < 0 ? rest : rest.slice(0, slash);
        const child = `${dir}/${name}`;
        if (children.has(child)) continue;
        children.set(child, slash < 0 ? { uri: child, name, mimeType: mimeOf(child), size: file.size } : { uri: child, name, mimeType: DIRECTORY });
      }
    }
    if (!inSkill || children.size === 0) return undefined;
    return { resources: [...children.values()].sort((a, b) => (a.uri < b.uri ? -1 : 1)) };
  }
}
