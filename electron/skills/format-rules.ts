// The Agent Skills format rules (agentskills.io/specification, SPEC.md §1) as
// pure checks: frontmatter and body in, findings out.
import { finding } from '../../shared/findings.js';
import type { Finding, FindingLocation } from '../../shared/model.js';
import { MERGE_KEY, mergedFields } from '../../shared/merge-keys.js';
import { MAX_DEPTH } from '../../shared/nesting.js';
import { MAX_FRONTMATTER_CHARS, type FrontmatterParse } from './frontmatter.js';
import { append } from './append.js';

export const SPEC_FIELDS = new Set(['name', 'description', 'license', 'allowed-tools', 'metadata', 'compatibility']);
export const STRICT_NAME = /^(?!.*--)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

const codePoints = (s: string) => [...s].length;

export interface NameContext {
  /** The final skill-path segment of the URI (the "directory name" over MCP). */
  readonly finalSegment?: string;
}

/** Rules on the name alone: the spec's ASCII rule, with the skills-ref (Unicode) reading as a warning. */
export function nameFindings(rawName: unknown, location: FindingLocation, context: NameContext = {}): Finding[] {
  const at = { ...location, field: 'name' };
  if (typeof rawName !== 'string' || rawName.trim() === '') {
    return [finding('agentskills-name-missing', 'The frontmatter must have a non-empty string "name".', at, { actual: JSON.stringify(rawName) ?? 'absent' })];
  }
  const name = rawName.trim().normalize('NFKC');
  const out: Finding[] = [];
  const length = codePoints(name);
  if (length > 64) {
    out.push(finding('agentskills-name-length', `The name is ${length} characters long; at most 64 are allowed.`, at, { expected: '1–64 characters', actual: `${length}` }));
  }
  if (name.startsWith('-') || name.endsWith('-') || name.includes('--')) {
    out.push(finding('agentskills-name-hyphens', `"${name}" starts or ends with a hyphen or contains "--".`, at, { actual: name }));
  }
  if (!/^[a-z0-9-]*$/.test(name)) {
    // skills-ref accepts any lowercase letter or digit (Python isalnum); the spec text and conformance say a-z0-9.
    const unicodeOk = [...name].every((c) => c === '-' || (/\p{L}|\p{N}/u.test(c) && c === c.toLowerCase()));
    if (unicodeOk) {
      out.push(finding('agentskills-name-non-ascii', `"${name}" uses non-ASCII letters: skills-ref accepts it, the spec and conformance suite do not.`, at, { expected: 'a-z, 0-9 and -', actual: name }));
    } else {
      out.push(finding('agentskills-name-charset', `"${name}" may only contain lowercase a-z, 0-9 and hyphens.`, at, { expected: 'a-z, 0-9 and -', actual: name }));
    }
  }
  // The sep-2640 rules judge the name as written, as the conformance suite does:
  // trimming or NFKC folding here would pass "ｐｄｆ" or "pdf " unreported.
  if (!STRICT_NAME.test(rawName)) {
    out.push(finding('sep-2640-name-naming-rules', `"${rawName}" breaks the naming rules (ASCII a-z0-9, 1–64 characters, no leading, trailing or double hyphen).`, at, { actual: rawName }));
  }
  if (context.finalSegment !== undefined && context.finalSegment !== rawName) {
    out.push(
      finding('sep-2640-final-segment-equals-name', `The final skill-path segment is "${context.finalSegment}" but the name is "${rawName}".`, at, {
        expected: context.finalSegment,
        actual: rawName,
      }),
    );
  }
  return out;
}

/** All field rules on a parsed frontmatter mapping. */
export function frontmatterFindings(
  fm: Record<string, unknown>,
  location: FindingLocation,
  context: NameContext & { fieldLines?: Record<string, number> } = {},
): Finding[] {
  const lineOf = (field: string) => (context.fieldLines?.[field] !== undefined ? { line: context.fieldLines[field] } : {});
  const at = (field: string): FindingLocation => ({ ...location, field, ...lineOf(field) });
  const out: Finding[] = nameFindings(fm['name'], { ...location, ...lineOf('name') }, context);

  const description = fm['description'];
  if (typeof description !== 'string' || description.trim() === '') {
    out.push(finding('agentskills-description-missing', 'The frontmatter must have a non-empty string "description".', at('description'), { actual: JSON.stringify(description) ?? 'absent' }));
  } else if (codePoints(description) > 1024) {
    out.push(finding('agentskills-description-length', `The description is ${codePoints(description)} characters long; at most 1024 are allowed.`, at('description'), { expected: '1–1024 characters', actual: `${codePoints(description)}` }));
  }

  if ('compatibility' in fm) {
    const c = fm['compatibility'];
    if (typeof c !== 'string' || codePoints(c) === 0 || codePoints(c) > 500) {
      out.push(
        finding('agentskills-compatibility-length', `compatibility must be a string of 1–500 characters; found ${typeof c === 'string' ? `${codePoints(c)} characters` : typeof c}.`, at('compatibility'), {
          expected: '1–500 characters',
          actual: typeof c === 'string' ? `${codePoints(c)}` : typeof c,
        }),
      );
    }
  }

  if ('metadata' in fm) {
    const m = fm['metadata'];
    const isMap = typeof m === 'object' && m !== null && !Array.isArray(m);
    const bad = isMap ? Object.entries(m as Record<string, unknown>).filter(([, v]) => typeof v !== 'string') : [];
    if (!isMap || bad.length > 0) {
      out.push(
        finding(
          'agentskills-metadata-string-map',
          isMap
            ? `metadata values must be strings; ${bad.map(([k, v]) => `"${k}" is ${Array.isArray(v) ? 'a list' : typeof v}`).join(', ')}. Quote them (for example version: "1.0").`
            : `metadata must be a map of strings to strings; found ${Array.isArray(m) ? 'a list' : typeof m}.`,
          at('metadata'),
        ),
      );
    }
    if (isMap) {
      for (const key of Object.keys(m as Record<string, unknown>)) {
        if (key.startsWith('io.modelcontextprotocol/')) {
          out.push(finding('sep-2640-metadata-reserved-prefix', `metadata key "${key}" uses the reserved io.modelcontextprotocol/ prefix.`, { ...at('metadata'), field: `metadata.${key}` }));
        }
      }
    }
  }

  if ('allowed-tools' in fm && typeof fm['allowed-tools'] !== 'string') {
    const v = fm['allowed-tools'];
    // A YAML list of tool names says what the space-separated string says, and hosts read both:
    // a format warning, not a CI-failing error. Anything else (a number, a map, a list holding
    // something other than strings) names no tools a host could grant: an error.
    const isList = Array.isArray(v);
    const listOfStrings = isList && v.every((item) => typeof item === 'string');
    const found = isList ? (listOfStrings ? 'a YAML list' : 'a YAML list with items that are not strings') : v === null ? 'null' : typeof v;
    out.push(
      finding(
        'agentskills-allowed-tools-string',
        listOfStrings
          ? `allowed-tools should be a space-separated string (for example "Bash(git:*) Read"); found a YAML list. Hosts that follow the spec read the string form; write the list as one line.`
          : `allowed-tools must be a space-separated string (for example "Bash(git:*) Read"); found ${found}, which names no tools.`,
        at('allowed-tools'),
        { expected: 'string', actual: isList ? 'list' : v === null ? 'null' : typeof v, ...(listOfStrings ? {} : { severity: 'error' as const }) },
      ),
    );
  }

  if ('license' in fm && typeof fm['license'] !== 'string') {
    out.push(finding('agentskills-license-string', `license should be a string; found ${typeof fm['license']}.`, at('license')));
  }

  for (const key of Object.keys(fm)) {
    if (!SPEC_FIELDS.has(key)) {
      out.push(finding('agentskills-unknown-field', `"${key}" is not an Agent Skills field; hosts may ignore it, or honour it in ways the spec does not describe.`, at(key), { actual: key }));
    }
  }
  const merged = mergeKeyFinding(fm, at(MERGE_KEY));
  if (merged) out.push(merged);
  return out;
}

const MAX_QUOTED = 200;
const quote = (json: string) => (json.length > MAX_QUOTED ? `${json.slice(0, MAX_QUOTED - 1)}…` : json);

/**
 * A `<<` key: YAML 1.2 (the SDK, this app) reads it as a field named "<<", YAML 1.1 (js-yaml, gray-matter) merges
 * what it holds, so the two kinds of host see other fields (see shared/merge-keys.ts). An error when it brings
 * allowed-tools, or when a field reads otherwise than the plain field of its name: what was reviewed is not what
 * such a host takes.
 */
function mergeKeyFinding(fm: Readonly<Record<string, unknown>>, location: FindingLocation): Finding | undefined {
  const fields = mergedFields(fm);
  if (fields.length === 0) return undefined;
  const named = fields.map((f) =>
    f.yaml12 === undefined
      ? `${f.field} (${quote(f.yaml11)})`
      : f.yaml11 === f.yaml12
        ? `${f.field} (${quote(f.fromMerge ?? f.yaml11)}, beside a plain ${f.field} that gives ${quote(f.yaml12)}: YAML 1.1 hosts take the plain one, but the two disagree)`
        : `${f.field} (${quote(f.yaml11)} where YAML 1.2 hosts see ${quote(f.yaml12)})`,
  );
  const serious = fields.some((f) => f.field === 'allowed-tools' || f.yaml12 !== undefined);
  return finding(
    'inspector-frontmatter-merge-key',
    `The frontmatter uses a YAML merge key (<<) that brings in ${named.join(', ')}. Hosts that read YAML 1.1 (js-yaml, gray-matter) merge it and see these fields; hosts that read YAML 1.2 (the MCP SDK, this app's checks) read "<<" as a plain key and do not.`,
    location,
    { expected: 'no merge key (<<): write the fields out', actual: fields.map((f) => f.field).join(', '), ...(serious ? { severity: 'error' as const } : {}) },
  );
}

/** Rules on the parsed SKILL.md file as a whole. */
export function skillMdFindings(parse: FrontmatterParse, location: FindingLocation, context: NameContext = {}): Finding[] {
  const out: Finding[] = [];
  if (parse.split.hasBom) {
    out.push(finding('agentskills-byte-order-mark', 'SKILL.md starts with a UTF-8 byte-order mark; strict parsers (skills-ref) reject it.', { ...location, line: 1 }));
  }
  if (!parse.ok && parse.problem === 'too-deep') {
    // Not a malformed file: one the inspector will not follow to the bottom. Named apart, so the fix is clear.
    out.push(finding('inspector-too-deep', parse.message, { ...location, ...(parse.field !== undefined ? { field: parse.field } : {}), ...(parse.line ? { line: parse.line } : {}) }, { expected: `at most ${MAX_DEPTH} levels`, actual: `more than ${MAX_DEPTH} levels` }));
    return out;
  }
  if (!parse.ok && parse.problem === 'too-large') {
    out.push(finding('inspector-frontmatter-too-large', parse.message, { ...location, ...(parse.line ? { line: parse.line } : {}) }, { expected: `at most ${MAX_FRONTMATTER_CHARS} characters`, actual: `${parse.split.yaml?.length ?? 0} characters` }));
    return out;
  }
  if (!parse.ok && parse.problem === 'sdk-refuses') {
    // Valid YAML, so no frontmatter-syntax finding: the file breaks only what SEP-2640 hosts can read.
    out.push(finding('sep-2640-skillmd-frontmatter', parse.message, { ...location, ...(parse.line ? { line: parse.line } : {}) }));
    // Hosts that read frontmatter with a YAML library load it: the format rules still say what they see.
    if (parse.read) append(out, frontmatterFindings(parse.read.value, location, { ...context, fieldLines: parse.read.fieldLines }));
    return out;
  }
  if (!parse.ok) {
    const id =
      parse.problem === 'missing'
        ? 'agentskills-frontmatter-missing'
        : parse.problem === 'unclosed'
          ? 'agentskills-frontmatter-unclosed'
          : parse.problem === 'invalid-yaml'
            ? 'agentskills-frontmatter-invalid-yaml'
            : 'agentskills-frontmatter-not-mapping';
    out.push(finding(id, parse.message, { ...location, ...(parse.line ? { line: parse.line } : {}) }));
    out.push(finding('sep-2640-skillmd-frontmatter', `SKILL.md must start with YAML frontmatter: ${parse.message}`, { ...location, ...(parse.line ? { line: parse.line } : {}) }));
    return out;
  }
  append(out, frontmatterFindings(parse.value, location, { ...context, fieldLines: parse.fieldLines }));
  let bodyLines = 1;
  // Counted, not split: splitting built an array of every line of every SKILL.md read.
  for (let at = parse.split.body.indexOf('\n'); at >= 0; at = parse.split.body.indexOf('\n', at + 1)) bodyLines++;
  const approxTokens = Math.round(parse.split.body.length / 4);
  if (bodyLines > 500 || approxTokens > 5000) {
    out.push(
      finding('agentskills-body-too-long', `The body has ${bodyLines} lines and about ${approxTokens} tokens; keep SKILL.md under 500 lines and ~5,000 tokens and move detail into references.`, { ...location, line: parse.split.bodyLine }, { expected: '≤ 500 lines, ≤ ~5,000 tokens', actual: `${bodyLines} lines, ~${approxTokens} tokens` }),
    );
  }
  return out;
}
