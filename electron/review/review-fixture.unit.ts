// Test helper: a crafted skill `t` as the review reads it (SKILL.md first,
// then the other files in the order given) and the findings of its review.
import type { Finding } from '../../shared/model.js';
import { ATTACK_FINDINGS } from '../../shared/risk-findings.js';
import type { ReviewInput } from './rules/context.js';
import { reviewContent } from './risk-review.js';

/** A SKILL.md of skill `t` whose body is `body`. */
export const testSkillMd = (body: string): string => `---\nname: t\ndescription: A test skill.\n---\n\n${body}\n`;

/** The review's input for skill `t`: `skillMd` as SKILL.md (an ordinary one by default), then `files` (a SKILL.md among them replaces it). */
export function testSkillInput(files: Record<string, string>, skillMd = testSkillMd('Body.')): ReviewInput {
  const all = { 'SKILL.md': skillMd, ...files };
  return { serverId: 's', skillUri: 'skill://t/SKILL.md', files: Object.entries(all).map(([p, c]) => ({ uri: `skill://t/${p}`, path: p, bytes: Buffer.from(c, 'utf8') })), listedFileCount: Object.keys(all).length };
}

/** Every finding of the review of skill `t` made of these files. */
export function reviewTestSkill(files: Record<string, string>, skillMd?: string): Finding[] {
  return reviewContent(testSkillInput(files, skillMd)).findings;
}

/** `kind file:line` of every attack-level finding of the review of skill `t` made of these files, sorted. */
export function attackFindings(files: Record<string, string>): string[] {
  return reviewTestSkill(files)
    .filter((f) => ATTACK_FINDINGS.has(f.id as never))
    .map((f) => `${f.id} ${f.location.fileUri?.replace('skill://t/', '')}:${f.location.line}`)
    .sort();
}
