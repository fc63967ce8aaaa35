// Which rows of the protocol log the filters let through, flat or paired:
// direction, method, text, errors only, and one skill (shared/log-skills.ts).
// Pure, so the view and its tests judge the same rows.
import type { LogPair } from '../../../shared/log-pairs.js';
import { entriesOfSkill } from '../../../shared/log-skills.js';
import type { LogDirection, ProtocolLogEntry } from '../../../shared/model.js';

export interface LogFilters {
  readonly directions: ReadonlySet<LogDirection>;
  readonly method: string;
  readonly errorsOnly: boolean;
  readonly text: string;
}

/** Whether an entry is an error: a JSON-RPC error reply, or stderr noise that says so. */
export function isErrorEntry(entry: ProtocolLogEntry): boolean {
  return entry.kind === 'error';
}

/** The entries the filters let through; with `skillUri`, only those that concern that skill. */
export function filterLog(entries: readonly ProtocolLogEntry[], filters: LogFilters, skillUri?: string): readonly ProtocolLogEntry[] {
  const method = filters.method.trim().toLowerCase();
  const text = filters.text.trim().toLowerCase();
  // Which rows are the skill's is decided on the whole log (an answer is the skill's because its request is), then filtered.
  const ofSkill = skillUri ? new Set(entriesOfSkill(entries, skillUri).map((e) => e.seq)) : undefined;
  return entries.filter((e) => {
    if (ofSkill && !ofSkill.has(e.seq)) return false;
    if (!filters.directions.has(e.direction)) return false;
    if (filters.errorsOnly && !isErrorEntry(e)) return false;
    if (method && !(e.method ?? '').toLowerCase().includes(method)) return false;
    if (text && !(e.text ?? JSON.stringify(e.message ?? '')).toLowerCase().includes(text)) return false;
    return true;
  });
}

/** The pairs the filters let through: a pair shows when its request or its answer passes. */
export function filterPairs(pairs: readonly LogPair[], filters: LogFilters, skillUri?: string): readonly LogPair[] {
  const entries = pairs.flatMap((p) => (p.response ? [p.entry, p.response] : [p.entry]));
  const passing = new Set(filterLog(entries, filters, skillUri).map((e) => e.seq));
  return pairs.filter((p) => passing.has(p.entry.seq) || (p.response !== undefined && passing.has(p.response.seq)));
}
