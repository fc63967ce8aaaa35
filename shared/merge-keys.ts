// Frontmatter as a host that reads YAML 1.1 sees it. The app reads SKILL.md as
// YAML 1.2 (as the SDK does), where `<<` is a key like any other; js-yaml, and
// gray-matter on it, read YAML 1.1 and merge a `<<` key's mapping (or list of
// mappings) into the mapping it sits in. So `<<: {allowed-tools: Bash(rm:*)}`
// is the field allowed-tools itself to such a host. Whatever decides on a
// field (the tools a skill asks for, the fields a host may run) reads this
// view.
//
// The merge is written out here rather than asked of the yaml package (whose
// YAML 1.1 merge it follows step by step: addMergeToJSMap and addPairToJSMap)
// because the catalog's listing facts need it before the first row is drawn,
// and importing yaml for it put the whole YAML library in the renderer's
// initial script (855 → 976 kB). merge-keys.test.ts holds the two equal on
// random frontmatter, key order and refusals included.
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
    // which a YAML 1.1 reader takes as a merge key.
    merged = mergeMapping(frontmatter, 1);
  } catch (error) {
    // "Merge sources must be maps": a YAML 1.1 host cannot read it either.
    if (!(error instanceof NotMergeable)) throw error;
  }
  cache.set(frontmatter, merged);
  return merged;
}

class NotMergeable extends Error {}

const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field set as an own property, as the yaml package sets one: `__proto__` stays a field, never a prototype. */
function setField(map: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
}

function mergeValue(value: unknown, level: number): unknown {
  if (level > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => mergeValue(item, level + 1));
  return isMapping(value) ? mergeMapping(value, level) : value;
}

/**
 * One mapping as a YAML 1.1 reader builds it, field by field in order: a plain field is set (a later one replaces
 * an earlier value in its place), a `<<` field adds each field of its mapping, or of each mapping of its list in
 * turn, that is not set yet — so fields before it and earlier mappings of the list win, and a plain field after it
 * replaces what it brought. Anything else under `<<` is refused, as the yaml package refuses the whole document.
 */
function mergeMapping(map: Readonly<Record<string, unknown>>, level: number): Record<string, unknown> {
  if (level > MAX_DEPTH) return map as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(map)) {
    const value = map[key];
    if (key !== MERGE_KEY) {
      setField(out, key, mergeValue(value, level + 1));
      continue;
    }
    for (const source of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (!isMapping(source)) throw new NotMergeable('Merge sources must be maps');
      const fields = mergeMapping(source, level + 1);
      for (const field of Object.keys(fields)) if (!Object.hasOwn(out, field)) setField(out, field, fields[field]);
    }
  }
  return out;
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
  if (isMapping(value)) return [value];
  return Array.isArray(value) ? value.filter(isMapping) : [];
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
