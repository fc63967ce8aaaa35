// `allowed-tools` is a request for elevation (threat model T3): a host must
// not honour it unless the user granted it. Most hosts honour it as written,
// so the gateway takes it out of what it serves until the grant is given.
// The entry's frontmatter must equal the served SKILL.md's (hosts check field
// by field), so the field leaves the file too: its lines are cut from the
// frontmatter block and nothing else is touched. The result is parsed again
// and must equal the original frontmatter minus that one field, or the skill
// is not served at all — a cut that changed anything else is never sent.
import { parseDocument } from 'yaml';
import { compareFrontmatter, parseFrontmatter, splitSkillMd } from '../skills/frontmatter.js';
import { allowedToolsOf } from '../approvals/skill-requests.js';

export const ALLOWED_TOOLS = 'allowed-tools';

/** Why a SKILL.md whose YAML 1.1 reading gives another allowed-tools cannot be served (see mergedAllowedTools). */
export const MERGED_ALLOWED_TOOLS = 'its frontmatter gives allowed-tools through a YAML merge key (<<), which hosts that read YAML 1.1 take as the field';

/**
 * Whether a host that reads the frontmatter as YAML 1.1 takes another allowed-tools from it than this app's reading
 * (`frontmatter`, YAML 1.2 as the SDK reads it). In YAML 1.1 a `<<` key merges its mapping into the one it is in
 * (js-yaml does so by default, and gray-matter on it), so `<<: {allowed-tools: …}` is the field itself to such a
 * host, while to this app `<<` is a key like any other and no allowed-tools was seen, reviewed or cut.
 */
export function mergedAllowedTools(text: string, frontmatter: Record<string, unknown>): boolean {
  if (!text.includes('<<')) return false;
  const merged = yaml11Reading(text);
  // Unreadable with merging: a laxer host may still find the field in it.
  if (merged === undefined) return text.includes(ALLOWED_TOOLS);
  if (merged === NO_FRONTMATTER) return false;
  const field = (value: unknown) => (typeof value === 'object' && value !== null && Object.hasOwn(value, ALLOWED_TOOLS) ? JSON.stringify((value as Record<string, unknown>)[ALLOWED_TOOLS]) : undefined);
  return field(merged) !== field(frontmatter);
}

const NO_FRONTMATTER = Symbol('no frontmatter');

/** The frontmatter block read with merge keys, as a YAML 1.1 host reads it; undefined when it cannot be read so. */
function yaml11Reading(text: string): unknown {
  const yaml = splitSkillMd(text).yaml;
  if (yaml === undefined) return NO_FRONTMATTER;
  try {
    const doc = parseDocument(yaml, { merge: true, prettyErrors: false });
    return doc.errors.length > 0 ? undefined : doc.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
}

/**
 * Whether a grant covers what every host takes from a frontmatter whose allowed-tools only a YAML 1.1 host sees
 * (brought in by a `<<` key): the tools granted are the very ones that reading gives (as the approval reads them), and
 * a YAML 1.2 host, which sees no field, takes none. An approval records the tools it grants from that same reading,
 * so a grant given in the app is served; a grant that names other tools, or none, is not.
 */
export function grantCoversMerged(text: string, frontmatter: Record<string, unknown>, grantedTools: readonly string[] | undefined): boolean {
  if (grantedTools === undefined || Object.hasOwn(frontmatter, ALLOWED_TOOLS)) return false;
  const merged = yaml11Reading(text);
  if (typeof merged !== 'object' || merged === null || Array.isArray(merged)) return false;
  const seen = allowedToolsOf(merged as Record<string, unknown>);
  return seen !== null && seen.requested.length === grantedTools.length && seen.requested.every((tool, i) => tool === grantedTools[i]);
}

export type AllowedToolsCut = { readonly ok: true; readonly text: string; readonly frontmatter: Record<string, unknown> } | { readonly ok: false; readonly reason: string };

/** SKILL.md text without its `allowed-tools` field, checked by parsing both. */
export function withoutAllowedTools(text: string, frontmatter: Record<string, unknown>): AllowedToolsCut {
  const lines = text.split(/(?<=\n)/);
  const close = lines.findIndex((line, i) => i > 0 && line.replace(/\r?\n$/, '').trimEnd() === '---');
  if (!/^(\uFEFF)?---\s*$/.test(lines[0]?.replace(/\r?\n$/, '') ?? '') || close < 0) return { ok: false, reason: 'its frontmatter block could not be found' };
  const kept: string[] = [];
  let cutting = false;
  let cut = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i > 0 && i < close) {
      const bare = line.replace(/\r?\n$/, '');
      if (/^allowed-tools\s*:/.test(bare) || /^["']allowed-tools["']\s*:/.test(bare)) {
        cutting = true;
        cut++;
        continue;
      }
      // The field's value goes on while lines are indented, are sequence items at column 0, or are blank.
      if (cutting && (/^[ \t]/.test(bare) || /^-(\s|$)/.test(bare) || bare.trim() === '')) continue;
      cutting = false;
    }
    kept.push(line);
  }
  if (cut !== 1) return { ok: false, reason: cut === 0 ? 'its allowed-tools field is not written as a plain top-level key' : 'its allowed-tools field is written more than once' };
  const result = kept.join('');
  const parsed = parseFrontmatter(result);
  if (!parsed.ok) return { ok: false, reason: `without allowed-tools its frontmatter no longer parses (${parsed.message})` };
  const expected = Object.fromEntries(Object.entries(frontmatter).filter(([key]) => key !== ALLOWED_TOOLS));
  const differences = compareFrontmatter(expected, parsed.value);
  if (differences.length > 0) return { ok: false, reason: `taking allowed-tools out would change ${differences.map((d) => d.field).join(', ')}` };
  // A merge key beside the field would still give it to a YAML 1.1 host once the field's own lines are gone.
  if (mergedAllowedTools(result, parsed.value)) return { ok: false, reason: MERGED_ALLOWED_TOOLS };
  return { ok: true, text: result, frontmatter: parsed.value };
}
