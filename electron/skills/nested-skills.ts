// A file named SKILL.md anywhere below a skill's root is a nested skill, even
// when no listing entry names it: hosts find skills by that name. Such a file
// gets a finding on its parent (seen among the resources, or by the directory
// walk), its frontmatter goes through the format rules when it is read (it is
// listed, so reading it is part of reading the parent), and the parent's
// approval does not cover it. Never said after a listing that stopped early:
// the missing entries may be the very ones.
import { finding } from '../../shared/findings.js';
import type { Finding } from '../../shared/model.js';
import { parseSkillUri } from '../../shared/skill-uri.js';
import { skillMdFindings } from './format-rules.js';
import { parseFrontmatter } from './frontmatter.js';
import { decodeUtf8 } from './reader.js';
import type { SkillRecord } from './registry.js';
import { canonicalUri, containment } from './uri-memo.js';

/** What a server's skills know about which skills it lists. */
export interface ListedSkills {
  readonly serverId: string;
  /** Whether "no entry lists it" can be said (the listing was walked to its end). */
  knowsEveryEntry(): boolean;
  isListedSkill(canonicalSkillMd: string): boolean;
}

/** The message of a nested SKILL.md no entry lists (the resources or the directory walk show it). */
export function unlistedNestedMessage(fileUri: string, skillUri: string, seenIn: 'resources' | 'directory'): string {
  return `${fileUri} is a SKILL.md inside ${skillUri} (${seenIn === 'resources' ? "listed among this skill's resources" : 'shown by resources/directory/read'}), so hosts may load it as a skill of its own, but no listing entry names it. Approving ${skillUri} does not activate it: it needs its own approval.`;
}

/** The canonical URI of a nested SKILL.md (below the skill's root, not its own), or undefined. Cheap on other files. */
function nestedKey(fileUri: string, skillUri: string): string | undefined {
  if (!fileUri.endsWith('SKILL.md') || fileUri === skillUri) return undefined;
  const key = canonicalUri(fileUri);
  if (!key.endsWith('/SKILL.md') || key === canonicalUri(skillUri) || !containment(fileUri, skillUri).inside) return undefined;
  return key;
}

/** The resources of a skill that are nested SKILL.md files no entry lists: one finding each (empty when none). */
export function unlistedNestedInResources(listed: ListedSkills, record: SkillRecord): Finding[] {
  const { entry } = record;
  if (!Array.isArray(entry.resources) || !listed.knowsEveryEntry()) return [];
  const out: Finding[] = [];
  for (const r of entry.resources) {
    const key = nestedKey(r.uri, entry.uri);
    if (key === undefined || listed.isListedSkill(key)) continue;
    out.push(finding('inspector-nested-skill-unlisted', unlistedNestedMessage(r.uri, entry.uri, 'resources'), { serverId: listed.serverId, skillUri: entry.uri, fileUri: r.uri }));
  }
  return out;
}

/** The format rules on a nested SKILL.md no entry lists, reported on that file (empty for any other file). */
export function nestedSkillMdFindings(listed: ListedSkills, fileUri: string, skillUri: string, bytes: Uint8Array, text: string | undefined): Finding[] {
  const key = nestedKey(fileUri, skillUri);
  if (key === undefined || listed.isListedSkill(key) || !listed.knowsEveryEntry()) return [];
  const parts = parseSkillUri(fileUri);
  const parse = parseFrontmatter(text ?? decodeUtf8(bytes) ?? new TextDecoder().decode(bytes));
  return skillMdFindings(parse, { serverId: listed.serverId, skillUri, fileUri }, parts.ok ? { finalSegment: parts.parts.finalSegment } : {});
}

/** Nested SKILL.md files of a skill that no entry lists, from its findings (its resources, and the last directory walk). */
export function unlistedNestedOf(record: SkillRecord): string[] {
  const out: string[] = [];
  for (const f of [...record.nestingFindings, ...record.directoryFindings]) {
    if (f.id === 'inspector-nested-skill-unlisted' && f.location.fileUri !== undefined && !out.includes(f.location.fileUri)) out.push(f.location.fileUri);
  }
  return out;
}
