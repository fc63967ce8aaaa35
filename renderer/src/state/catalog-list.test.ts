import { describe, expect, it } from 'vitest';
import type { SkillEntry } from '../../../shared/model.js';
import { skillEntry } from '../../../shared/skill-entry-fixture.unit.js';
import { skillKey } from './keys.js';
import { filterCounts, filterSkills, reviewingCount, sortedSkills, verdictChoices, verdictTallies } from './catalog-list.js';

function entry(serverId: string, name: string, extra: Partial<SkillEntry> = {}): SkillEntry {
  return skillEntry(name, { serverId, description: `About ${name}`, ...extra });
}

const map = (entries: SkillEntry[]) => new Map(entries.map((e) => [skillKey(e.serverId, e.uri), e]));

describe('catalog list', () => {
  it('sorts by name (numbers in order), then URI, then server; per server or all', () => {
    const skills = map([entry('b', 'zeta'), entry('a', 'skill-10'), entry('a', 'skill-9'), entry('a', 'Alpha'), entry('b', 'alpha')]);
    expect(sortedSkills(skills, 'all').map((e) => `${e.serverId}:${e.name}`)).toEqual(['a:Alpha', 'b:alpha', 'a:skill-9', 'a:skill-10', 'b:zeta']);
    expect(sortedSkills(skills, 'b').map((e) => e.name)).toEqual(['alpha', 'zeta']);
  });

  it('keeps the order through state-only updates but hands out the new entries; re-sorts on a rename', () => {
    const first = map([entry('a', 'b'), entry('a', 'a')]);
    expect(sortedSkills(first, 'a').map((e) => e.name)).toEqual(['a', 'b']);
    const verified = entry('a', 'b', { status: 'verified' });
    const second = new Map(first).set(skillKey('a', verified.uri), verified);
    const rows = sortedSkills(second, 'a');
    expect(rows.map((e) => [e.name, e.status])).toEqual([['a', 'unread'], ['b', 'verified']]);
    expect(rows[1]).toBe(verified);
    const renamed = { ...entry('a', 'a'), name: 'c' };
    const third = new Map(second).set(skillKey('a', renamed.uri), renamed);
    expect(sortedSkills(third, 'a').map((e) => e.name)).toEqual(['b', 'c']);
    const added = new Map(third).set(skillKey('a', 'skill://0/SKILL.md'), entry('a', '0'));
    expect(sortedSkills(added, 'a').map((e) => e.name)).toEqual(['0', 'b', 'c']);
  });

  it('searches every word in name and description, then applies the filters', () => {
    const rows = sortedSkills(map([entry('a', 'pdf-tools', { description: 'Fill PDF forms', warningCount: 1 }), entry('a', 'docx', { description: 'Word files', errorCount: 2, status: 'mismatch' }), entry('a', 'pdf-reader', { status: 'verified' })]), 'a');
    expect(filterSkills(rows, 'PDF', new Set()).map((e) => e.name)).toEqual(['pdf-reader', 'pdf-tools']);
    expect(filterSkills(rows, 'pdf forms', new Set()).map((e) => e.name)).toEqual(['pdf-tools']);
    expect(filterSkills(rows, '', new Set(['errors'])).map((e) => e.name)).toEqual(['docx']);
    expect(filterSkills(rows, '', new Set(['warnings'])).map((e) => e.name)).toEqual(['pdf-tools']);
    expect(filterSkills(rows, 'pdf', new Set(['unverified'])).map((e) => e.name)).toEqual(['pdf-tools']);
    expect(filterSkills(rows, '', new Set())).toBe(rows);
  });

  it('searches a list by its own texts: a skill whose description changed is found by the new words, not the old', () => {
    const before = sortedSkills(map([entry('a', 'notes', { description: 'Meeting minutes' }), entry('a', 'deploy', { description: 'Ship the app' })]), 'a');
    expect(filterSkills(before, 'minutes', new Set()).map((e) => e.name)).toEqual(['notes']);
    const after = sortedSkills(map([entry('a', 'notes', { description: 'Release checklist' }), entry('a', 'deploy', { description: 'Ship the app' })]), 'a');
    expect(filterSkills(after, 'minutes', new Set())).toEqual([]);
    expect(filterSkills(after, 'CHECKLIST', new Set()).map((e) => e.name)).toEqual(['notes']);
    // The verdict narrows the search, and the search the verdict.
    const judged = sortedSkills(map([entry('a', 'notes', { verdict: 'risky' }), entry('a', 'notes-two', { verdict: 'clean-as-checked' })]), 'a');
    expect(filterSkills(judged, 'notes', new Set(), 'risky').map((e) => e.name)).toEqual(['notes']);
    expect(filterSkills(judged, 'two', new Set(), 'risky')).toEqual([]);
  });
});

describe('the verdict filter while a change review runs', () => {
  // An approved skill that changed, not reviewed yet: its row says Reviewing… while its change review runs.
  const changed = entry('a', 'setup', { approval: 'changed', verdict: 'not-reviewed' });
  const untouched = entry('a', 'notes', { verdict: 'not-reviewed' });
  const risky = entry('a', 'deploy', { verdict: 'risky', errorCount: 1 });
  const rows = [changed, untouched, risky];
  const running = new Set([skillKey('a', changed.uri)]);

  it('counts and lists the skill as Reviewing…, not as Not reviewed yet; every skill counted once', () => {
    expect(filterCounts(rows, running).verdicts).toEqual({ risky: 1, 'needs-look': 0, 'clean-as-checked': 0, 'not-reviewed': 1, reviewing: 1 });
    expect(filterSkills(rows, '', new Set(), 'not-reviewed', running).map((e) => e.name)).toEqual(['notes']);
    expect(filterSkills(rows, '', new Set(), 'reviewing', running).map((e) => e.name)).toEqual(['setup']);
  });

  it('counts it as its listed verdict when no change review of it runs', () => {
    expect(filterCounts(rows).verdicts).toEqual({ risky: 1, 'needs-look': 0, 'clean-as-checked': 0, 'not-reviewed': 2, reviewing: 0 });
    expect(filterSkills(rows, '', new Set(), 'not-reviewed').map((e) => e.name)).toEqual(['setup', 'notes']);
    expect(filterSkills(rows, '', new Set(), 'reviewing').map((e) => e.name)).toEqual([]);
    // A review running for a skill whose verdict was reached (or that is not a changed approval) changes nothing.
    const all = new Set(rows.map((e) => skillKey(e.serverId, e.uri)));
    expect(filterCounts([untouched, risky], all).verdicts).toEqual({ risky: 1, 'needs-look': 0, 'clean-as-checked': 0, 'not-reviewed': 1, reviewing: 0 });
  });
});

describe('sorting by verdict while a change review runs', () => {
  // Two skills not reviewed yet around the changed one's name, so its place shows whether it has a group of its own.
  const changed = entry('s', 'setup', { approval: 'changed', verdict: 'not-reviewed' });
  const skills = map([
    entry('s', 'zeta', { verdict: 'clean-as-checked' }),
    changed,
    entry('s', 'alpha', { verdict: 'not-reviewed' }),
    entry('s', 'tidy', { verdict: 'not-reviewed' }),
    entry('s', 'lint', { verdict: 'needs-look', warningCount: 1 }),
    entry('s', 'deploy', { verdict: 'risky', errorCount: 1 }),
  ]);
  const running = new Set([skillKey('s', changed.uri)]);
  const names = (rows: readonly SkillEntry[]) => rows.map((e) => e.name);

  it('puts a skill that says Reviewing… in a group of its own, just before Not reviewed yet', () => {
    expect(names(sortedSkills(skills, 's', 'verdict', running))).toEqual(['deploy', 'lint', 'setup', 'alpha', 'tidy', 'zeta']);
  });

  it('moves it when its review starts and back when none runs, the skills themselves unchanged', () => {
    expect(names(sortedSkills(skills, 's', 'verdict'))).toEqual(['deploy', 'lint', 'alpha', 'setup', 'tidy', 'zeta']);
    expect(names(sortedSkills(skills, 's', 'verdict', running))).toEqual(['deploy', 'lint', 'setup', 'alpha', 'tidy', 'zeta']);
    expect(names(sortedSkills(skills, 's', 'verdict', new Set()))).toEqual(['deploy', 'lint', 'alpha', 'setup', 'tidy', 'zeta']);
    // By name, a running review changes nothing.
    expect(names(sortedSkills(skills, 's', 'name', running))).toEqual(['alpha', 'deploy', 'lint', 'setup', 'tidy', 'zeta']);
  });
});

describe('the verdict choices', () => {
  const changed = entry('a', 'setup', { approval: 'changed', verdict: 'not-reviewed' });
  const other = entry('b', 'setup', { approval: 'changed', verdict: 'not-reviewed' });
  const skills = map([changed, other, entry('a', 'notes')]);
  const running = new Set([skillKey('a', changed.uri)]);

  it('offers Reviewing… only while a skill listed says so, or while it is chosen', () => {
    expect(verdictChoices(0, undefined)).toEqual(['risky', 'needs-look', 'clean-as-checked', 'not-reviewed']);
    expect(verdictChoices(0, 'risky')).toEqual(['risky', 'needs-look', 'clean-as-checked', 'not-reviewed']);
    expect(verdictChoices(1, undefined)).toEqual(['risky', 'needs-look', 'clean-as-checked', 'not-reviewed', 'reviewing']);
    expect(verdictChoices(0, 'reviewing')).toEqual(['risky', 'needs-look', 'clean-as-checked', 'not-reviewed', 'reviewing']);
  });

  it('counts the skills saying Reviewing… among a server’s (or all), as the filter counts do', () => {
    expect(reviewingCount(skills, 'a', running)).toBe(1);
    expect(reviewingCount(skills, 'b', running)).toBe(0);
    expect(reviewingCount(skills, 'all', running)).toBe(1);
    expect(reviewingCount(skills, 'a', new Set())).toBe(0);
    expect(reviewingCount(skills, 'a', running)).toBe(filterCounts(sortedSkills(skills, 'a'), running).verdicts.reviewing);
  });
});

describe('the sidebar roll-up’s verdict tallies', () => {
  const changed = entry('a', 'setup', { approval: 'changed', verdict: 'not-reviewed' });
  const skills = [changed, entry('a', 'notes'), entry('a', 'deploy', { verdict: 'risky', errorCount: 1 }), entry('b', 'setup', { approval: 'changed', verdict: 'not-reviewed' })];
  const running = new Set([skillKey('a', changed.uri)]);

  it('counts a skill saying Reviewing… as reviewing, as the filter counts it, and by its stored verdict when none runs', () => {
    const during = verdictTallies(skills, running);
    expect(during.byServer.get('a')).toEqual({ risky: 1, needsLook: 0, clean: 0, notReviewed: 1, reviewing: 1 });
    expect(during.byServer.get('b')).toEqual({ risky: 0, needsLook: 0, clean: 0, notReviewed: 1, reviewing: 0 });
    expect(during.all).toEqual({ risky: 1, needsLook: 0, clean: 0, notReviewed: 2, reviewing: 1 });
    const counts = filterCounts(skills.filter((e) => e.serverId === 'a'), running).verdicts;
    expect(during.byServer.get('a')!.reviewing).toBe(counts.reviewing);
    expect(during.byServer.get('a')!.notReviewed).toBe(counts['not-reviewed']);
    expect(verdictTallies(skills, new Set()).byServer.get('a')).toEqual({ risky: 1, needsLook: 0, clean: 0, notReviewed: 2, reviewing: 0 });
  });
});
