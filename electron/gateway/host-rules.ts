// What a host's SDK refuses in a skills/list entry: the official SDK (server
// side before sending, client side on receipt) drops an entry that breaks the
// SEP-2640 / Agent Skills rules, and says so to no one the user sees. The app
// lets a person approve such a skill once each error-level finding is
// acknowledged, so the gateway checks the entry it built by the same rules and
// withholds it with the reason, instead of counting it as served while no host
// ever gets it. The rules are the SDK's validateSkillEntry, rule for rule, with
// its reading of URIs (sdk-skill-uri.ts): the name, the SKILL.md URI's form,
// and each file's (a URI, no query or fragment, listed once by the SDK's
// spelling of it, inside the skill's folder), and the SKILL.md among the
// files. Kept equal to the SDK's rules by host-rules.test.ts, which runs the
// same entries through the SDK itself.
import type { Skill } from '@modelcontextprotocol/server/ext/skills';
import { sdkCanonical, sdkFileKey, sdkIsWithin, sdkLastSegment, sdkSkillRoot } from './sdk-skill-uri.js';

const NAME = /^[\da-z]+(?:-[\da-z]+)*$/;
const characters = (text: string) => [...text].length;
const isStringMap = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

/** Why a host would drop this entry; empty when it would take it. */
export function hostRefusals(entry: Skill): string[] {
  const root = sdkSkillRoot(entry.uri);
  if (root === undefined) return [`its URI ${entry.uri} does not end in /SKILL.md inside a named folder as hosts read it`];
  const out: string[] = [];
  const { name, description, compatibility, metadata } = entry.frontmatter;
  if (name.length === 0 || name.length > 64 || !NAME.test(name)) out.push(`its name ${JSON.stringify(name)} is not 1-64 lowercase letters, digits and single hyphens`);
  else if (sdkLastSegment(root) !== name) out.push(`its name ${JSON.stringify(name)} is not the last segment of its URI (${JSON.stringify(sdkLastSegment(root))})`);
  if (description === '' || characters(description) > 1024) out.push(`its description is ${description === '' ? 'empty' : `${characters(description)} characters long`}, not 1-1024 characters`);
  if (compatibility !== undefined && (typeof compatibility !== 'string' || compatibility === '' || characters(compatibility) > 500)) out.push('its compatibility is not a string of 1-500 characters');
  if (metadata !== undefined && !isStringMap(metadata)) out.push('its metadata does not map strings to strings');
  if (Array.isArray(entry.resources)) out.push(...fileRefusals(entry.uri, root, entry.resources));
  return out;
}

function fileRefusals(skillUri: string, root: string, resources: readonly { readonly uri: string }[]): string[] {
  const out: string[] = [];
  const self = sdkCanonical(skillUri);
  const seen = new Set<string>();
  let hasSelf = false;
  for (const { uri } of resources) {
    const canonical = sdkCanonical(uri);
    if (canonical === undefined) {
      out.push(`its file ${uri} is not a URI hosts can read`);
      continue;
    }
    if (/[#?]/.test(canonical)) {
      out.push(`its file ${uri} has a query or a fragment`);
      continue;
    }
    const key = sdkFileKey(root, canonical) ?? canonical;
    if (seen.has(key)) out.push(`its file ${uri} is listed twice as hosts spell files (${key})`);
    seen.add(key);
    if (canonical === self) hasSelf = true;
    // An empty or NUL path segment, a "." or "..", an encoded "/": the SDK takes such a file as outside the skill's folder.
    else if (!sdkIsWithin(root, uri)) out.push(`its file ${uri} is outside the skill's folder ${root} as hosts read it (an empty, ".", ".." or NUL segment, or an encoded "/")`);
  }
  if (!hasSelf) out.push(`its files do not include its SKILL.md (${skillUri})`);
  return out;
}
