// The user's decisions, one per (server identity, skill URI), in one atomic
// JSON file with a backup of the last good version. Changes land in memory at
// once (so the catalog shows them immediately) and on disk in call order.
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
type ApprovalsFile = z.infer<typeof fileSchema>;

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

export class ApprovalStore {
  private readonly records = new Map<string, ApprovalRecord>();
  /** A respelled record and the decision it names as listed now (so undo knows them for one). */
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
    return problem;
  }

  get(serverId: string, skillUri: string): ApprovalRecord | undefined {
    return this.records.get(keyOf(serverId, skillUri));
  }

  list(serverId?: string): ApprovalRecord[] {
    const all = [...this.records.values()];
    return serverId === undefined ? all : all.filter((r) => r.serverId === serverId);
  }

  set(record: ApprovalRecord): Promise<void> {
    this.records.set(keyOf(record.serverId, record.skillUri), record);
    return this.persist();
  }

  /** Several decisions in one write: the file holds all of them or none. */
  setAll(records: readonly ApprovalRecord[]): Promise<void> {
    for (const record of records) this.records.set(keyOf(record.serverId, record.skillUri), record);
    return this.persist();
  }

  /**
   * The same decisions named as the server lists their skills now (another spelling of the same URIs, the same
   * bytes), in one write. Not a decision: a change whose save is still on its way is undone as if it were not
   * respelled (see undo).
   */
  respell(records: readonly ApprovalRecord[]): Promise<void> {
    for (const record of records) {
      const key = keyOf(record.serverId, record.skillUri);
      const was = this.records.get(key);
      if (was) this.respelledFrom.set(record, this.respelledFrom.get(was) ?? was);
      this.records.set(key, record);
    }
    return this.persist();
  }

  /** Resolves to whether there was a decision to remove. */
  async delete(serverId: string, skillUri: string): Promise<boolean> {
    const had = this.records.delete(keyOf(serverId, skillUri));
    if (had) await this.persist();
    return had;
  }

  /** Removes every decision about a server; resolves to the ones removed. */
  async removeServer(serverId: string): Promise<ApprovalRecord[]> {
    const removed = this.list(serverId);
    for (const r of removed) this.records.delete(keyOf(r.serverId, r.skillUri));
    if (removed.length > 0) await this.persist();
    return removed;
  }

  /**
   * Undoes, in memory only, a change whose save failed: puts `previous` back
   * (or nothing) unless the decision was changed again in the meantime.
   */
  undo(serverId: string, skillUri: string, expected: ApprovalRecord | undefined, previous: ApprovalRecord | undefined): void {
    const key = keyOf(serverId, skillUri);
    const now = this.records.get(key);
    if (now !== expected && (now === undefined || this.respelledFrom.get(now) !== expected)) return;
    if (previous) this.records.set(key, previous);
    else this.records.delete(key);
  }

  /** Writes what is in memory again (after a save that failed). */
  flush(): Promise<void> {
    return this.persist();
  }

  private persist(): Promise<void> {
    const approvals = [...this.records.values()].sort((a, b) => (a.serverId + a.skillUri < b.serverId + b.skillUri ? -1 : 1));
    return this.store.save({ version: 1, approvals: approvals as ApprovalsFile['approvals'] });
  }
}
