import { describe, expect, it } from 'vitest';
import type { WatchRun } from '../../../../shared/api-watch.js';
import type { RunDiff } from '../../../../shared/catalog-diff.js';
import { finding } from '../../../../shared/findings.js';
import { changedText, summariseRun } from './watch-summary.js';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;
const EMPTY: RunDiff = { skillsAdded: [], skillsRemoved: [], skillsChanged: [], filesAdded: [], filesRemoved: [], digestsChanged: [], fileListsChanged: [], findingsNew: [], findingsFixed: [], findingsChanged: [] };
const run = (diff: Partial<RunDiff>): WatchRun => ({ run: 2, finishedAt: '2026-01-01T00:00:00.000Z', changed: ['alpha/SKILL.md'], skillCount: 2, counts: { error: 0, warning: 0, info: 0 }, diff: { ...EMPTY, ...diff }, omitted: 0, notReviewed: [] });
const at = (skill: string, file?: string, line?: number) => ({ serverId: 's', skillUri: `skill://${skill}/SKILL.md`, ...(file ? { fileUri: `skill://${skill}/${file}` } : {}), ...(line ? { line } : {}) });

describe('summariseRun', () => {
  it('groups each file change and finding under its skill, changed skills first', () => {
    const fresh = finding('risk-html-comment', 'SKILL.md line 9 has an HTML comment.', at('alpha', 'SKILL.md', 9));
    const fixed = finding('risk-external-url', 'a link', at('alpha', 'references/guide.md', 3));
    const summary = summariseRun(
      run({
        skillsChanged: ['skill://alpha/SKILL.md'],
        skillsRemoved: ['skill://beta/SKILL.md'],
        digestsChanged: [{ uri: 'skill://alpha/SKILL.md', from: D1, to: D2 }],
        filesAdded: [{ uri: 'skill://alpha/references/new.md', digest: D1 }],
        findingsNew: [fresh],
        findingsFixed: [fixed],
      }),
    );
    expect(summary.headline).toBe('1 skill changed, 1 removed; 1 finding new, 1 fixed');
    expect(summary.skills).toEqual([
      { uri: 'skill://alpha/SKILL.md', name: 'alpha', kind: 'changed', files: [{ path: 'SKILL.md', change: 'digest changed' }, { path: 'references/new.md', change: 'added' }], findingsNew: [fresh], findingsFixed: [fixed], findingsChanged: [] },
      { uri: 'skill://beta/SKILL.md', name: 'beta', kind: 'removed', files: [], findingsNew: [], findingsFixed: [], findingsChanged: [] },
    ]);
  });

  it('a server finding has no skill; nothing changed says so', () => {
    const probe = finding('inspector-list-limit', 'stopped', { serverId: 's' });
    expect(summariseRun(run({ findingsNew: [probe] })).serverFindings.findingsNew).toEqual([probe]);
    expect(summariseRun(run({})).headline).toBe('No change since the last run');
    expect(summariseRun(run({ skillsAdded: ['skill://a/SKILL.md', 'skill://b/SKILL.md'] })).headline).toBe('2 skills added');
  });

  it('names up to five changed paths', () => {
    expect(changedText([])).toBe('the first run');
    expect(changedText(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('after edits to a, b, c, d, e, 2 more');
  });
});
