// The audit trail: one JSON line per approve / decline / revoke / grant /
// enable / disable / forget, with the reason and the time. Append-only; a line
// torn by a crash is skipped and reported, never fatal.
import path from 'node:path';
import type { AuditEntry } from '../../shared/approvals-model.js';
import { JsonlLog } from '../storage/jsonl-log.js';
import { canonicalUri } from '../skills/uri-memo.js';

const AUDIT_FILE = 'audit.jsonl';

const ACTIONS = new Set(['approve', 'decline', 'revoke', 'grant', 'ungrant', 'enable', 'disable', 'forget']);

function isAuditEntry(value: unknown): value is AuditEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['at'] === 'string' && typeof v['action'] === 'string' && ACTIONS.has(v['action']) && typeof v['serverId'] === 'string' && typeof v['reason'] === 'string';
}

export class AuditLog {
  private readonly log: JsonlLog<unknown>;

  constructor(dataDir: string) {
    this.log = new JsonlLog(path.join(dataDir, AUDIT_FILE));
  }

  get file(): string {
    return this.log.file;
  }

  append(entry: Omit<AuditEntry, 'at'> & { at?: string }): Promise<void> {
    const line: AuditEntry = { ...entry, at: entry.at ?? new Date().toISOString() };
    return this.log.append(line);
  }

  /**
   * Entries, newest first, optionally for one server or skill (under any spelling of its URI: a listing may have
   * spelled it another way when an entry was written); plus the lines that could not be read.
   */
  async read(filter: { serverId?: string; skillUri?: string; limit?: number } = {}): Promise<{ entries: AuditEntry[]; unreadableLines: number[] }> {
    const { records, badLines } = await this.log.read();
    const skill = filter.skillUri === undefined ? undefined : canonicalUri(filter.skillUri);
    const unreadable = [...badLines];
    const entries: AuditEntry[] = [];
    records.forEach((record) => {
      if (!isAuditEntry(record)) return;
      if (filter.serverId !== undefined && record.serverId !== filter.serverId) return;
      if (skill !== undefined && (typeof record.skillUri !== 'string' || canonicalUri(record.skillUri) !== skill)) return;
      entries.push(record);
    });
    entries.reverse();
    return { entries: filter.limit !== undefined ? entries.slice(0, filter.limit) : entries, unreadableLines: unreadable };
  }
}
