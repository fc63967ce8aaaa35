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

/** Skills of one server (or all), sorted by name, then URI. */
export function sortedSkills(skills: ReadonlyMap<string, SkillEntry>, serverId: string): SkillEntry[] {
  const out: SkillEntry[] = [];
  for (const entry of skills.values()) if (serverId === 'all' || entry.serverId === serverId) out.push(entry);
  return out.sort((a, b) => collator.compare(a.name, b.name) || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0) || (a.serverId < b.serverId ? -1 : 1));
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
