// SKILL.md = `---` YAML frontmatter `---` markdown body. Parsing follows the
// SDK's verifier (YAML 1.2 core schema, BOM and CRLF tolerated) so a file the
// app calls "matches listing" is one a host built on the SDK would load too.
import { parseDocument } from 'yaml';
import { MAX_DEPTH, TOO_DEEP_MARKER, describePath, findTooDeep } from '../../shared/nesting.js';
import { readPlainFrontmatter } from './plain-frontmatter.js';
import { firstDuplicateKey } from './unique-keys.js';

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
      /**
       * `too-deep`: nested past MAX_DEPTH (or past what the YAML reader could follow); `too-large`: longer than
       * MAX_FRONTMATTER_CHARS. Either way not compared, not loaded.
       */
      readonly problem: 'missing' | 'unclosed' | 'invalid-yaml' | 'not-mapping' | 'too-deep' | 'too-large';
      /** For `too-deep`: the top-level field that nests too deep, when known. */
      readonly field?: string;
      readonly message: string;
      readonly line?: number;
      readonly split: SplitSkillMd;
    };

/**
 * The most frontmatter (its YAML, in characters) the inspector reads. A skill's fields are a name, a description of
 * at most 1,024 characters and a few short ones; a hostile server can fill a 16 MiB SKILL.md with a million fields,
 * whose reading and one-by-one comparison held the main process for over a minute. Past this the frontmatter is
 * not read, compared or loaded, and the file is not verified (inspector-frontmatter-too-large).
 */
export const MAX_FRONTMATTER_CHARS = 64 * 1024;

export function parseFrontmatter(text: string): FrontmatterParse {
  const split = splitSkillMd(text);
  if (split.yaml === undefined) {
    return { ok: false, problem: 'missing', message: 'The file does not start with a "---" line.', line: 1, split };
  }
  if (split.unclosed) {
    return { ok: false, problem: 'unclosed', message: 'The frontmatter has no closing "---" line.', line: 1, split };
  }
  if (split.yaml.length > MAX_FRONTMATTER_CHARS) return tooLarge(split);
  const plain = readPlainFrontmatter(split.yaml);
  if (plain) return { ok: true, value: plain, split, fieldLines: fieldLinesOf(split) };
  // Duplicate keys are looked for after the parse, in one pass (unique-keys.ts): the library's check is quadratic.
  const doc = parseDocument(split.yaml, { prettyErrors: false, uniqueKeys: false });
  const duplicate = doc.errors.length === 0 ? firstDuplicateKey(doc) : undefined;
  if (duplicate !== undefined) {
    const line = split.yaml.slice(0, duplicate).split('\n').length + split.yamlLine - 1;
    return { ok: false, problem: 'invalid-yaml', message: 'Map keys must be unique', line, split };
  }
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    // The YAML reader recurses per level and reports running out of stack as a parse error
    // (at some depth between a few hundred and a few thousand): that is nesting, not a typo.
    if (doc.errors.some((e) => isStackOverflow(e.message))) return tooDeep(split, undefined);
    // linePos is only filled in with prettyErrors; the offset always is.
    const line = split.yaml.slice(0, error.pos[0]).split('\n').length + split.yamlLine - 1;
    return { ok: false, problem: 'invalid-yaml', message: error.message.split('\n')[0] ?? 'invalid YAML', line, split };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    if (error instanceof Error && isStackOverflow(error.message)) return tooDeep(split, undefined);
    // toJS throws on alias bombs ("billion laughs"): a finding, not a crash.
    return { ok: false, problem: 'invalid-yaml', message: error instanceof Error ? error.message : String(error), line: split.yamlLine, split };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'not-mapping', message: 'The frontmatter is not a mapping of fields.', line: split.yamlLine, split };
  }
  const deep = findTooDeep(value, MAX_DEPTH);
  if (deep) return tooDeep(split, deep);
  return { ok: true, value: value as Record<string, unknown>, split, fieldLines: fieldLinesOf(split) };
}

const isStackOverflow = (message: string) => /maximum call stack size exceeded|too much recursion/i.test(message);

function tooDeep(split: SplitSkillMd, keys: readonly string[] | undefined): FrontmatterParse {
  const field = keys?.[0];
  const line = field !== undefined ? fieldLinesOf(split)[field] : undefined;
  return {
    ok: false,
    problem: 'too-deep',
    message: keys
      ? `The frontmatter nests data more than ${MAX_DEPTH} levels deep (at ${describePath(keys)}); the inspector follows no deeper, so it cannot check or compare it.`
      : `The frontmatter nests data too deeply for the YAML reader to follow (the inspector follows at most ${MAX_DEPTH} levels), so it cannot check or compare it.`,
    line: line ?? split.yamlLine,
    split,
    ...(field !== undefined ? { field } : {}),
  };
}

function tooLarge(split: SplitSkillMd): FrontmatterParse {
  const length = split.yaml?.length ?? 0;
  return {
    ok: false,
    problem: 'too-large',
    message: `The frontmatter is ${length.toLocaleString('en-US')} characters long; the inspector reads at most ${MAX_FRONTMATTER_CHARS.toLocaleString('en-US')} (64 KiB), so it cannot check or compare it.`,
    line: split.yamlLine,
    split,
  };
}

/**
 * The line in the file of each top-level field. A null-prototype map: a field
 * named `__proto__` or `constructor` is a key like any other, never a member of
 * Object.prototype (which printed as "line [object Object]").
 */
function fieldLinesOf(split: SplitSkillMd): Record<string, number> {
  const fieldLines = Object.create(null) as Record<string, number>;
  const lines = (split.yaml ?? '').split('\n');
  lines.forEach((line, index) => {
    const raw = /^([^\s:#][^:]*?)\s*:/.exec(line)?.[1];
    if (raw === undefined) return;
    const key = raw.replace(/^["']|["']$/g, '');
    if (!Object.hasOwn(fieldLines, key)) fieldLines[key] = index + split.yamlLine;
  });
  return fieldLines;
}

/**
 * Stable JSON for comparing field values (key order does not matter). Past
 * MAX_DEPTH levels a value is written as the marker that capDepth puts there,
 * so the recursion is bounded whatever it is given.
 */
export function stableJson(value: unknown, level = 1): string {
  if (value && typeof value === 'object' && level > MAX_DEPTH) return JSON.stringify(TOO_DEEP_MARKER);
  if (Array.isArray(value)) return `[${value.map((v: unknown) => stableJson(v, level + 1)).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k], level + 1)}`)
      .join(',')}}`;
  }
  // YAML's .nan, .inf and -.inf: JSON.stringify writes each as null, which made them equal to a listed null.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
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
