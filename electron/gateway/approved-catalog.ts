// The gateway's catalog from the app's data folder: the skills that are
// approved and enabled now, each with the exact files its approval binds,
// served from the snapshot store (hashed when first read, a mismatch a read
// error, never served; then kept in memory, verified-bytes.ts). The folder is
// only read — the running app stays its one writer (storage/instance-lock.ts) —
// and looked at again at every listing (a stat; read when it changed), so a
// revocation the app records (upstream changed) takes the skill off the
// gateway at once.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { canonicalUri } from '../../shared/skill-uri.js';
import { currentDecisions, keyOf } from '../approvals/approval-store.js';
import { SnapshotStore } from '../snapshots/snapshot-store.js';
import { FileTooLarge, NotARegularFile, readRegularFile } from '../storage/read-regular-file.js';
import { whereUtf8Stops } from '../storage/utf8.js';
import { whereJsonStops } from '../storage/where-json-stops.js';
import { CheckedSnapshots } from './checked-snapshots.js';
import type { GatewayCatalog } from './gateway.js';
import { namespacesOf } from './namespace.js';
import { nestedSkillMdFiles, type NestedSkillMd } from './nested-skill-md.js';
import { buildServedSkill, type ServedFile, type ServedSkill } from './served-skill.js';
import { VerifiedBytes } from './verified-bytes.js';
import { withheldLine } from './withheld.js';
import type { HeldDecisions } from '../../shared/approvals-model.js';
import type { GatewayWithheld } from '../../shared/gateway-model.js';

// Only the fields the gateway needs, as the app writes them (approvals/approval-store.ts, servers/catalog.ts).
const approvalsSchema = z.object({
  approvals: z.array(
    z.object({
      serverId: z.string(),
      skillUri: z.string(),
      decision: z.string(),
      enabled: z.boolean(),
      // As approval-store.ts reads it: any whole number. -1 is a file whose listing gave it no byte count ("not listed"),
      // which a declined or withdrawn record may keep; a record that is served must have real sizes (checked below).
      resources: z.union([z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number().int() })), z.literal('dynamic')]),
      // requested: the tools the grant names (the frontmatter as a YAML 1.1 host reads it, since approvals read it so).
      allowedTools: z.object({ granted: z.boolean(), requested: z.array(z.string()).optional() }).nullable(),
    }),
  ),
});
const serversSchema = z.object({ servers: z.array(z.object({ id: z.string(), label: z.string() })) });

export const APPROVALS_FILE = 'approvals.json';
const MAX_BYTES = 256 * 1024 * 1024;

/**
 * The file's text ('' when there is none). The app writes its stores as UTF-8 only and refuses to load one that is
 * not (storage/json-store.ts): a byte that is not is damage (a bit flipped on disk), and decoded leniently as U+FFFD
 * the gateway served from a file the app would not load, without a word. Refused the same way, by place only.
 */
async function readText(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(file, { maxBytes: MAX_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    if (error instanceof NotARegularFile || error instanceof FileTooLarge) throw new Error(`${file}: ${error.reason}`, { cause: error });
    throw error;
  }
  const notUtf8 = whereUtf8Stops(bytes);
  if (notUtf8 !== undefined) throw new Error(`${file} is not a file the app wrote: it is not valid UTF-8 (${notUtf8}).`);
  return bytes.toString('utf8');
}

/**
 * Which version of a file is on disk, without reading it: the app replaces its
 * stores by rename (storage/), so a new version is a new inode, and an edit in
 * place changes the size or the change time. '' when there is no file.
 */
async function versionOf(file: string): Promise<string> {
  try {
    const s = await fs.stat(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

function parseJson<T>(file: string, text: string, schema: z.ZodType<T>, missing: T): T {
  if (text === '') return missing;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // By place only, never JSON.parse's message: it quotes the text around the fault, and servers.json holds server
    // settings (secrets in clear in a file from before the secret store). The message reaches hosts, stderr and the app.
    const where = whereJsonStops(text);
    throw new Error(`${file} is not a file the app wrote: it is not valid JSON${where ? ` (${where})` : ''}.`, { cause: error });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file} is not a file the app wrote: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape'}.`);
  }
  return parsed.data;
}

/** A held key (`serverId\nskillUri`) as approvals are keyed: the URI in its canonical spelling (approval-store keyOf). */
function canonicalKey(key: string): string {
  const cut = key.indexOf('\n');
  return cut < 0 ? key : keyOf(key.slice(0, cut), key.slice(cut + 1));
}

export class ApprovedCatalog implements GatewayCatalog {
  readonly snapshots: SnapshotStore;
  /** `serverId\nskillUri` of every approval the app withdrew because the skill changed upstream, at the last refresh. */
  withdrawn: ReadonlySet<string> = new Set();
  /** The approved, enabled skills the last set left out, and why (each also said through `warn`). */
  withheld: readonly GatewayWithheld[] = [];
  private last: { key: string; skills: readonly ServedSkill[]; withheld: readonly GatewayWithheld[] } | undefined;
  /** The versions of approvals.json and servers.json the last set was built from. */
  private lastVersions: string | undefined;
  private readonly verified = new VerifiedBytes();
  private readonly checked: CheckedSnapshots;
  /** Counts the sets built, so a warm-up of an older set stops. */
  private generation = 0;

  constructor(
    readonly dataDir: string,
    private readonly warn: (line: string) => void = () => undefined,
    /**
     * `serverId\nskillUri` of skills not to serve whatever approvals.json says: the app's own gateway is told of a
     * revocation, decline or disable the app holds in memory but could not yet write (a full disk).
     */
    private readonly heldInMemory: () => HeldDecisions = () => new Map(),
  ) {
    this.snapshots = new SnapshotStore(path.join(dataDir, 'snapshots'));
    this.checked = new CheckedSnapshots(this.snapshots, this.verified);
  }

  get approvalsFile(): string {
    return path.join(this.dataDir, APPROVALS_FILE);
  }

  get serversFile(): string {
    return path.join(this.dataDir, 'servers.json');
  }

  async refresh(): Promise<readonly ServedSkill[]> {
    const serversFile = this.serversFile;
    // A host lists often (every session, every ttl): while neither file changed, the set is the one built last.
    // A copy: the app's set may change while this refresh awaits the disk.
    const held = new Map(this.heldInMemory());
    const heldKey = [...held].map(([key, why]) => `${key}\n${why}`).sort().join('\n');
    const versions = [...(await Promise.all([versionOf(this.approvalsFile), versionOf(serversFile)])), heldKey].join('\n');
    if (this.last && versions === this.lastVersions) return this.last.skills;
    // Nothing said about an older set stays once this one is being built (a failure here serves nothing, and says so).
    this.withheld = [];
    const [approvalsText, serversText] = await Promise.all([readText(this.approvalsFile), readText(serversFile)]);
    // Unchanged decisions and labels serve the same set: the snapshots they name are content-addressed, and every read hashes its bytes again.
    const key = `${approvalsText.length}:${serversText.length}\n${approvalsText}\n${serversText}\n${heldKey}`;
    if (this.last?.key === key) {
      this.lastVersions = versions;
      this.withheld = this.last.withheld;
      return this.last.skills;
    }
    // One decision per skill, by the rule the app loads the file with (the last record of a skill).
    const decisions = currentDecisions(parseJson(this.approvalsFile, approvalsText, approvalsSchema, { approvals: [] }).approvals);
    const servers = parseJson(serversFile, serversText, serversSchema, { servers: [] });
    const labels = new Map(servers.servers.map((s) => [s.id, s.label]));
    const namespaces = namespacesOf(labels.values());
    const out: ServedSkill[] = [];
    const heldBack: GatewayWithheld[] = [];
    const hold = (label: string, uri: string, why: string) => {
      heldBack.push({ label, uri, why });
      this.warn(withheldLine({ label, uri, why }));
    };
    let withheld = false;
    // Withdrawn because it changed upstream: as approvals.json says, or as the app holds it in memory before it is saved.
    this.withdrawn = new Set([
      ...decisions.filter((r) => r.decision === 'changed').map((r) => `${r.serverId}\n${r.skillUri}`),
      ...[...held].filter(([, why]) => why === 'changed upstream').map(([key]) => key),
    ]);
    // Held under any spelling of the skill's URI: the user may take away a skill under the spelling its listing uses
    // now while the record on disk keeps the one it was approved under (approvals are keyed by canonical URI).
    const heldKeys = new Set([...held.keys()].map(canonicalKey));
    type Decision = (typeof decisions)[number];
    const serves = (record: Decision): record is Decision & { resources: Exclude<Decision['resources'], 'dynamic'> } =>
      record.decision === 'approved' && record.enabled && Array.isArray(record.resources) && !heldKeys.has(keyOf(record.serverId, record.skillUri));
    // A nested SKILL.md keeps its allowed-tools in its parent's files only when its own approval grants them, for those very bytes.
    const grants = new Map<string, readonly string[] | undefined>();
    for (const record of decisions) {
      if (!serves(record) || record.allowedTools?.granted !== true) continue;
      const own = record.resources.find((r) => canonicalUri(r.uri) === canonicalUri(record.skillUri));
      if (own) grants.set(`${keyOf(record.serverId, record.skillUri)}\n${own.digest}`, record.allowedTools.requested);
    }
    for (const record of decisions) {
      if (!serves(record)) continue;
      const label = labels.get(record.serverId);
      // Its server was removed while the approval stayed (a write that failed, a servers.json restored or edited):
      // it has no label to be served under, and is named by the id it was approved for.
      if (label === undefined) {
        hold(record.serverId, record.skillUri, 'its server is no longer configured (no server in servers.json has this id).');
        continue;
      }
      // The gateway checks every file it sends against its approved size: a file with none ("not listed", -1) cannot be served.
      const unsized = record.resources.find((r) => !Number.isSafeInteger(r.size) || r.size < 0);
      if (unsized) {
        hold(label, record.skillUri, `its approved file ${unsized.uri} has no size to check it against.`);
        continue;
      }
      const own = record.resources.find((r) => canonicalUri(r.uri) === canonicalUri(record.skillUri));
      const skillMd = own ? await this.snapshots.get(record.serverId, own.digest).catch((error: unknown) => error as Error) : undefined;
      if (!(skillMd instanceof Buffer)) {
        withheld = true;
        hold(label, record.skillUri, skillMd instanceof Error ? `its approved SKILL.md cannot be used: ${skillMd.message}` : 'its approved SKILL.md is not in the snapshot store.');
        continue;
      }
      this.verified.keep(record.serverId, own!.digest, skillMd);
      const nested = new Map<string, NestedSkillMd>();
      let unread: string | undefined;
      for (const file of nestedSkillMdFiles(record.skillUri, record.resources)) {
        const bytes = await this.snapshots.get(record.serverId, file.digest).catch((error: unknown) => error as Error);
        if (!(bytes instanceof Buffer)) {
          unread = `its file ${file.uri} is the SKILL.md of a skill nested in it and cannot be checked for allowed-tools: ${bytes instanceof Error ? bytes.message : 'it is not in the snapshot store.'}`;
          break;
        }
        this.verified.keep(record.serverId, file.digest, bytes);
        const grant = `${keyOf(record.serverId, file.uri)}\n${file.digest}`;
        nested.set(canonicalUri(file.uri), { bytes, allowedToolsGranted: grants.has(grant), ...(grants.get(grant) ? { grantedTools: grants.get(grant) } : {}) });
      }
      // Unread, a nested SKILL.md might carry allowed-tools uncut: the skill waits, and is looked at again next time.
      if (unread !== undefined) {
        withheld = true;
        hold(label, record.skillUri, unread);
        continue;
      }
      // Every other file too: listed with one missing or damaged, the skill would fail the host's read of that file.
      const readAlready = new Set([canonicalUri(own!.uri), ...nested.keys()]);
      let missing: string | undefined;
      for (const file of record.resources) {
        if (readAlready.has(canonicalUri(file.uri))) continue;
        missing = await this.checked.problem(record.serverId, file);
        if (missing !== undefined) break;
      }
      if (missing !== undefined) {
        withheld = true;
        hold(label, record.skillUri, missing);
        continue;
      }
      const built = buildServedSkill({ serverId: record.serverId, label, namespace: namespaces.get(label)!, upstreamUri: record.skillUri, resources: record.resources, skillMd, allowedToolsGranted: record.allowedTools?.granted === true, ...(record.allowedTools?.requested ? { grantedTools: record.allowedTools.requested } : {}), nested });
      if (built.ok) out.push(built.skill);
      else hold(label, record.skillUri, `${built.reason}.`);
    }
    this.withheld = heldBack;
    // A skill withheld for a missing or damaged snapshot (of any of its files) is looked at again next time, even with the same decisions.
    this.last = withheld ? undefined : { key, skills: out, withheld: heldBack };
    this.lastVersions = withheld ? undefined : versions;
    void this.warm(out, ++this.generation);
    return out;
  }

  /**
   * Reads the served files into memory in the background, one at a time, while
   * there is room: a host that lists then reads a file finds it there instead
   * of waiting for the disk. A newer set stops it. A file that cannot be read is
   * left for the host's own read, which reports it.
   */
  private async warm(skills: readonly ServedSkill[], generation: number): Promise<void> {
    for (const skill of skills) {
      for (const file of skill.files.values()) {
        if (generation !== this.generation || file.size > this.verified.freeBytes) return;
        if (this.verified.has(skill.serverId, file.approvedDigest)) continue;
        await this.readApproved(skill, file).catch(() => undefined);
      }
    }
  }

  keptBytes(skill: ServedSkill, file: ServedFile): Uint8Array | undefined {
    return this.verified.kept(skill.serverId, file.approvedDigest);
  }

  async readApproved(skill: ServedSkill, file: ServedFile): Promise<Uint8Array> {
    return this.verified.get(skill.serverId, file.approvedDigest, async () => {
      // SnapshotStore.get hashes the stored bytes again and throws SnapshotDamaged on a mismatch.
      const bytes = await this.snapshots.get(skill.serverId, file.approvedDigest);
      if (!bytes) throw new Error(`the approved bytes of ${file.upstreamUri} (${file.approvedDigest}) are not in the snapshot store.`);
      return bytes;
    });
  }
}
