// Objects keyed by data — lockfile labels, skill URIs, server names — have no
// prototype, so "__proto__", "constructor", "hasOwnProperty" or "toString" are
// ordinary keys: an assignment of "__proto__" stores a value instead of
// replacing the prototype, and a lookup of "toString" finds nothing unless the
// data holds it. zod's z.record drops a "__proto__" key silently, so stored
// files that are keyed by data are parsed with dataRecordOf instead.
import { z } from 'zod';

/** An empty object with no prototype, for keys that come from data. */
export function dataRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `entries` as a prototype-free record (later duplicates win, as in JSON). */
export function dataRecordFrom<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out = dataRecord<T>();
  for (const [key, value] of entries) out[key] = value;
  return out;
}

/** The value stored under `key` when the record itself holds it; never one inherited from Object.prototype. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * z.record for data-keyed objects: every own key is kept (including
 * "__proto__"), each value is checked with `value`, and the result has no
 * prototype. Problems are reported at `[key, ...path]`, as z.record does.
 */
export function dataRecordOf<T extends z.ZodType>(value: T, options: { emptyKey?: string } = {}) {
  return z.unknown().transform((input, ctx): Record<string, z.output<T>> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      ctx.addIssue({ code: 'custom', message: `Invalid input: expected an object, received ${input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input}` });
      return z.NEVER;
    }
    const out = dataRecord<z.output<T>>();
    for (const key of Object.keys(input)) {
      if (key === '' && options.emptyKey !== undefined) {
        ctx.addIssue({ code: 'custom', message: options.emptyKey, path: [key] });
        continue;
      }
      const parsed = value.safeParse((input as Record<string, unknown>)[key]);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path] });
        continue;
      }
      out[key] = parsed.data;
    }
    return out;
  });
}
