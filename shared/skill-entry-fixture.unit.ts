// A SkillEntry for tests: one skill as the engine lists it before anything is
// read (listed, unread, not reviewed, not approved, disabled, no files), so a
// test names only the fields it is about.
import type { SkillEntry } from './model.js';

/** The skill `name` at `skill://<name>/SKILL.md` on server `s1`, frontmatter `{ name }`, with `patch` over it. */
export function skillEntry(name: string, patch: Partial<SkillEntry> = {}): SkillEntry {
  return {
    serverId: 's1',
    uri: `skill://${name}/SKILL.md`,
    name,
    description: '',
    frontmatter: { name },
    resources: [],
    source: 'listed',
    pathPrefix: '',
    scheme: 'skill',
    nestedSkills: [],
    fetchedAt: '2026-01-01T00:00:00.000Z',
    status: 'unread',
    files: {},
    errorCount: 0,
    warningCount: 0,
    verdict: 'not-reviewed',
    approval: 'none',
    enabled: false,
    ...patch,
  };
}
