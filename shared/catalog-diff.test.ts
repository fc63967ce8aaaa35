import { describe, expect, it } from 'vitest';
import { finding } from './findings.js';
import type { SkillEntry } from './model.js';
import { diffRuns, isEmpty, runState, shortDigest } from './catalog-diff.js';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;
const D3 = `sha256:${'3'.repeat(64)}`;

function skill(name: string, files: Record<string, string> | 'dynamic'): SkillEntry {
  const uri = `skill://${name}/SKILL.md`;
  const resources = files === 'dynamic' ? 'dynamic' : Object.entries(files).map(([rel, digest]) => ({ uri: `skill://${name}/${rel}`, digest, size: 1 }));
  return { uri, resources } as unknown as SkillEntry;
}

const at = (skillName: string, file?: string) => ({ serverId: 's', skillUri: `skill://${skillName}/SKILL.md`, ...(file ? { fileUri: `skill://${skillName}/${file}` } : {}) });

describe('diffRuns', () => {
  it('the first run: every skill and finding is new, no file or digest line', () => {
    const f = finding('inspector-source-missing', 'gone', at('a'));
    const diff = diffRuns(undefined, runState([skill('a', { 'SKILL.md': D1 })], [f]));
    expect(diff).toEqual({ skillsAdded: ['skill://a/SKILL.md'], skillsRemoved: [], skillsChanged: [], filesAdded: [], filesRemoved: [], digestsChanged: [], fileListsChanged: [], findingsNew: [f], findingsFixed: [], findingsChanged: [] });
  });

  it('names skills added and removed, files added and removed, and each changed digest', () => {
    const before = runState([skill('a', { 'SKILL.md': D1, 'ref.md': D2, 'old.md': D3 }), skill('gone', { 'SKILL.md': D1 })], []);
    const after = runState([skill('a', { 'SKILL.md': D1, 'ref.md': D3, 'new.md': D1 }), skill('fresh', { 'SKILL.md': D2 })], []);
    const diff = diffRuns(before, after);
    expect(diff.skillsAdded).toEqual(['skill://fresh/SKILL.md']);
    expect(diff.skillsRemoved).toEqual(['skill://gone/SKILL.md']);
    expect(diff.skillsChanged).toEqual(['skill://a/SKILL.md']);
    expect(diff.filesAdded).toEqual([{ uri: 'skill://a/new.md', digest: D1 }]);
    expect(diff.filesRemoved).toEqual([{ uri: 'skill://a/old.md', digest: D3 }]);
    expect(diff.digestsChanged).toEqual([{ uri: 'skill://a/ref.md', from: D2, to: D3 }]);
  });

  it('two files with one canonical URI (x%5Cy.md, the SDK\'s name for x\\y.md, beside x/y.md) stay two', () => {
    const only = runState([skill('a', { 'SKILL.md': D1, 'x/y.md': D2 })], []);
    const both = runState([skill('a', { 'SKILL.md': D1, 'x%5Cy.md': D3, 'x/y.md': D2 })], []);
    const edited = runState([skill('a', { 'SKILL.md': D1, 'x%5Cy.md': D3, 'x/y.md': D1 })], []);
    const added = diffRuns(only, both);
    expect([added.filesAdded, added.digestsChanged]).toEqual([[{ uri: 'skill://a/x%5Cy.md', digest: D3 }], []]);
    const diff = diffRuns(both, edited);
    expect([diff.filesAdded, diff.filesRemoved, diff.digestsChanged]).toEqual([[], [], [{ uri: 'skill://a/x/y.md', from: D2, to: D1 }]]);
    // Another spelling of one file, one to one, is still that file.
    expect(isEmpty(diffRuns(only, runState([skill('a', { 'SKILL.md': D1, 'x/%79.md': D2 })], [])))).toBe(true);
  });

  it('a skill turning dynamic lists no file change', () => {
    const diff = diffRuns(runState([skill('a', { 'SKILL.md': D1 })], []), runState([skill('a', 'dynamic')], []));
    expect([diff.filesAdded, diff.filesRemoved, diff.digestsChanged]).toEqual([[], [], []]);
    expect(diff.skillsChanged).toEqual(['skill://a/SKILL.md']);
    expect(diff.fileListsChanged).toEqual([{ uri: 'skill://a/SKILL.md', from: 'files', to: 'dynamic' }]);
  });

  it('findings: new, fixed, and the same rule at the same place with another message is changed', () => {
    const kept = finding('inspector-source-bytes', 'ref.md differs: 10 bytes', at('a', 'ref.md'));
    const keptNow = finding('inspector-source-bytes', 'ref.md differs: 12 bytes', at('a', 'ref.md'));
    const fixed = finding('inspector-source-missing', 'gone', at('b'));
    const fresh = finding('inspector-source-extra', 'extra', at('c'));
    const same = finding('inspector-source-skipped', 'skipped', at('d'));
    const diff = diffRuns(runState([], [kept, fixed, same]), runState([], [keptNow, fresh, same]));
    expect(diff.findingsNew).toEqual([fresh]);
    expect(diff.findingsFixed).toEqual([fixed]);
    expect(diff.findingsChanged).toEqual([{ before: kept, after: keptNow }]);
  });

  it('two findings of one rule at one place are two findings: one fixed of two is one fixed', () => {
    const one = finding('inspector-source-bytes', 'first', at('a'));
    const two = finding('inspector-source-bytes', 'second', at('a'));
    const diff = diffRuns(runState([], [one, two]), runState([], [one]));
    expect(diff.findingsFixed).toEqual([two]);
    expect(diff.findingsNew).toEqual([]);
  });
  it('a skill whose files are the same is not changed, whatever its findings', () => {
    const f = finding('inspector-source-missing', 'gone', at('a'));
    const files = { 'SKILL.md': D1, 'ref.md': D2 };
    const diff = diffRuns(runState([skill('a', files)], []), runState([skill('a', { 'ref.md': D2, 'SKILL.md': D1 })], [f]));
    expect(diff.skillsChanged).toEqual([]);
    expect(diff.findingsNew).toEqual([f]);
  });

  it('a skill the next run lists under another spelling of its URIs (SKILL://, %2D, a dot segment) is the same skill, named as listed now', () => {
    const respell = (entry: SkillEntry, how: (uri: string) => string) => ({ ...entry, uri: how(entry.uri), resources: (entry.resources as readonly { uri: string }[]).map((r) => ({ ...r, uri: how(r.uri) })) }) as unknown as SkillEntry;
    const ways = [(u: string) => u.replace('skill://', 'SKILL://'), (u: string) => u.replace('pdf-tools', 'pdf%2Dtools'), (u: string) => u.replace('/pdf-tools/', '/pdf-tools/x/../')];
    for (const how of ways) {
      const was = skill('pdf-tools', { 'SKILL.md': D1, 'ref.md': D2 });
      const f = finding('inspector-source-missing', 'gone', at('pdf-tools', 'ref.md'));
      const fNow = { ...f, location: { ...f.location, skillUri: how(f.location.skillUri!), fileUri: how(f.location.fileUri!) } };
      // The same digests: nothing changed, and the finding at the respelled place is the same finding.
      expect(isEmpty(diffRuns(runState([was], [f]), runState([respell(was, how)], [fNow])))).toBe(true);
      // One digest changed: the skill changed, and the file is named as listed now.
      const now = respell(skill('pdf-tools', { 'SKILL.md': D1, 'ref.md': D3 }), how);
      const diff = diffRuns(runState([was], []), runState([now], []));
      expect(diff).toMatchObject({ skillsAdded: [], skillsRemoved: [], skillsChanged: [now.uri], filesAdded: [], filesRemoved: [] });
      expect(diff.digestsChanged).toEqual([{ uri: how('skill://pdf-tools/ref.md'), from: D2, to: D3 }]);
    }
  });

  it('shortDigest keeps the algorithm and 12 hex digits', () => {
    expect(shortDigest(D3)).toBe('sha256:333333333333…');
    expect(shortDigest('sha256:abc')).toBe('sha256:abc');
  });
});
