// Every skill the app knows, keyed by (server, uri) — never by URI alone —
// plus the search and filters of the catalog list.
import { create } from 'zustand';
import type { SkillEntry } from '../../../shared/model.js';
import { api } from '../api.js';

export const skillKey = (serverId: string, uri: string) => `${serverId}\n${uri}`;

export type CatalogFilter = 'errors' | 'warnings' | 'unverified';

interface CatalogState {
  skills: ReadonlyMap<string, SkillEntry>;
  /** Servers whose listing is still streaming in. */
  listing: ReadonlySet<string>;
  query: string;
  filters: ReadonlySet<CatalogFilter>;
  load(): Promise<void>;
  applyListed(serverId: string, entries: readonly SkillEntry[], replace: boolean, done: boolean): void;
  applyUpdated(entries: readonly SkillEntry[]): void;
  setQuery(query: string): void;
  toggleFilter(filter: CatalogFilter): void;
}

export const useCatalog = create<CatalogState>((set, get) => ({
  skills: new Map(),
  listing: new Set(),
  query: '',
  filters: new Set(),
  async load() {
    const entries = await api.call('skills.list', {});
    set({ skills: new Map(entries.map((e) => [skillKey(e.serverId, e.uri), e])) });
  },
  applyListed(serverId, entries, replace, done) {
    const skills = new Map(get().skills);
    if (replace) for (const [key, entry] of skills) if (entry.serverId === serverId) skills.delete(key);
    for (const entry of entries) skills.set(skillKey(entry.serverId, entry.uri), entry);
    const listing = new Set(get().listing);
    if (done) listing.delete(serverId);
    else listing.add(serverId);
    set({ skills, listing });
  },
  applyUpdated(entries) {
    const skills = new Map(get().skills);
    for (const entry of entries) skills.set(skillKey(entry.serverId, entry.uri), entry);
    set({ skills });
  },
  setQuery(query) {
    set({ query });
  },
  toggleFilter(filter) {
    const filters = new Set(get().filters);
    if (filters.has(filter)) filters.delete(filter);
    else filters.add(filter);
    set({ filters });
  },
}));

/** The catalog list for the chosen server, search and filters applied. */
export function visibleSkills(skills: ReadonlyMap<string, SkillEntry>, serverId: string, query: string, filters: ReadonlySet<CatalogFilter>): SkillEntry[] {
  const q = query.trim().toLowerCase();
  const out: SkillEntry[] = [];
  for (const entry of skills.values()) {
    if (serverId !== 'all' && entry.serverId !== serverId) continue;
    if (q && !entry.name.toLowerCase().includes(q) && !entry.description.toLowerCase().includes(q)) continue;
    if (filters.has('errors') && entry.errorCount === 0) continue;
    if (filters.has('warnings') && entry.warningCount === 0) continue;
    if (filters.has('unverified') && entry.status === 'verified') continue;
    out.push(entry);
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.uri.localeCompare(b.uri));
}
