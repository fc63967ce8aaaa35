import { describe, expect, it } from 'vitest';
import { finding } from '../../shared/findings.js';
import type { SkillEntry } from '../../shared/model.js';
import { diffRuns, runState } from '../../shared/catalog-diff.js';
import { formatRunBlock } from './watch-diff.js';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;

function skill(name: string, files: Record<string, string> | 'dynamic'): SkillEntry {
  const uri = `skill://${name}/SKILL.md`;
  const resources = files === 'dynamic' ? 'dynamic' : Object.entries(files).map(([rel, digest]) => ({ uri: `skill://${name}/${rel}`, digest, size: 1 }));
  return { uri, resources } as unknown as SkillEntry;
}

const at = (skillName: string, file?: string) => ({ serverId: 's', skillUri: `skill://${skillName}/SKILL.md`, ...(file ? { fileUri: `skill://${skillName}/${file}` } : {}) });

describe('formatRunBlock', () => {
  it('one line per change, then the totals', () => {
    const fresh = finding('inspector-source-skipped', 'no frontmatter', at('b'));
    const fixed = finding('inspector-source-missing', 'gone', at('c'));
    const before = runState([skill('a', { 'SKILL.md': D1 }), skill('c', { 'SKILL.md': D1 })], [fixed]);
    const after = runState([skill('a', { 'SKILL.md': D2 })], [fresh]);
    const text = formatRunBlock({ run: 2, changed: ['a/SKILL.md', 'b/SKILL.md'], skillCount: 1, findings: [fresh], diff: diffRuns(before, after) });
    expect(text).toBe(
      [
        '── run 2 · changed: a/SKILL.md, b/SKILL.md ──',
        '- skill skill://c/SKILL.md',
        `~ digest skill://a/SKILL.md sha256:111111111111… → sha256:222222222222…`,
        `+ ${fresh.severity} inspector-source-skipped (skill://b/SKILL.md): no frontmatter`,
        `- fixed ${fixed.severity} inspector-source-missing (skill://c/SKILL.md): gone`,
        `= 1 skill(s); ${fresh.severity === 'error' ? 1 : 0} error(s), ${fresh.severity === 'warning' ? 1 : 0} warning(s), 0 info`,
        '',
        '',
      ].join('\n'),
    );
  });

  it('a later run with nothing changed says so', () => {
    const state = runState([skill('a', { 'SKILL.md': D1 })], []);
    expect(formatRunBlock({ run: 3, changed: ['notes.txt'], skillCount: 1, findings: [], diff: diffRuns(state, state) })).toBe('── run 3 · changed: notes.txt ──\nno change since the last run\n= 1 skill(s); 0 error(s), 0 warning(s), 0 info\n\n');
  });
});
