// Every distinct version (file set + frontmatter) a server served for each of
// its skills, with when it was first and last seen. One file per server, so a
// removed server's history goes with it. A new version is written at once; a
// version merely seen again only moves `lastSeen`, written a moment later in
// one batch (a listing of thousands of skills is one write, not thousands).
// A skill's history is kept by its canonical URI: a listing that spells the
// URI another way (SKILL://, %2D, a dot segment) names the same skill.
// A file that cannot be used is said once per cause, naming the file and why:
// not again at every listing that brings a new version (its versions stay in
// memory and go with the next save that lands, which resolves the cause).
import { promises as fs } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { dataRecordOf } from '../../shared/data-record.js';
import type { EntryVersion } from '../../shared/approvals-model.js';
import type { EntryContent } from '../../shared/entry-diff.js';
import { JsonStore, type StoreProblem } from '../storage/json-store.js';
import { removePath } from '../storage/remove-path.js';
import { canonicalUri } from '../skills/uri-memo.js';

/** Oldest versions beyond this many per skill are dropped (a server that changes on every call would grow without end). */
const MAX_VERSIONS_PER_SKILL = 200;
const LAST_SEEN_DELAY_MS = 1_000;

const fileRef = z.object({ uri: z.string(), digest: z.string(), size: z.number().int() });
const versionSchema = z.object({
  fingerprint: z.string(),
  resources: z.union([z.array(fileRef), z.literal('dynamic'), z.null()]),
  // Frontmatter keys are the server's data: a "__proto__" key is kept, not dropped (z.record drops it).
  frontmatter: dataRecordOf(z.unknown()),
  firstSeen: z.string(),
  lastSeen: z.string(),
  timesSeen: z.number().int(),
  firstSeenVia: z.enum(['listing', 'get']),
});
const fileSchema = z.object({ version: z.literal(1), skills: dataRecordOf(z.array(versionSchema)) });
type HistoryFile = z.infer<typeof fileSchema>;

export interface ObservedEntry {
  readonly skillUri: string;
  readonly entry: EntryContent;
  readonly fingerprint: string;
}

interface ServerHistory {
  readonly store: JsonStore<HistoryFile>;
  readonly skills: Map<string, EntryVersion[]>;
  timer?: NodeJS.Timeout;
  /** Why the last save failed, as already said (its message); undefined once a save lands. */
  saidWhy?: string;
  /**
   * The code of the save failures the load's own problem already explains ("nothing is saved until…"):
   * EUNREAD for a file that could not be read, EISDIR for a folder in its place. Cleared once a save lands.
   */
  saidAtLoad?: string;
}

/** A save of a server's history failed, for a reason not said before (the message names the file and why). */
export type HistorySaveFailed = (message: string) => void;

/** Said after every failed save's own words: the history is not lost meanwhile. */
const KEPT_NOTE = 'The versions seen are kept in memory and saved with the next save of this history that succeeds.';

/**
 * The histories of a file by canonical URI. Earlier versions kept them by the URI exactly as listed, so one skill
 * listed under two spellings has two; they are one history now, a version seen under both counted once.
 */
function byCanonicalUri(skills: Record<string, EntryVersion[]>): Map<string, EntryVersion[]> {
  const out = new Map<string, EntryVersion[]>();
  const spellings = new Map<string, number>();
  for (const [uri, versions] of Object.entries(skills)) {
    const key = canonicalUri(uri);
    // Appended in place: a file with thousands of spellings of one skill is read in one pass, not copied per spelling.
    const list = out.get(key);
    if (list) for (const v of versions) list.push(v);
    else out.set(key, [...versions]);
    spellings.set(key, (spellings.get(key) ?? 0) + 1);
  }
  for (const [key, count] of spellings) if (count > 1) out.set(key, mergeVersions(out.get(key)!));
  return out;
}

function mergeVersions(versions: readonly EntryVersion[]): EntryVersion[] {
  const byFingerprint = new Map<string, EntryVersion>();
  for (const v of versions) {
    const known = byFingerprint.get(v.fingerprint);
    if (!known) {
      byFingerprint.set(v.fingerprint, v);
      continue;
    }
    const first = v.firstSeen < known.firstSeen ? v : known;
    byFingerprint.set(v.fingerprint, { ...first, lastSeen: v.lastSeen > known.lastSeen ? v.lastSeen : known.lastSeen, timesSeen: known.timesSeen + v.timesSeen });
  }
  const merged = [...byFingerprint.values()].sort((a, b) => (a.firstSeen < b.firstSeen ? -1 : a.firstSeen > b.firstSeen ? 1 : 0));
  return merged.slice(Math.max(0, merged.length - MAX_VERSIONS_PER_SKILL));
}

export class HistoryStore {
  private readonly servers = new Map<string, Promise<ServerHistory>>();
  constructor(
    private readonly root: string,
    private readonly onProblem: (problem: StoreProblem) => void,
    private readonly onSaveFailed: HistorySaveFailed = () => undefined,
  ) {}

  fileOf(serverId: string): string {
    const segment = /^[A-Za-z0-9_-]{1,100}$/.test(serverId) ? serverId : `id-${createHash('sha256').update(serverId).digest('hex').slice(0, 40)}`;
    return path.join(this.root, `${segment}.json`);
  }

  /**
   * Records how the server just described some of its skills (one listing, or
   * one skills/get). Resolves to the skill URIs seen in a version not seen before.
   */
  async observe(serverId: string, seen: readonly ObservedEntry[], via: 'listing' | 'get'): Promise<string[]> {
    const history = await this.open(serverId);
    const now = new Date().toISOString();
    const fresh: string[] = [];
    for (const { skillUri, entry, fingerprint } of seen) {
      const key = canonicalUri(skillUri);
      const versions = history.skills.get(key) ?? [];
      const at = versions.findIndex((v) => v.fingerprint === fingerprint);
      if (at >= 0) {
        const known = versions[at]!;
        versions[at] = { ...known, lastSeen: now, timesSeen: known.timesSeen + 1 };
      } else {
        versions.push({ fingerprint, resources: entry.resources, frontmatter: entry.frontmatter, firstSeen: now, lastSeen: now, timesSeen: 1, firstSeenVia: via });
        if (versions.length > MAX_VERSIONS_PER_SKILL) versions.splice(0, versions.length - MAX_VERSIONS_PER_SKILL);
        fresh.push(skillUri);
      }
      history.skills.set(key, versions);
    }
    if (fresh.length > 0) {
      if (history.timer) clearTimeout(history.timer);
      history.timer = undefined;
      await this.save(serverId, history);
    } else if (seen.length > 0) {
      history.timer ??= setTimeout(() => {
        history.timer = undefined;
        void this.save(serverId, history);
      }, LAST_SEEN_DELAY_MS).unref();
    }
    return fresh;
  }

  /** Versions of one skill, oldest first. */
  async versions(serverId: string, skillUri: string): Promise<EntryVersion[]> {
    const history = await this.open(serverId);
    return [...(history.skills.get(canonicalUri(skillUri)) ?? [])];
  }

  async version(serverId: string, skillUri: string, fingerprint: string): Promise<EntryVersion | undefined> {
    return (await this.versions(serverId, skillUri)).find((v) => v.fingerprint === fingerprint);
  }

  /** Writes any pending `lastSeen` updates. */
  async flush(): Promise<void> {
    for (const [serverId, pending] of this.servers) {
      const history = await pending;
      if (history.timer) {
        clearTimeout(history.timer);
        history.timer = undefined;
        await this.save(serverId, history);
      }
    }
  }

  async removeServer(serverId: string): Promise<void> {
    const pending = this.servers.get(serverId);
    this.servers.delete(serverId);
    if (pending) {
      const history = await pending.catch(() => undefined);
      if (history?.timer) clearTimeout(history.timer);
    }
    const file = this.fileOf(serverId);
    await removePath(file);
    await removePath(`${file}.bak`);
  }

  private open(serverId: string): Promise<ServerHistory> {
    let pending = this.servers.get(serverId);
    if (!pending) {
      pending = (async () => {
        const store = new JsonStore(this.fileOf(serverId), fileSchema, () => ({ version: 1 as const, skills: {} }));
        const { value, problem } = await store.load();
        const history: ServerHistory = { store, skills: byCanonicalUri(value.skills) };
        if (problem) {
          this.onProblem(problem);
          const folder = await fs.lstat(this.fileOf(serverId)).then((s) => s.isDirectory(), () => false);
          const why = problem.unreadable ? 'EUNREAD' : folder ? 'EISDIR' : undefined;
          if (why) history.saidAtLoad = why;
        }
        return history;
      })();
      this.servers.set(serverId, pending);
      // A failed load is retried on the next use rather than remembered.
      pending.catch(() => this.servers.delete(serverId));
    }
    return pending;
  }

  /** Never throws: a failure is said once per cause (the same words again say nothing new), and the history stays in memory. */
  private async save(serverId: string, history: ServerHistory): Promise<void> {
    if (this.servers.get(serverId) === undefined) return;
    try {
      await history.store.save({ version: 1, skills: Object.fromEntries(history.skills) as HistoryFile['skills'] });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = (error as { code?: unknown }).code;
      if (message === history.saidWhy || (history.saidAtLoad !== undefined && code === history.saidAtLoad)) return;
      history.saidWhy = message;
      this.onSaveFailed(`${message} ${KEPT_NOTE}`);
      return;
    }
    history.saidWhy = undefined;
    history.saidAtLoad = undefined;
  }
}
