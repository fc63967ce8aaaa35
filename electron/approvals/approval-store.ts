// The user's decisions, one per (server identity, skill URI), in one atomic
// JSON file with a backup of the last good version. Changes land in memory at
// once (so the catalog shows them immediately) and on disk in call order, each
// write holding what is on disk, the changes kept after a failed write, and its
// own change: never another change whose write is still on its way.
import path from 'node:path';
import { z } from 'zod';
import { dataRecordOf } from '../../shared/data-record.js';
import type { ApprovalRecord } from '../../shared/approvals-model.js';
import { JsonStore, type StoreProblem } from '../storage/json-store.js';
import { canonicalUri } from '../skills/uri-memo.js';

const fileRef = z.object({ uri: z.string(), digest: z.string(), size: z.number().int() });

const recordSchema = z.object({
  serverId: z.string().min(1),
  skillUri: z.string().min(1),
  skillName: z.string(),
  decision: z.enum(['approved', 'declined', 'changed']),
  resources: z.union([z.array(fileRef), z.literal('dynamic')]),
  // Frontmatter keys are the server's data: a "__proto__" key is kept, not dropped (z.record drops it).
  frontmatter: dataRecordOf(z.unknown()),
  fingerprint: z.string(),
  decidedAt: z.string(),
  note: z.string().optional(),
  enabled: z.boolean(),
  allowedTools: z.object({ requested: z.array(z.string()), granted: z.boolean(), decidedAt: z.string().optional() }).nullable(),
  revoked: z
    .object({
      at: z.string(),
      reason: z.string(),
      cause: z.enum(['entry-changed', 'file-changed']),
      via: z.enum(['listing', 'get', 'read']),
      observedFingerprint: z.string().optional(),
    })
    .optional(),
});

const fileSchema = z.object({ version: z.literal(1), approvals: z.array(recordSchema) });
export type ApprovalsFile = z.infer<typeof fileSchema>;

const APPROVALS_FILE = 'approvals.json';

// A skill's URI spelled another way that names the same SKILL.md (`SKILL://…`, `%2D`, a dot segment) is the same skill:
// one decision, which binds its exact files by digest whatever the spelling (change-detection.ts compares them so).
export const keyOf = (serverId: string, skillUri: string): string => `${serverId}\n${canonicalUri(skillUri)}`;

/**
 * The decisions a list of records read from approvals.json stands for: one per
 * skill. A file with more than one record for a skill (written by hand, by an
 * older version, or under two spellings of its URI) holds the last one, as the app has always loaded it; the
 * gateway reads the file by this rule too, so it never serves a skill the app
 * shows as disabled, declined or withdrawn.
 */
export function currentDecisions<T extends { readonly serverId: string; readonly skillUri: string }>(records: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const record of records) byKey.set(keyOf(record.serverId, record.skillUri), record);
  return [...byKey.values()];
}

/**
 * What becomes of a change whose write fails: `keep` leaves it in force in memory, and every later write carries it
 * until one lands (a decision that only takes away, a respelling); `undo` takes it back out of memory, and no later
 * write carries it (a decision that allows more).
 */
export type IfUnsaved = 'keep' | 'undo';

/** One decision put in place (`record`) or removed (`undefined`), made on the record in force then (`base`). */
interface Change {
  readonly key: string;
  readonly record: ApprovalRecord | undefined;
  readonly base: ApprovalRecord | undefined;
}

export class ApprovalStore {
  /** The decisions in force: what the catalog, the window and the gateway's held decisions go by. */
  private readonly records = new Map<string, ApprovalRecord>();
  /**
   * What approvals.json holds: what was loaded, then what the last write that landed held. Each write is built
   * from it, the kept changes and its own change, when its turn comes: never from memory, which also holds changes
   * whose own write is still on its way and may yet fail (written by another write, an approve the user was told
   * had failed would be on disk, served by the gateway and approved after a restart).
   */
  private saved = new Map<string, ApprovalRecord>();
  /** Changes kept in force although their write failed (IfUnsaved `keep`): every write carries them until one lands. */
  private readonly unsaved = new Map<string, ApprovalRecord | undefined>();
  /** Writes run one at a time, each built and settled before the next is built. */
  private writing: Promise<unknown> = Promise.resolve();
  /** A respelled record and the decision it names as listed now (so a failed change is known under either). */
  private readonly respelledFrom = new WeakMap<ApprovalRecord, ApprovalRecord>();
  private readonly store: JsonStore<ApprovalsFile>;

  constructor(dataDir: string) {
    this.store = new JsonStore(path.join(dataDir, APPROVALS_FILE), fileSchema, () => ({ version: 1 as const, approvals: [] }));
  }

  get file(): string {
    return this.store.file;
  }

  /** Loads the file; a damaged one is recovered from its backup and reported, never silently reset. */
  async load(): Promise<StoreProblem | undefined> {
    const { value, problem } = await this.store.load();
    this.records.clear();
    for (const record of currentDecisions(value.approvals)) this.records.set(keyOf(record.serverId, record.skillUri), record);
    this.saved = new Map(this.records);
    this.unsaved.clear();
    return problem;
  }

  get(serverId: string, skillUri: string): ApprovalRecord | undefined {
    return this.records.get(keyOf(serverId, skillUri));
  }

  list(serverId?: string): ApprovalRecord[] {
    const all = [...this.records.values()];
    return serverId === undefined ? all : all.filter((r) => r.serverId === serverId);
  }

  /** In force at once; on disk once its write lands. A change made on one whose write failed is refused (`undo`). */
  async set(record: ApprovalRecord, ifUnsaved: IfUnsaved): Promise<void> {
    await this.commit([this.put(keyOf(record.serverId, record.skillUri), record)], ifUnsaved);
  }

  /** Several decisions in one write: the file holds all of them or none. */
  async setAll(records: readonly ApprovalRecord[], ifUnsaved: IfUnsaved): Promise<void> {
    await this.commit(
      records.map((record) => this.put(keyOf(record.serverId, record.skillUri), record)),
      ifUnsaved,
    );
  }

  /**
   * The same decisions named as the server lists their skills now (another spelling of the same URIs, the same
   * bytes), in one write. Not a decision: a record whose own write is still on its way is respelled on disk only if
   * that write lands (and undone with it if it fails); a failed write keeps the respelling in force. Resolves to the
   * records respelled in memory and on disk (or carried by the next write), never rejects.
   */
  async respell(records: readonly ApprovalRecord[]): Promise<ApprovalRecord[]> {
    const changes: Change[] = [];
    for (const record of records) {
      const key = keyOf(record.serverId, record.skillUri);
      const was = this.records.get(key);
      if (!was) continue;
      this.respelledFrom.set(record, this.respelledFrom.get(was) ?? was);
      changes.push(this.put(key, record));
    }
    const { written } = await this.queueWrite(changes, 'keep', 'skip');
    return written.map((c) => c.record).filter((r): r is ApprovalRecord => r !== undefined);
  }

  /** Resolves to whether there was a decision to remove. */
  async delete(serverId: string, skillUri: string, ifUnsaved: IfUnsaved): Promise<boolean> {
    const key = keyOf(serverId, skillUri);
    const base = this.records.get(key);
    if (!base) return false;
    this.records.delete(key);
    await this.commit([{ key, record: undefined, base }], ifUnsaved);
    return true;
  }

  /** Removes every decision about a server; resolves to the ones removed. Kept removed when the write fails. */
  async removeServer(serverId: string): Promise<ApprovalRecord[]> {
    const removed = this.list(serverId);
    const changes = removed.map((base) => ({ key: keyOf(base.serverId, base.skillUri), record: undefined, base }));
    for (const { key } of changes) this.records.delete(key);
    if (changes.length > 0) await this.commit(changes, 'keep');
    return removed;
  }

  /** Writes what is saved and kept again (after a write that failed). */
  async flush(): Promise<void> {
    await this.commit([], 'keep');
  }

  /** Writes approvals.json whole (tests put a disk that fails or lands each write as they say here). */
  protected write(file: ApprovalsFile): Promise<void> {
    return this.store.save(file);
  }

  private put(key: string, record: ApprovalRecord): Change {
    const base = this.records.get(key);
    this.records.set(key, record);
    return { key, record, base };
  }

  private async commit(changes: readonly Change[], ifUnsaved: IfUnsaved): Promise<void> {
    // A change that allows more, made on one whose write failed, is refused with it; one that takes away is written.
    const { failure } = await this.queueWrite(changes, ifUnsaved, ifUnsaved === 'undo' ? 'refuse' : 'write');
    if (failure) throw failure.error;
  }

  /**
   * Queues one write of `changes`. When its turn comes, every earlier write has landed or failed: a change made on
   * a record whose write failed and was undone is an orphan, and is refused (with the whole write), skipped, or
   * written as it is, as `orphans` says.
   */
  private queueWrite(changes: readonly Change[], ifUnsaved: IfUnsaved, orphans: 'refuse' | 'skip' | 'write'): Promise<{ written: readonly Change[]; failure?: { error: unknown } }> {
    const run = this.writing.then(async () => {
      const orphaned = changes.filter((c) => this.rootOf(this.onDisk(c.key)) !== this.rootOf(c.base));
      if (orphaned.length > 0 && orphans === 'refuse') {
        for (const c of changes) this.undoInMemory(c);
        const uris = orphaned.map((c) => c.record?.skillUri ?? c.base?.skillUri).join(', ');
        return { written: [], failure: { error: new Error(`${uris} was not saved: the change before it (an approve, enable or grant of the skill) could not be saved, so this one, made on top of it, is not in force either. Look at the skill again.`) } };
      }
      const written = orphans === 'skip' ? changes.filter((c) => !orphaned.includes(c)) : changes;
      for (const c of changes) if (!written.includes(c)) this.undoInMemory(c);
      const next = new Map(this.saved);
      for (const [key, record] of [...this.unsaved, ...written.map((c) => [c.key, c.record] as const)]) {
        if (record) next.set(key, record);
        else next.delete(key);
      }
      try {
        const approvals = [...next.values()].sort((a, b) => (a.serverId + a.skillUri < b.serverId + b.skillUri ? -1 : 1));
        await this.write({ version: 1, approvals: approvals as ApprovalsFile['approvals'] });
      } catch (error) {
        for (const c of written) {
          if (ifUnsaved === 'keep') this.unsaved.set(c.key, c.record);
          else this.undoInMemory(c);
        }
        return { written: ifUnsaved === 'keep' ? written : [], failure: { error } };
      }
      this.saved = next;
      this.unsaved.clear();
      return { written };
    });
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** The decision approvals.json holds for `key`, or will hold once a kept change lands. */
  private onDisk(key: string): ApprovalRecord | undefined {
    return this.unsaved.has(key) ? this.unsaved.get(key) : this.saved.get(key);
  }

  private rootOf(record: ApprovalRecord | undefined): ApprovalRecord | undefined {
    return record && (this.respelledFrom.get(record) ?? record);
  }

  /**
   * Takes a change whose write failed back out of memory: the skill's decision is what approvals.json holds again,
   * unless it was changed once more meanwhile (that change's own write settles it).
   */
  private undoInMemory(change: Change): void {
    if (this.rootOf(this.records.get(change.key)) !== this.rootOf(change.record)) return;
    const saved = this.onDisk(change.key);
    if (saved) this.records.set(change.key, saved);
    else this.records.delete(change.key);
  }
}
