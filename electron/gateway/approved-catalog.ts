// The gateway's catalog from the app's data folder: the skills that are
// approved and enabled now, each with the exact files its approval binds,
// served from the snapshot store (re-hashed on every read; a mismatch is a
// read error, never served). The folder is only read — the running app stays
// its one writer (storage/instance-lock.ts) — and read again at every listing,
// so a revocation the app records (upstream changed) takes the skill off the
// gateway at once.
import path from 'node:path';
import { z } from 'zod';
import { canonicalUri } from '../../shared/skill-uri.js';
import { SnapshotStore } from '../snapshots/snapshot-store.js';
import { FileTooLarge, NotARegularFile, readRegularText } from '../storage/read-regular-file.js';
import type { GatewayCatalog } from './gateway.js';
import { namespacesOf } from './namespace.js';
import { buildServedSkill, type ServedFile, type ServedSkill } from './served-skill.js';

// Only the fields the gateway needs, as the app writes them (approvals/approval-store.ts, servers/catalog.ts).
const approvalsSchema = z.object({
  approvals: z.array(
    z.object({
      serverId: z.string(),
      skillUri: z.string(),
      decision: z.string(),
      enabled: z.boolean(),
      resources: z.union([z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number().int().nonnegative() })), z.literal('dynamic')]),
      allowedTools: z.object({ granted: z.boolean() }).nullable(),
    }),
  ),
});
const serversSchema = z.object({ servers: z.array(z.object({ id: z.string(), label: z.string() })) });

export const APPROVALS_FILE = 'approvals.json';
const MAX_BYTES = 256 * 1024 * 1024;

/** The file's text ('' when there is none). */
async function readText(file: string): Promise<string> {
  try {
    return await readRegularText(file, { maxBytes: MAX_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    if (error instanceof NotARegularFile || error instanceof FileTooLarge) throw new Error(`${file}: ${error.reason}`, { cause: error });
    throw error;
  }
}

function parseJson<T>(file: string, text: string, schema: z.ZodType<T>, missing: T): T {
  if (text === '') return missing;
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a file the app wrote: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}.`);
  return parsed.data;
}

export class ApprovedCatalog implements GatewayCatalog {
  readonly snapshots: SnapshotStore;
  /** `serverId\nskillUri` of every approval the app withdrew because the skill changed upstream, at the last refresh. */
  withdrawn: ReadonlySet<string> = new Set();
  private last: { key: string; skills: readonly ServedSkill[] } | undefined;

  constructor(
    readonly dataDir: string,
    private readonly warn: (line: string) => void = () => undefined,
  ) {
    this.snapshots = new SnapshotStore(path.join(dataDir, 'snapshots'));
  }

  get approvalsFile(): string {
    return path.join(this.dataDir, APPROVALS_FILE);
  }

  async refresh(): Promise<readonly ServedSkill[]> {
    const serversFile = path.join(this.dataDir, 'servers.json');
    const [approvalsText, serversText] = await Promise.all([readText(this.approvalsFile), readText(serversFile)]);
    // Unchanged decisions and labels serve the same set: the snapshots they name are content-addressed, and every read hashes its bytes again.
    const key = `${approvalsText.length}:${serversText.length}\n${approvalsText}\n${serversText}`;
    if (this.last?.key === key) return this.last.skills;
    const approvals = parseJson(this.approvalsFile, approvalsText, approvalsSchema, { approvals: [] });
    const servers = parseJson(serversFile, serversText, serversSchema, { servers: [] });
    const labels = new Map(servers.servers.map((s) => [s.id, s.label]));
    const namespaces = namespacesOf(labels.values());
    const out: ServedSkill[] = [];
    let withheld = false;
    this.withdrawn = new Set(approvals.approvals.filter((r) => r.decision === 'changed').map((r) => `${r.serverId}\n${r.skillUri}`));
    for (const record of approvals.approvals) {
      if (record.decision !== 'approved' || !record.enabled || !Array.isArray(record.resources)) continue;
      const label = labels.get(record.serverId);
      if (label === undefined) continue;
      const own = record.resources.find((r) => canonicalUri(r.uri) === canonicalUri(record.skillUri));
      const skillMd = own ? await this.snapshots.get(record.serverId, own.digest).catch((error: unknown) => error as Error) : undefined;
      if (!(skillMd instanceof Buffer)) {
        withheld = true;
        this.warn(`${label}: ${record.skillUri} is not served: ${skillMd instanceof Error ? skillMd.message : 'its approved SKILL.md is not in the snapshot store'}`);
        continue;
      }
      const built = buildServedSkill({ serverId: record.serverId, label, namespace: namespaces.get(label)!, upstreamUri: record.skillUri, resources: record.resources, skillMd, allowedToolsGranted: record.allowedTools?.granted === true });
      if (built.ok) out.push(built.skill);
      else this.warn(`${label}: ${record.skillUri} is not served: ${built.reason}.`);
    }
    // A skill withheld for a missing or damaged snapshot is looked at again next time, even with the same decisions.
    this.last = withheld ? undefined : { key, skills: out };
    return out;
  }

  async readApproved(skill: ServedSkill, file: ServedFile): Promise<Uint8Array> {
    // SnapshotStore.get hashes the stored bytes again and throws SnapshotDamaged on a mismatch.
    const bytes = await this.snapshots.get(skill.serverId, file.approvedDigest);
    if (!bytes) throw new Error(`the approved bytes of ${file.upstreamUri} (${file.approvedDigest}) are not in the snapshot store.`);
    return bytes;
  }
}
