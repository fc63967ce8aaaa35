// Frontmatter as a host that reads YAML 1.1 sees it. The app reads SKILL.md as
// YAML 1.2 (as the SDK does), where `<<` is a key like any other; js-yaml, and
// gray-matter on it, read YAML 1.1 and merge a `<<` key's mapping (or list of
// mappings) into the mapping it sits in. So `<<: {allowed-tools: Bash(rm:*)}`
// is the field allowed-tools itself to such a host. Whatever decides on a
// field (the tools a skill asks for, the fields a host may run) reads this
// view; the merging is the yaml package's own (its YAML 1.1 merge), not ours.
import { Document } from 'yaml';
import { MAX_DEPTH, TOO_DEEP_MARKER } from './nesting.js';

export const MERGE_KEY = '<<';

const cache = new WeakMap<object, Readonly<Record<string, unknown>>>();

/** Whether a `<<` key sits anywhere in the value (bounded by MAX_DEPTH, as every reader of frontmatter is). */
function hasMergeKey(value: unknown, level = 1): boolean {
  if (typeof value !== 'object' || value === null || level > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => hasMergeKey(item, level + 1));
  if (Object.hasOwn(value, MERGE_KEY)) return true;
  return Object.values(value).some((item) => hasMergeKey(item, level + 1));
}

/**
 * The frontmatter with every `<<` key merged, as a YAML 1.1 host reads it; the frontmatter itself when it has no
 * `<<` key, or when a `<<` key holds something that cannot be merged (a YAML 1.1 reader then refuses the file and
 * no host loads it, so it brings no field in).
 */
export function yaml11Frontmatter(frontmatter: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (!hasMergeKey(frontmatter)) return frontmatter;
  const cached = cache.get(frontmatter);
  if (cached) return cached;
  let merged: Readonly<Record<string, unknown>> = frontmatter;
  try {
    // `<<` from JSON (a listing) or from a YAML 1.2 reading (aliases already resolved) is a plain key here,
    // which the yaml package's YAML 1.1 merge takes as a merge key.
    const value: unknown = new Document(frontmatter, { merge: true, aliasDuplicateObjects: false }).toJS({ maxAliasCount: 100 });
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) merged = value as Record<string, unknown>;
  } catch {
    // "Merge sources must be maps": a YAML 1.1 host cannot read it either.
  }
  cache.set(frontmatter, merged);
  return merged;
}

export interface MergedField {
  readonly field: string;
  /** JSON of the value a YAML 1.1 host sees. */
  readonly yaml11: string;
  /** JSON of the value a YAML 1.2 host sees (the plain field of that name); absent when it sees none. */
  readonly yaml12?: string;
  /** JSON of the value a top-level `<<` holds for the field (the first of a list that has it), when it holds one. */
  readonly fromMerge?: string;
}

/**
 * The top-level fields a YAML 1.1 host sees otherwise than a YAML 1.2 host: those a `<<` key brings in, those whose
 * own value holds a `<<` key, and those a `<<` key gives another value than the plain field of the same name (the
 * plain one wins in YAML 1.1, but the reviewer was shown only one of the two). Empty without a `<<` key.
 */
export function mergedFields(frontmatter: Readonly<Record<string, unknown>>): MergedField[] {
  const merged = yaml11Frontmatter(frontmatter);
  if (merged === frontmatter) return [];
  const sources = mergeSources(frontmatter[MERGE_KEY]);
  const out: MergedField[] = [];
  for (const field of Object.keys(merged)) {
    const yaml11 = stableJson(merged[field]);
    const yaml12 = Object.hasOwn(frontmatter, field) ? stableJson(frontmatter[field]) : undefined;
    const source = sources.find((s) => Object.hasOwn(s, field));
    const fromMerge = source ? stableJson(source[field]) : undefined;
    if (yaml11 !== yaml12 || (fromMerge !== undefined && fromMerge !== yaml12)) {
      out.push({ field, yaml11, ...(yaml12 !== undefined ? { yaml12 } : {}), ...(fromMerge !== undefined ? { fromMerge } : {}) });
    }
  }
  return out;
}

/** The mappings a top-level `<<` merges: one mapping, or each mapping of a list. */
function mergeSources(value: unknown): Record<string, unknown>[] {
  const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isMap(value)) return [value];
  return Array.isArray(value) ? value.filter(isMap) : [];
}

/** JSON with keys sorted, so two readings of one mapping compare equal whatever their key order; bounded like stableJson (electron/skills/frontmatter.ts). */
function stableJson(value: unknown, level = 1): string {
  if (value && typeof value === 'object' && level > MAX_DEPTH) return JSON.stringify(TOO_DEEP_MARKER);
  if (Array.isArray(value)) return `[${value.map((v: unknown) => stableJson(v, level + 1)).join(',')}]`;
  if (value && typeof value === 'object') {
    const map = value as Record<string, unknown>;
    return `{${Object.keys(map)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(map[k], level + 1)}`)
      .join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? 'undefined';
}
