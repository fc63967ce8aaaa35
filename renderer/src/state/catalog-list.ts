// The catalog list, computed in two steps so typing in the search box costs
// one filter pass: the sorted list of a server's skills (redone only when the
// skills or the server change), then search and filters over it. Lower-cased
// search text is cached per entry object, so unchanged entries cost nothing,
// and kept per sorted list in its order, so a keystroke is one pass of
// `includes` over an array.
// The Errors and Warnings filters count a skill's review findings too: its
// errorCount and warningCount hold its conformance findings and its last
// review's risk findings together.
// The verdict filter and its counts go by the verdict each row shows: an
// approved skill that changed, its change review running, shows "Reviewing…"
// (verdict-shown.ts), so it is counted and listed there, not as "Not reviewed
// yet"; `running` is the set of such reviews (changeReviewsRunning). Sorting
// by verdict goes by it too (SHOWN_RANK).
import type { SkillEntry } from '../../../shared/model.js';
import { shownVerdictAmong, type ShownVerdict } from './verdict-shown.js';
/** The catalog's quick filters (kept here, free of the store, so tests can use them in Node). */
export type CatalogFilter = 'errors' | 'warnings' | 'unverified';
/** How the list is ordered: by name, or by verdict (Risky first, then Needs a look, Reviewing…, Not reviewed yet, Clean as checked). */
export type CatalogSort = 'name' | 'verdict';

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
  readonly sort: CatalogSort;
  readonly keys: readonly string[];
  readonly entries: readonly SkillEntry[];
  /** By verdict: the verdict each entry showed when sorted, in the same order. */
  readonly shown?: readonly ShownVerdict[];
}

const NONE_RUNNING: ReadonlySet<string> = new Set();

/**
 * Where each verdict shown sorts. Reviewing… is a group of its own just before Not reviewed yet: the skill has
 * no verdict for what it serves, as a skill not reviewed yet has none, so it stays beside that group and its
 * row moves by one group, not across the list, when its review starts; before it, because a review is already
 * judging it and its verdict lands in seconds, often Risky (an approved skill whose bytes changed), while a
 * skill not reviewed yet waits for a person to start one.
 */
const SHOWN_RANK: Readonly<Record<ShownVerdict, number>> = { risky: 0, 'needs-look': 1, reviewing: 2, 'not-reviewed': 3, 'clean-as-checked': 4 };

// During Verify all the catalog changes every few dozen milliseconds, but
// only in file states: the same skills under the same names. The last order
// is kept so such an update costs a lookup per skill instead of a sort.
let lastSorted: SortedList | undefined;

/**
 * Skills of one server (or all), sorted by name, then URI, then server; or,
 * by the verdict each row shows (`running`: the change reviews running), the
 * ones that need a person first (Risky, most errors first), each verdict in
 * name order.
 */
export function sortedSkills(skills: ReadonlyMap<string, SkillEntry>, serverId: string, sort: CatalogSort = 'name', running: ReadonlySet<string> = NONE_RUNNING): SkillEntry[] {
  const reused = lastSorted?.serverId === serverId && lastSorted.sort === sort ? reuseOrder(lastSorted, skills, serverId, running) : undefined;
  if (reused) {
    lastSorted = { ...lastSorted!, entries: reused };
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
  const shown = sort === 'verdict' ? out.map((entry) => shownVerdictAmong(entry, running)) : undefined;
  const compare = shown ? (i: number, j: number) => SHOWN_RANK[shown[i]!] - SHOWN_RANK[shown[j]!] || compareByCounts(out[i]!, out[j]!) : (i: number, j: number) => compareEntries(out[i]!, out[j]!);
  const order = out.map((_, i) => i).sort(compare);
  const sorted = order.map((i) => out[i]!);
  lastSorted = { serverId, sort, keys: order.map((i) => keys[i]!), entries: sorted, shown: shown && order.map((i) => shown[i]!) };
  return sorted;
}

function compareEntries(a: SkillEntry, b: SkillEntry): number {
  return collator.compare(a.name, b.name) || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0) || (a.serverId < b.serverId ? -1 : a.serverId > b.serverId ? 1 : 0);
}

/** Within one verdict shown: most errors first, then most warnings, then by name. */
function compareByCounts(a: SkillEntry, b: SkillEntry): number {
  return b.errorCount - a.errorCount || b.warningCount - a.warningCount || compareEntries(a, b);
}

/** The previous order with the current entry objects, or undefined when a skill came, went, was renamed (or, by verdict, changed the verdict it shows or counts). */
function reuseOrder(previous: SortedList, skills: ReadonlyMap<string, SkillEntry>, serverId: string, running: ReadonlySet<string>): SkillEntry[] | undefined {
  let count = 0;
  for (const entry of skills.values()) if (serverId === 'all' || entry.serverId === serverId) count++;
  if (count !== previous.keys.length) return undefined;
  const out: SkillEntry[] = new Array<SkillEntry>(count);
  for (let i = 0; i < count; i++) {
    const entry = skills.get(previous.keys[i]!);
    const before = previous.entries[i]!;
    if (!entry || entry.name !== before.name) return undefined;
    if (previous.shown && (shownVerdictAmong(entry, running) !== previous.shown[i] || entry.errorCount !== before.errorCount || entry.warningCount !== before.warningCount)) return undefined;
    out[i] = entry;
  }
  return out;
}

export function matchesFilters(entry: SkillEntry, filters: ReadonlySet<CatalogFilter>, verdict?: ShownVerdict, running: ReadonlySet<string> = NONE_RUNNING): boolean {
  if (filters.has('errors') && entry.errorCount === 0) return false;
  if (filters.has('warnings') && entry.warningCount === 0) return false;
  if (filters.has('unverified') && entry.status === 'verified') return false;
  if (verdict !== undefined && shownVerdictAmong(entry, running) !== verdict) return false;
  return true;
}

/** Each sorted list's search texts, in its order: built at the first search of a list, not at every keystroke. */
const listTexts = new WeakMap<readonly SkillEntry[], readonly string[]>();

function searchTexts(sorted: readonly SkillEntry[]): readonly string[] {
  let texts = listTexts.get(sorted);
  if (!texts) listTexts.set(sorted, (texts = sorted.map(haystack)));
  return texts;
}

/** Search over name and description (every word must appear), then the filters and the verdict shown (`running`: the change reviews running). */
export function filterSkills(sorted: readonly SkillEntry[], query: string, filters: ReadonlySet<CatalogFilter>, verdict?: ShownVerdict, running: ReadonlySet<string> = NONE_RUNNING): readonly SkillEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && filters.size === 0 && verdict === undefined) return sorted;
  const texts = words.length > 0 ? searchTexts(sorted) : undefined;
  const plain = filters.size === 0 && verdict === undefined;
  const out: SkillEntry[] = [];
  next: for (let i = 0; i < sorted.length; i++) {
    const entry = sorted[i]!;
    if (texts) {
      const text = texts[i]!;
      for (const word of words) if (!text.includes(word)) continue next;
    }
    if (plain || matchesFilters(entry, filters, verdict, running)) out.push(entry);
  }
  return out;
}

export interface FilterCounts {
  readonly filters: Readonly<Record<CatalogFilter, number>>;
  /** By the verdict each row shows: every skill is counted once, so the counts add up to the skills listed. */
  readonly verdicts: Readonly<Record<ShownVerdict, number>>;
}

/** How many skills each filter chip and each verdict shown would keep (`running`: the change reviews running). */
export function filterCounts(entries: Iterable<SkillEntry>, running: ReadonlySet<string> = NONE_RUNNING): FilterCounts {
  const filters: Record<CatalogFilter, number> = { errors: 0, warnings: 0, unverified: 0 };
  const verdicts: Record<ShownVerdict, number> = { risky: 0, 'needs-look': 0, 'clean-as-checked': 0, 'not-reviewed': 0, reviewing: 0 };
  for (const entry of entries) {
    if (entry.errorCount > 0) filters.errors++;
    if (entry.warningCount > 0) filters.warnings++;
    if (entry.status !== 'verified') filters.unverified++;
    verdicts[shownVerdictAmong(entry, running)]++;
  }
  return { filters, verdicts };
}

const VERDICTS: readonly ShownVerdict[] = ['risky', 'needs-look', 'clean-as-checked', 'not-reviewed'];
const WITH_REVIEWING: readonly ShownVerdict[] = [...VERDICTS, 'reviewing'];

/**
 * The verdicts a person can filter by (the catalog's filter control and the palette's "Filter: … skills"): every
 * verdict, and Reviewing… only while a skill listed says so (`reviewing`, reviewingCount's) or while it is the
 * one chosen (so the choice stays, at 0, once its review ends) — most of the time it would list none.
 */
export function verdictChoices(reviewing: number, chosen: ShownVerdict | undefined): readonly ShownVerdict[] {
  return reviewing > 0 || chosen === 'reviewing' ? WITH_REVIEWING : VERDICTS;
}

/**
 * How many skills of a server (or all) say Reviewing…: filterCounts' `reviewing` for the same list, found by a
 * look-up per review running rather than a pass over every skill (for the palette, which has no counts).
 */
export function reviewingCount(skills: ReadonlyMap<string, SkillEntry>, serverId: string, running: ReadonlySet<string>): number {
  let count = 0;
  for (const key of running) {
    const entry = skills.get(key);
    if (entry && (serverId === 'all' || entry.serverId === serverId) && shownVerdictAmong(entry, running) === 'reviewing') count++;
  }
  return count;
}

export interface VerdictTally {
  risky: number;
  needsLook: number;
  clean: number;
  notReviewed: number;
  /** Saying "Reviewing…": a change review of the version served now is running (verdict-shown.ts). */
  reviewing: number;
}

const emptyTally = (): VerdictTally => ({ risky: 0, needsLook: 0, clean: 0, notReviewed: 0, reviewing: 0 });
const TALLY_FIELD: Readonly<Record<ShownVerdict, keyof VerdictTally>> = { risky: 'risky', 'needs-look': 'needsLook', 'clean-as-checked': 'clean', 'not-reviewed': 'notReviewed', reviewing: 'reviewing' };

/**
 * Each origin's verdicts, for the sidebar's roll-up; `all` holds every skill's. Counted by the verdict each row
 * shows (`running` is changeReviewsRunning's), as the verdict filter counts: a skill whose row says "Reviewing…"
 * is counted as reviewing, not by the verdict stored for it.
 */
export function verdictTallies(entries: Iterable<SkillEntry>, running: ReadonlySet<string>): { readonly all: VerdictTally; readonly byServer: ReadonlyMap<string, VerdictTally> } {
  const all = emptyTally();
  const byServer = new Map<string, VerdictTally>();
  for (const entry of entries) {
    let tally = byServer.get(entry.serverId);
    if (!tally) byServer.set(entry.serverId, (tally = emptyTally()));
    const field = TALLY_FIELD[shownVerdictAmong(entry, running)];
    tally[field]++;
    all[field]++;
  }
  return { all, byServer };
}
