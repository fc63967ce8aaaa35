// The protocol log of the servers the user looks at: fetched once per
// server, then kept current by 'log.appended' and bounded like the main
// process's ring buffer (settings.logLimit), and its bodies by the same
// budget (settings.logBodyBytes): the oldest give way first, so 5,000 entries
// of 64K characters are not 640 MB in the window. The filters hold across
// servers, except the skill one: a skill is one server's.
import { create } from 'zustand';
import { BODY_DROPPED_NOTE, bodyBytes, withoutBody } from '../../../shared/log-body-budget.js';
import { DEFAULT_SETTINGS, type LogDirection, type ProtocolLogEntry } from '../../../shared/model.js';
import { api, errorMessage } from '../api.js';
import type { LogFilters } from './log-filter.js';

export { filterLog, filterPairs, isErrorEntry, type LogFilters } from './log-filter.js';

interface LogState {
  logs: ReadonlyMap<string, readonly ProtocolLogEntry[]>;
  errors: ReadonlyMap<string, string>;
  limit: number;
  /** Body bytes (and long notes' characters) kept per log; older entries keep method, id, time and size. */
  bodyBudget: number;
  filters: LogFilters;
  /** Per server: the SKILL.md URI whose rows alone are shown, when one is chosen. */
  skillFilters: ReadonlyMap<string, string>;
  load(serverId: string): Promise<void>;
  applyAppended(serverId: string, entries: readonly ProtocolLogEntry[]): void;
  setLimit(limit: number): void;
  setBodyBudget(bytes: number): void;
  setFilters(patch: Partial<LogFilters>): void;
  setSkillFilter(serverId: string, skillUri: string | undefined): void;
  clear(serverId: string): Promise<void>;
  exportLog(serverId: string, format?: 'json' | 'jsonl'): Promise<{ json: string; fileName: string }>;
}

/** Entries this window dropped the body of: they hold nothing more to drop. */
const bodiless = new WeakSet<ProtocolLogEntry>();

/** A copy that holds none of its source: a slice can be a view of the whole 64K text. */
const copied = (slice: string): string => Array.from(slice).join('');

function heldBytes(entry: ProtocolLogEntry): number {
  return bodiless.has(entry) || entry.text === BODY_DROPPED_NOTE ? 0 : bodyBytes(entry);
}

/**
 * The log with the oldest bodies dropped until the rest fit the budget, as the main process drops them; the newest
 * entry always keeps its own. The entries are already cut (64K characters a body), but not to this window's count.
 */
export function withinBodyBudget(entries: readonly ProtocolLogEntry[], budget: number): readonly ProtocolLogEntry[] {
  let held = 0;
  let i = entries.length - 1;
  for (; i >= 0; i--) {
    const bytes = heldBytes(entries[i]!);
    if (i < entries.length - 1 && held + bytes > budget) break;
    held += bytes;
  }
  let out: ProtocolLogEntry[] | undefined;
  for (; i >= 0; i--) {
    const entry = entries[i]!;
    if (heldBytes(entry) === 0) continue;
    const kept = withoutBody(entry, copied);
    bodiless.add(kept);
    (out ??= entries.slice())[i] = kept;
  }
  return out ?? entries;
}

export const ALL_DIRECTIONS: readonly LogDirection[] = ['out', 'in', 'stderr', 'note'];

export const useProtocolLog = create<LogState>((set, get) => ({
  logs: new Map(),
  errors: new Map(),
  limit: DEFAULT_SETTINGS.logLimit,
  bodyBudget: DEFAULT_SETTINGS.logBodyBytes,
  filters: { directions: new Set(ALL_DIRECTIONS), method: '', errorsOnly: false, text: '' },
  skillFilters: new Map(),
  async load(serverId) {
    try {
      const entries = await api.call('log.get', { serverId });
      const errors = new Map(get().errors);
      errors.delete(serverId);
      set({ logs: new Map(get().logs).set(serverId, withinBodyBudget(entries, get().bodyBudget)), errors });
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
    const { limit, bodyBudget } = get();
    set({ logs: new Map(get().logs).set(serverId, withinBodyBudget(next.length > limit ? next.slice(next.length - limit) : next, bodyBudget)) });
  },
  setLimit(limit) {
    set({ limit });
  },
  setBodyBudget(bytes) {
    const logs = new Map([...get().logs].map(([id, entries]) => [id, withinBodyBudget(entries, bytes)]));
    set({ bodyBudget: bytes, logs });
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
