// The protocol log of the servers the user looks at: fetched once per
// server, then kept current by 'log.appended' and bounded like the main
// process's ring buffer (settings.logLimit). The filters hold across
// servers, except the skill one: a skill is one server's.
import { create } from 'zustand';
import type { LogDirection, ProtocolLogEntry } from '../../../shared/model.js';
import { api, errorMessage } from '../api.js';
import type { LogFilters } from './log-filter.js';

export { filterLog, filterPairs, isErrorEntry, type LogFilters } from './log-filter.js';

interface LogState {
  logs: ReadonlyMap<string, readonly ProtocolLogEntry[]>;
  errors: ReadonlyMap<string, string>;
  limit: number;
  filters: LogFilters;
  /** Per server: the SKILL.md URI whose rows alone are shown, when one is chosen. */
  skillFilters: ReadonlyMap<string, string>;
  load(serverId: string): Promise<void>;
  applyAppended(serverId: string, entries: readonly ProtocolLogEntry[]): void;
  setLimit(limit: number): void;
  setFilters(patch: Partial<LogFilters>): void;
  setSkillFilter(serverId: string, skillUri: string | undefined): void;
  clear(serverId: string): Promise<void>;
  exportLog(serverId: string, format?: 'json' | 'jsonl'): Promise<{ json: string; fileName: string }>;
}

export const ALL_DIRECTIONS: readonly LogDirection[] = ['out', 'in', 'stderr', 'note'];

export const useProtocolLog = create<LogState>((set, get) => ({
  logs: new Map(),
  errors: new Map(),
  limit: 5_000,
  filters: { directions: new Set(ALL_DIRECTIONS), method: '', errorsOnly: false, text: '' },
  skillFilters: new Map(),
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
  setSkillFilter(serverId, skillUri) {
    const next = new Map(get().skillFilters);
    if (skillUri) next.set(serverId, skillUri);
    else next.delete(serverId);
    set({ skillFilters: next });
  },
  async clear(serverId) {
    await api.call('log.clear', { serverId });
    set({ logs: new Map(get().logs).set(serverId, []) });
  },
  async exportLog(serverId, format = 'json') {
    return api.call('log.export', { serverId, format });
  },
}));
