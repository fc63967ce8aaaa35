// SKILL.md = `---` YAML frontmatter `---` markdown body. Parsing follows the
// SDK's verifier (YAML 1.2 core schema, BOM and CRLF tolerated) so a file the
// app calls "matches listing" is one a host built on the SDK would load too.
import { parseDocument } from 'yaml';
import { readPlainFrontmatter } from './plain-frontmatter.js';

export interface SplitSkillMd {
  readonly hasBom: boolean;
  /** Undefined when the file does not start with `---`. */
  readonly yaml?: string;
  readonly unclosed: boolean;
  readonly body: string;
  /** 1-based line of the first body line in the file. */
  readonly bodyLine: number;
  /** 1-based line of the first YAML line. */
  readonly yamlLine: number;
}

export function splitSkillMd(text: string): SplitSkillMd {
  const hasBom = text.startsWith('\uFEFF');
  const source = (hasBom ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  // Line by line only up to the closing `---`: the body is one slice, however long the file.
  const lineEnd = (from: number) => {
    const end = source.indexOf('\n', from);
    return end < 0 ? source.length : end;
  };
  const firstEnd = lineEnd(0);
  if (source.slice(0, firstEnd).trimEnd() !== '---') return { hasBom, unclosed: false, body: source, bodyLine: 1, yamlLine: 1 };
  const yamlStart = firstEnd + 1;
  let lines = 1;
  for (let start = yamlStart; firstEnd < source.length; ) {
    const end = lineEnd(start);
    if (source.slice(start, end).trimEnd() === '---') {
      return { hasBom, yaml: source.slice(yamlStart, Math.max(yamlStart, start - 1)), unclosed: false, body: source.slice(end + 1), bodyLine: lines + 2, yamlLine: 2 };
    }
    lines++;
    if (end === source.length) break;
    start = end + 1;
  }
  return { hasBom, yaml: source.slice(yamlStart), unclosed: true, body: '', bodyLine: lines + 1, yamlLine: 2 };
}

export type FrontmatterParse =
  | { readonly ok: true; readonly value: Record<string, unknown>; readonly split: SplitSkillMd; readonly fieldLines: Record<string, number> }
  | {
      readonly ok: false;
      readonly problem: 'missing' | 'unclosed' | 'invalid-yaml' | 'not-mapping';
      readonly message: string;
      readonly line?: number;
      readonly split: SplitSkillMd;
    };

export function parseFrontmatter(text: string): FrontmatterParse {
  const split = splitSkillMd(text);
  if (split.yaml === undefined) {
    return { ok: false, problem: 'missing', message: 'The file does not start with a "---" line.', line: 1, split };
  }
  if (split.unclosed) {
    return { ok: false, problem: 'unclosed', message: 'The frontmatter has no closing "---" line.', line: 1, split };
  }
  const plain = readPlainFrontmatter(split.yaml);
  if (plain) return { ok: true, value: plain, split, fieldLines: fieldLinesOf(split) };
  const doc = parseDocument(split.yaml, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    // linePos is only filled in with prettyErrors; the offset always is.
    const line = split.yaml.slice(0, error.pos[0]).split('\n').length + split.yamlLine - 1;
    return { ok: false, problem: 'invalid-yaml', message: error.message.split('\n')[0] ?? 'invalid YAML', line, split };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // toJS throws on alias bombs ("billion laughs"): a finding, not a crash.
    return { ok: false, problem: 'invalid-yaml', message: error instanceof Error ? error.message : String(error), line: split.yamlLine, split };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'not-mapping', message: 'The frontmatter is not a mapping of fields.', line: split.yamlLine, split };
  }
  return { ok: true, value: value as Record<string, unknown>, split, fieldLines: fieldLinesOf(split) };
}

/** The line in the file of each top-level field. */
function fieldLinesOf(split: SplitSkillMd): Record<string, number> {
  const fieldLines: Record<string, number> = {};
  const lines = (split.yaml ?? '').split('\n');
  lines.forEach((line, index) => {
    const key = /^([^\s:#][^:]*?)\s*:/.exec(line)?.[1];
    if (key !== undefined && !(key in fieldLines)) fieldLines[key.replace(/^["']|["']$/g, '')] = index + split.yamlLine;
  });
  return fieldLines;
}

/** Stable JSON for comparing field values (key order does not matter). */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export interface FieldDifference {
  readonly field: string;
  /** JSON of the listing's value, or undefined when the field is absent there. */
  readonly listed?: string;
  readonly served?: string;
}

/** Field-by-field comparison over the union of keys (the conformance suite's rule). */
export function compareFrontmatter(listed: Record<string, unknown>, served: Record<string, unknown>): FieldDifference[] {
  const keys = [...new Set([...Object.keys(listed), ...Object.keys(served)])].sort();
  const differences: FieldDifference[] = [];
  for (const field of keys) {
    const a = Object.hasOwn(listed, field) ? stableJson(listed[field]) : undefined;
    const b = Object.hasOwn(served, field) ? stableJson(served[field]) : undefined;
    if (a !== b) differences.push({ field, ...(a !== undefined ? { listed: a } : {}), ...(b !== undefined ? { served: b } : {}) });
  }
  return differences;
}
