// The catalog list, computed in two steps so typing in the search box costs
// one filter pass: the sorted list of a server's skills (redone only when the
// skills or the server change), then search and filters over it. Lower-cased
// search text is cached per entry object, so unchanged entries cost nothing.
import type { SkillEntry } from '../../../shared/model.js';
import type { CatalogFilter } from './catalog.js';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const searchText = new WeakMap<SkillEntry, string>();

function haystack(entry: SkillEntry): string {
  let text = searchText.get(entry);
  if (text === undefined) {
    text = `${entry.name}\n${entry.description}`.toLowerCase();
    searchText.set(entry, text);
  }
  return text;
}

interface SortedList {
  readonly serverId: string;
  readonly keys: readonly string[];
  readonly entries: readonly SkillEntry[];
}

// During Verify all the catalog changes every few dozen milliseconds, but
// only in file states: the same skills under the same names. The last order
// is kept so such an update costs a lookup per skill instead of a sort.
let lastSorted: SortedList | undefined;

/** Skills of one server (or all), sorted by name, then URI, then server. */
export function sortedSkills(skills: ReadonlyMap<string, SkillEntry>, serverId: string): SkillEntry[] {
  const reused = lastSorted?.serverId === serverId ? reuseOrder(lastSorted, skills, serverId) : undefined;
  if (reused) {
    lastSorted = { serverId, keys: lastSorted!.keys, entries: reused };
    return reused;
  }
  const keys: string[] = [];
  const out: SkillEntry[] = [];
  for (const [key, entry] of skills) {
    if (serverId === 'all' || entry.serverId === serverId) {
      keys.push(key);
      out.push(entry);
    }
  }
  const order = out.map((_, i) => i).sort((i, j) => compareEntries(out[i]!, out[j]!));
  const sorted = order.map((i) => out[i]!);
  lastSorted = { serverId, keys: order.map((i) => keys[i]!), entries: sorted };
  return sorted;
}

function compareEntries(a: SkillEntry, b: SkillEntry): number {
  return collator.compare(a.name, b.name) || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0) || (a.serverId < b.serverId ? -1 : a.serverId > b.serverId ? 1 : 0);
}

/** The previous order with the current entry objects, or undefined when a skill came, went or was renamed. */
function reuseOrder(previous: SortedList, skills: ReadonlyMap<string, SkillEntry>, serverId: string): SkillEntry[] | undefined {
  let count = 0;
  for (const entry of skills.values()) if (serverId === 'all' || entry.serverId === serverId) count++;
  if (count !== previous.keys.length) return undefined;
  const out: SkillEntry[] = new Array<SkillEntry>(count);
  for (let i = 0; i < count; i++) {
    const entry = skills.get(previous.keys[i]!);
    if (!entry || entry.name !== previous.entries[i]!.name) return undefined;
    out[i] = entry;
  }
  return out;
}

export function matchesFilters(entry: SkillEntry, filters: ReadonlySet<CatalogFilter>): boolean {
  if (filters.has('errors') && entry.errorCount === 0) return false;
  if (filters.has('warnings') && entry.warningCount === 0) return false;
  if (filters.has('unverified') && entry.status === 'verified') return false;
  return true;
}

/** Search over name and description (every word must appear), then the filters. */
export function filterSkills(sorted: readonly SkillEntry[], query: string, filters: ReadonlySet<CatalogFilter>): readonly SkillEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && filters.size === 0) return sorted;
  return sorted.filter((entry) => {
    if (words.length > 0) {
      const text = haystack(entry);
      for (const word of words) if (!text.includes(word)) return false;
    }
    return matchesFilters(entry, filters);
  });
}
