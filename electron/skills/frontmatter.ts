// SKILL.md = `---` YAML frontmatter `---` markdown body. Parsing follows the
// SDK's verifier (YAML 1.2 core schema, BOM and CRLF tolerated) so a file the
// app calls "matches listing" is one a host built on the SDK would load too.
import { parseDocument } from 'yaml';
import { sdkRefusalInYaml, sdkRefusalOfPaddedOpening, type SdkRefusal } from './sdk-refusals.js';
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
  /** The opening line is `---` with spaces or tabs after it: read, but the SDK's hosts refuse the file. */
  readonly openingPadded?: true;
}

/**
 * The SDK's split (splitFrontmatter in its skills extension): CRLF becomes LF and nothing else, so a lone CR is
 * part of its line (the SDK reads `description: y\rallowed-tools: x` as one field, not two); the frontmatter
 * closes at the first `---` (spaces or tabs after it) that JavaScript's multiline `^`/`$` sees as a line, which
 * includes one after a lone CR, U+2028 or U+2029. Splitting anywhere else reads other fields than the SDK's hosts.
 */
const SDK_CLOSING = /^---[\t ]*$/m;

export function splitSkillMd(text: string): SplitSkillMd {
  const hasBom = text.startsWith('\uFEFF');
  const source = (hasBom ? text.slice(1) : text).replaceAll('\r\n', '\n');
  const firstEnd = source.indexOf('\n');
  const first = firstEnd < 0 ? source : source.slice(0, firstEnd);
  if (!/^---[\t ]*$/.test(first)) return { hasBom, unclosed: false, body: source, bodyLine: 1, yamlLine: 1 };
  const padded = first !== '---' ? { openingPadded: true as const } : {};
  if (firstEnd < 0) return { hasBom, yaml: '', unclosed: true, body: '', bodyLine: 2, yamlLine: 2, ...padded };
  const yamlStart = firstEnd + 1;
  const rest = source.slice(yamlStart);
  const close = SDK_CLOSING.exec(rest);
  if (close === null) return { hasBom, yaml: rest, unclosed: true, body: '', bodyLine: newlines(source) + 2, yamlLine: 2, ...padded };
  // The SDK's YAML ends with the line break before `---`; the app's never did (fieldLines, the empty frontmatter).
  const yaml = rest.slice(0, close.index).replace(/\n$/, '');
  let bodyStart = yamlStart + close.index + close[0].length;
  if (source[bodyStart] === '\n') bodyStart++;
  return { hasBom, yaml, unclosed: false, body: source.slice(bodyStart), bodyLine: newlines(source, bodyStart) + 1, yamlLine: 2, ...padded };
}

/** Line feeds in the first `end` characters: lines as the SDK counts them (a lone CR or U+2028 starts none). */
function newlines(text: string, end = text.length): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

export type FrontmatterParse =
  | { readonly ok: true; readonly value: Record<string, unknown>; readonly split: SplitSkillMd; readonly fieldLines: Record<string, number> }
  | {
      readonly ok: false;
      /**
       * `too-deep`: nested past MAX_DEPTH (or past what the YAML reader could follow); `too-large`: longer than
       * MAX_FRONTMATTER_CHARS. Either way not compared, not loaded. `sdk-refuses`: YAML the library reads but the
       * SDK's frontmatter reader refuses (sdk-refusals.ts), so its hosts load no such skill.
       */
      readonly problem: 'missing' | 'unclosed' | 'invalid-yaml' | 'not-mapping' | 'too-deep' | 'too-large' | 'sdk-refuses';
      /** For `too-deep`: the top-level field that nests too deep, when known. */
      readonly field?: string;
      readonly message: string;
      readonly line?: number;
      readonly split: SplitSkillMd;
      /** For `sdk-refuses`: the fields as the YAML library (and hosts built on one) reads them. */
      readonly read?: { readonly value: Record<string, unknown>; readonly fieldLines: Record<string, number> };
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
  if (plain) return read(split, plain, undefined);
  // Duplicate keys are looked for after the parse, in one pass (unique-keys.ts): the library's check is quadratic.
  // With the line break before the closing `---`, as the SDK reads it: a keep-chomping (`|+`) value last keeps it.
  // None when the `---` closed after a lone CR, U+2028 or U+2029 (splitSkillMd): that character ends the YAML.
  const yaml = split.yaml === '' || /[\r\u2028\u2029]$/.test(split.yaml) ? split.yaml : `${split.yaml}\n`;
  const doc = parseDocument(yaml, { prettyErrors: false, uniqueKeys: false });
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
  // After the library's own refusals, so an alias bomb is still named as one.
  return read(split, value as Record<string, unknown>, sdkRefusalInYaml(doc, yaml));
}

/** The fields read, unless the SDK refuses the file: then they are kept only for the format rules of other hosts. */
function read(split: SplitSkillMd, value: Record<string, unknown>, refusal: SdkRefusal | undefined): FrontmatterParse {
  const fieldLines = fieldLinesOf(split);
  const refused = split.openingPadded ? sdkRefusalOfPaddedOpening() : refusal;
  if (refused === undefined) return { ok: true, value, split, fieldLines };
  const line = refused.offset < 0 ? 1 : newlines(split.yaml ?? '', refused.offset) + split.yamlLine;
  return { ok: false, problem: 'sdk-refuses', message: `Hosts built on the MCP SDK refuse this SKILL.md: ${refused.reason}.`, line, split, read: { value, fieldLines } };
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
