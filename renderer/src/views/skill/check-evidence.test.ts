import { describe, expect, it } from 'vitest';
import { finding } from '../../../../shared/findings.js';
import type { FileCheck, SkillEntry, SkillFileRef } from '../../../../shared/model.js';
import { skillEntry } from '../../../../shared/skill-entry-fixture.unit.js';
import { checkEvidence, frontmatterWords } from './check-evidence.js';

const SKILL = 'skill://a/SKILL.md';
const GUIDE = 'skill://a/references/guide.md';
const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;
const at = '2026-01-01T00:00:00.000Z';

function entry(files: Record<string, FileCheck>, resources: SkillEntry['resources'] = [{ uri: SKILL, digest: D1, size: 120 }, { uri: GUIDE, digest: D2, size: 40 }]): SkillEntry {
  return skillEntry('a', { serverId: 's', description: 'A skill.', frontmatter: { name: 'a', description: 'A skill.' }, resources, fetchedAt: at, status: 'partial', files });
}

const verified = (size: number, digest: string): FileCheck => ({ state: 'verified', size, digest, checkedAt: at });

describe('Checks: what passed', () => {
  it('says every file passed size and digest, and the frontmatter is identical, only when each check ran and matched', () => {
    const evidence = checkEvidence(entry({ [SKILL]: verified(120, D1), [GUIDE]: verified(40, D2) }));
    expect(evidence).toMatchObject({ passed: 2, read: 2, frontmatter: 'pass' });
    expect(evidence.files).toEqual([
      { uri: SKILL, path: 'SKILL.md', size: 'pass', digest: 'pass', bytes: 120, listedDigest: D1 },
      { uri: GUIDE, path: 'references/guide.md', size: 'pass', digest: 'pass', bytes: 40, listedDigest: D2 },
    ]);
  });

  it('claims nothing for a file not read yet', () => {
    const evidence = checkEvidence(entry({ [SKILL]: verified(120, D1) }));
    expect(evidence).toMatchObject({ passed: 1, read: 1, frontmatter: 'pass' });
    expect(evidence.files?.[1]).toMatchObject({ size: 'unread', digest: 'unread' });
    expect(checkEvidence(entry({}))).toMatchObject({ passed: 0, read: 0, frontmatter: 'unread' });
  });

  it('a size mismatch fails the size and leaves the digest unchecked; a digest mismatch passed the size', () => {
    const evidence = checkEvidence(
      entry({
        [SKILL]: { state: 'failed', reason: 'size', expected: '120', actual: '99', message: 'Size mismatch', checkedAt: at },
        [GUIDE]: { state: 'failed', reason: 'digest', expected: D2, actual: D1, message: 'Digest mismatch', checkedAt: at },
      }),
    );
    expect(evidence.files?.map((f) => [f.size, f.digest])).toEqual([
      ['fail', 'not-checked'],
      ['pass', 'fail'],
    ]);
    expect(evidence).toMatchObject({ passed: 0, read: 2, frontmatter: 'not-checked' });
  });

  it('a frontmatter difference comes after size and digest matched, and fails the frontmatter', () => {
    const evidence = checkEvidence(entry({ [SKILL]: { state: 'failed', reason: 'frontmatter', message: 'Frontmatter differs from the listing: description', checkedAt: at } }));
    expect(evidence.files?.[0]).toMatchObject({ size: 'pass', digest: 'pass' });
    expect(evidence).toMatchObject({ frontmatter: 'fail', frontmatterNote: 'Frontmatter differs from the listing: description' });
    // The finding alone is enough when SKILL.md failed its size first.
    const loc = { serverId: 's', skillUri: SKILL, fileUri: SKILL };
    const sizeFirst = entry({ [SKILL]: { state: 'failed', reason: 'size', message: 'Size mismatch', checkedAt: at } });
    expect(checkEvidence(sizeFirst, [finding('sep-2640-entry-frontmatter-identical', 'differs', loc)]).frontmatter).toBe('fail');
  });

  it('a frontmatter hosts refuse or that does not parse is not said to differ from the listing', () => {
    const differs = entry({ [SKILL]: { state: 'failed', reason: 'frontmatter', message: 'Frontmatter differs from the listing: description', expected: 'description=a', actual: 'description=b', checkedAt: at } });
    expect(frontmatterWords(checkEvidence(differs), differs)).toBe('Frontmatter differs from the listing ✗ (see the findings below)');
    const refused = entry({ [SKILL]: { state: 'failed', reason: 'frontmatter', message: 'SKILL.md has no usable frontmatter: it uses an alias (*a)', checkedAt: at } });
    expect(frontmatterWords(checkEvidence(refused), refused)).toBe('Frontmatter not usable ✗: it could not be compared with the listing (see the findings below)');
  });

  it('an unverifiable file or a dynamic skill passes nothing', () => {
    const reason = 'Reduced integrity: the digest matches, but the server published no size for this file.';
    const legacy = checkEvidence(entry({ [SKILL]: { state: 'unverifiable', reason, checkedAt: at } }));
    expect(legacy.files?.[0]).toMatchObject({ size: 'not-checked', digest: 'not-checked', note: reason });
    expect(legacy).toMatchObject({ passed: 0, frontmatter: 'not-checked', frontmatterNote: reason });
    const dynamic = checkEvidence(entry({ [SKILL]: { state: 'unverifiable', reason: 'dynamic', checkedAt: at } }, 'dynamic'));
    expect(dynamic.files).toBeUndefined();
    expect(dynamic).toMatchObject({ passed: 0, read: 1 });
  });

  it('a listing with no sizes (SEP v1 shape): the digest matched, the size was never checked', () => {
    const resources: SkillFileRef[] = [{ uri: SKILL, digest: D1, size: -1, declaredSize: 'absent' }];
    const evidence = checkEvidence(entry({ [SKILL]: { state: 'failed', reason: 'frontmatter', message: 'differs', checkedAt: at } }, resources));
    expect(evidence.files?.[0]).toMatchObject({ size: 'not-checked', digest: 'pass' });
  });
});
