// What a host's SDK refuses in a skills/list entry: the official SDK (server
// side before sending, client side on receipt) drops an entry that breaks the
// SEP-2640 / Agent Skills rules, and says so to no one the user sees. The app
// lets a person approve such a skill once each error-level finding is
// acknowledged, so the gateway checks the entry it built by the same rules and
// withholds it with the reason, instead of counting it as served while no host
// ever gets it. Kept equal to the SDK's rules by host-rules.test.ts, which runs
// the same entries through the SDK itself.
import type { Skill } from '@modelcontextprotocol/server/ext/skills';
import { canonicalUri, parseSkillUri } from '../../shared/skill-uri.js';

const NAME = /^[\da-z]+(?:-[\da-z]+)*$/;
const characters = (text: string) => [...text].length;
const isStringMap = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

/** Why a host would drop this entry; empty when it would take it. */
export function hostRefusals(entry: Skill): string[] {
  const out: string[] = [];
  const { name, description, compatibility, metadata } = entry.frontmatter;
  const parsed = parseSkillUri(entry.uri);
  if (name.length === 0 || name.length > 64 || !NAME.test(name)) out.push(`its name ${JSON.stringify(name)} is not 1-64 lowercase letters, digits and single hyphens`);
  else if (parsed.ok && parsed.parts.finalSegment !== name) out.push(`its name ${JSON.stringify(name)} is not the last segment of its URI (${JSON.stringify(parsed.parts.finalSegment)})`);
  if (description === '' || characters(description) > 1024) out.push(`its description is ${description === '' ? 'empty' : `${characters(description)} characters long`}, not 1-1024 characters`);
  if (compatibility !== undefined && (typeof compatibility !== 'string' || compatibility === '' || characters(compatibility) > 500)) out.push('its compatibility is not a string of 1-500 characters');
  if (metadata !== undefined && !isStringMap(metadata)) out.push('its metadata does not map strings to strings');
  if (Array.isArray(entry.resources)) {
    const root = canonicalUri(entry.uri).replace(/\/SKILL\.md$/, '');
    for (const { uri } of entry.resources) {
      const below = canonicalUri(uri).slice(root.length + 1).split('/');
      // An empty segment (a//b.md) or a NUL (%00) in a file's path: the SDK takes such a file as outside the skill's folder.
      if (below.some((segment) => segment === '' || segment.includes('%00'))) out.push(`its file ${uri} has an empty or NUL path segment`);
    }
  }
  return out;
}
