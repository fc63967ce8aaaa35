// The listing's frontmatter beside the served SKILL.md's, field by field.
// The spec wants them identical; the table shows exactly where they are not.
import { parse } from 'yaml';
import { MAX_DEPTH, describePath, findTooDeep } from '../../../shared/nesting.js';
import { frontmatterText } from './skill-md.js';

export interface FieldComparison {
  readonly field: string;
  readonly listing: unknown;
  readonly served: unknown;
  readonly inListing: boolean;
  readonly inServed: boolean;
  readonly same: boolean;
}

export type ServedFrontmatter = { readonly ok: true; readonly value: Readonly<Record<string, unknown>> } | { readonly ok: false; readonly message: string };

export function parseServedFrontmatter(skillMd: string): ServedFrontmatter {
  const yamlText = frontmatterText(skillMd);
  if (yamlText === undefined) return { ok: false, message: 'The served SKILL.md does not start with a "---" frontmatter block.' };
  let value: unknown;
  try {
    value = parse(yamlText);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    // The YAML reader recurses per level and reports running out of stack as a parse error.
    if (/maximum call stack size exceeded|too much recursion/i.test(message ?? '')) return { ok: false, message: tooDeepMessage() };
    return { ok: false, message: `The served frontmatter is not valid YAML: ${message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'The served frontmatter is not a mapping of fields.' };
  // Compared and drawn only as deep as the main process checks it (shared/nesting.ts): past that, every
  // recursive walk here (stringify, the table) would be following data nobody checked.
  const deep = findTooDeep(value, MAX_DEPTH);
  if (deep) return { ok: false, message: tooDeepMessage(deep) };
  return { ok: true, value: value as Record<string, unknown> };
}

function tooDeepMessage(keys?: readonly string[]): string {
  return `The served frontmatter nests data more than ${MAX_DEPTH} levels deep${keys ? ` (at ${describePath(keys)})` : ''}; the inspector follows no deeper, so it is not compared or shown.`;
}

/** JSON with sorted keys, so two equal values compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

export function compareFrontmatter(listing: Readonly<Record<string, unknown>>, served: Readonly<Record<string, unknown>>): FieldComparison[] {
  const fields = [...Object.keys(listing), ...Object.keys(served).filter((k) => !Object.hasOwn(listing, k))];
  return fields.map((field) => {
    const inListing = Object.hasOwn(listing, field);
    const inServed = Object.hasOwn(served, field);
    return {
      field,
      listing: listing[field],
      served: served[field],
      inListing,
      inServed,
      same: inListing && inServed && canonicalJson(listing[field]) === canonicalJson(served[field]),
    };
  });
}

export function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? String(value);
}
