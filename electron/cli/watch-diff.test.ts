import { describe, expect, it } from 'vitest';
import { unsafeIn } from '../../test/fixtures/cli/terminal-unsafe.js';
import { finding } from '../../shared/findings.js';
import type { SkillEntry } from '../../shared/model.js';
import { diffRuns, runState } from '../../shared/catalog-diff.js';
import { formatFailedRun, formatRunBlock } from './watch-diff.js';

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

  it('a skill whose entry lists its files another way now: said, not only counted', () => {
    const before = runState([skill('a', { 'SKILL.md': D1 }), skill('b', 'dynamic')], []);
    const after = runState([skill('a', 'dynamic'), skill('b', { 'SKILL.md': D1 })], []);
    expect(formatRunBlock({ run: 2, changed: ['a/SKILL.md'], skillCount: 2, findings: [], diff: diffRuns(before, after) })).toBe(
      [
        '── run 2 · changed: a/SKILL.md ──',
        '~ files skill://a/SKILL.md a list of files → dynamic (no fixed file list)',
        '~ files skill://b/SKILL.md dynamic (no fixed file list) → a list of files',
        '= 2 skill(s); 0 error(s), 0 warning(s), 0 info',
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

describe('what a server or the watched folder wrote', () => {
  const FORGED = '\r\x1b[1A\x1b[2Kno change since the last run\x1b[8m';

  it('a finding message quoting a frontmatter field name, URIs, changed paths: shown with marks', () => {
    const field = finding('sep-2640-host-frontmatter-comparison', `Field "${FORGED}" differs.`, at(`x${FORGED}`));
    const after = runState([skill(`x${FORGED}`, { 'SKILL.md': D1, [`n\u202eexe.md`]: D2 })], [field]);
    const text = formatRunBlock({ run: 2, changed: [`x/\u009b2K.md`], skillCount: 1, findings: [field], diff: diffRuns(runState([], []), after) });
    expect(unsafeIn(text)).toEqual([]);
    expect(text).toContain('changed: x/⟦U+009B⟧2K.md');
    expect(text).toContain('+ skill skill://x⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2Kno change since the last run⟦ESC⟧[8m/SKILL.md');
    expect(text).toContain(': Field "⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2Kno change since the last run⟦ESC⟧[8m" differs.');
  });

  it('a run that failed: the error keeps its own lines, and shows the rest', () => {
    const text = formatFailedRun(2, ['a.md'], `Server process exited.\nLast stderr lines:\n${FORGED}`);
    expect(unsafeIn(text)).toEqual([]);
    expect(text).toBe('── run 2 · changed: a.md ──\n! Server process exited.\nLast stderr lines:\n⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2Kno change since the last run⟦ESC⟧[8m\n\n');
  });
});
