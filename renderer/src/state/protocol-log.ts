// The protocol log of the servers the user looks at: fetched once per
// server, then kept current by 'log.appended' and bounded like the main
// process's ring buffer (settings.logLimit).
import { create } from 'zustand';
import type { LogDirection, ProtocolLogEntry } from '../../../shared/model.js';
import { api, errorMessage } from '../api.js';

export interface LogFilters {
  readonly directions: ReadonlySet<LogDirection>;
  readonly method: string;
  readonly errorsOnly: boolean;
  readonly text: string;
}

interface LogState {
  logs: ReadonlyMap<string, readonly ProtocolLogEntry[]>;
  errors: ReadonlyMap<string, string>;
  limit: number;
  filters: LogFilters;
  load(serverId: string): Promise<void>;
  applyAppended(serverId: string, entries: readonly ProtocolLogEntry[]): void;
  setLimit(limit: number): void;
  setFilters(patch: Partial<LogFilters>): void;
  clear(serverId: string): Promise<void>;
  exportLog(serverId: string, format?: 'json' | 'jsonl'): Promise<{ json: string; fileName: string }>;
}

export const ALL_DIRECTIONS: readonly LogDirection[] = ['out', 'in', 'stderr', 'note'];

export const useProtocolLog = create<LogState>((set, get) => ({
  logs: new Map(),
  errors: new Map(),
  limit: 5_000,
  filters: { directions: new Set(ALL_DIRECTIONS), method: '', errorsOnly: false, text: '' },
  async load(serverId) {
    try {
      const entries = await api.call('log.get', { serverId });
      const errors = new Map(get().errors);
      errors.delete(serverId);
      set({ logs: new Map(get().logs).set(serverId, entries), errors });
    } catch (error) {
      set({ errors: new Map(get().errors).set(serverId, errorMessage(error)) });
    }
  },
  applyAppended(serverId, entries) {
    const current = get().logs.get(serverId);
    // Only logs someone opened are kept here; the main process holds the rest.
    if (!current) return;
    const lastSeq = current.length > 0 ? current[current.length - 1]!.seq : -1;
    const fresh = entries.filter((e) => e.seq > lastSeq);
    if (fresh.length === 0) return;
    const next = current.concat(fresh);
    const limit = get().limit;
    set({ logs: new Map(get().logs).set(serverId, next.length > limit ? next.slice(next.length - limit) : next) });
  },
  setLimit(limit) {
    set({ limit });
  },
  setFilters(patch) {
    set({ filters: { ...get().filters, ...patch } });
  },
  async clear(serverId) {
    await api.call('log.clear', { serverId });
    set({ logs: new Map(get().logs).set(serverId, []) });
  },
  async exportLog(serverId, format = 'json') {
    return api.call('log.export', { serverId, format });
  },
}));

/** Whether an entry is an error: a JSON-RPC error reply, or stderr noise that says so. */
export function isErrorEntry(entry: ProtocolLogEntry): boolean {
  return entry.kind === 'error';
}

export function filterLog(entries: readonly ProtocolLogEntry[], filters: LogFilters): readonly ProtocolLogEntry[] {
  const method = filters.method.trim().toLowerCase();
  const text = filters.text.trim().toLowerCase();
  return entries.filter((e) => {
    if (!filters.directions.has(e.direction)) return false;
    if (filters.errorsOnly && !isErrorEntry(e)) return false;
    if (method && !(e.method ?? '').toLowerCase().includes(method)) return false;
    if (text && !(e.text ?? JSON.stringify(e.message ?? '')).toLowerCase().includes(text)) return false;
    return true;
  });
}
