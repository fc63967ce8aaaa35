// Every skill the app knows, keyed by (server, uri) — never by URI alone —
// plus the search and filters of the catalog list. Listings arrive as
// streamed pages ('skills.listed'); file checks as 'skills.updated'.
import { create } from 'zustand';
import type { InstructionPointer } from '../../../shared/api.js';
import type { SkillEntry } from '../../../shared/model.js';
import { isLocalOriginId } from '../../../shared/review-model.js';
import { api } from '../api.js';
import type { CatalogFilter, CatalogSort } from './catalog-list.js';
import { skillKey } from './keys.js';
import type { ShownVerdict } from './verdict-shown.js';

export { skillKey };
export type { CatalogFilter, CatalogSort } from './catalog-list.js';

interface CatalogState {
  skills: ReadonlyMap<string, SkillEntry>;
  /** Servers whose listing is still streaming in. */
  listing: ReadonlySet<string>;
  query: string;
  filters: ReadonlySet<CatalogFilter>;
  /** Only skills showing this verdict (or Reviewing…, verdict-shown.ts); undefined for any. */
  verdict: ShownVerdict | undefined;
  sort: CatalogSort;
  load(): Promise<void>;
  applyListed(serverId: string, entries: readonly SkillEntry[], replace: boolean, done: boolean): void;
  applyUpdated(entries: readonly SkillEntry[]): void;
  forgetServer(serverId: string): void;
  setQuery(query: string): void;
  toggleFilter(filter: CatalogFilter): void;
  setVerdictFilter(verdict: ShownVerdict | undefined): void;
  setSort(sort: CatalogSort): void;
  clearFilters(): void;
  /** Lists the server's skills again (reads no file). */
  refresh(serverId: string): Promise<void>;
  /** Asks the server's skills/get for a URI; the skill joins the catalog when the server confirms it. */
  loadByUri(serverId: string, uri: string): Promise<SkillEntry>;
  /** Skill URIs written in the server's instructions, each confirmed (or not) by skills/get. */
  instructionPointers(serverId: string): Promise<readonly InstructionPointer[]>;
}

/** Servers removed: an update or listing of theirs still on its way (a Review all landing a skill) does not bring their skills back. Ids are never reused. */
const forgotten = new Set<string>();
const remembered = (entries: readonly SkillEntry[]) => (forgotten.size === 0 ? entries : entries.filter((e) => !forgotten.has(e.serverId)));

export const useCatalog = create<CatalogState>((set, get) => ({
  skills: new Map(),
  listing: new Set(),
  query: '',
  filters: new Set(),
  verdict: undefined,
  sort: 'name',
  async load() {
    const entries = await api.call('skills.list', {});
    set({ skills: new Map(entries.map((e) => [skillKey(e.serverId, e.uri), e])) });
  },
  applyListed(serverId, entries, replace, done) {
    if (forgotten.has(serverId)) return;
    const skills = new Map(get().skills);
    if (replace) for (const [key, entry] of skills) if (entry.serverId === serverId) skills.delete(key);
    for (const entry of entries) skills.set(skillKey(entry.serverId, entry.uri), entry);
    const listing = new Set(get().listing);
    if (done) listing.delete(serverId);
    else listing.add(serverId);
    set({ skills, listing });
  },
  applyUpdated(updated) {
    const entries = remembered(updated);
    if (entries.length === 0) return;
    const skills = new Map(get().skills);
    for (const entry of entries) skills.set(skillKey(entry.serverId, entry.uri), entry);
    set({ skills });
  },
  forgetServer(serverId) {
    // A local folder's id is its path, so it comes back when the folder is added again; a server's id never does.
    if (!isLocalOriginId(serverId)) forgotten.add(serverId);
    const skills = new Map(get().skills);
    for (const [key, entry] of skills) if (entry.serverId === serverId) skills.delete(key);
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
  setVerdictFilter(verdict) {
    set({ verdict });
  },
  setSort(sort) {
    set({ sort });
  },
  clearFilters() {
    set({ filters: new Set(), query: '', verdict: undefined });
  },
  async refresh(serverId) {
    await api.call('skills.refresh', { serverId });
  },
  async loadByUri(serverId, uri) {
    const entry = await api.call('skills.loadByUri', { serverId, uri });
    get().applyUpdated([entry]);
    return entry;
  },
  async instructionPointers(serverId) {
    const pointers = await api.call('skills.instructionPointers', { serverId });
    // Confirmed pointers were added by the main process; fetch them so they show at once.
    if (pointers.some((p) => p.confirmed)) {
      const entries = await api.call('skills.list', { serverId });
      get().applyUpdated(entries);
    }
    return pointers;
  },
}));
