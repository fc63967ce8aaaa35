import { describe, expect, it } from 'vitest';
import { checkEntry } from './entry-rules.js';
import { ENTRY_CASES } from './finding-cases-entry.unit.js';
import { GUIDE_URI, SERVER, SKILL_URI, cleanSkill, entryWith, runFindingCases } from './finding-cases.unit.js';

runFindingCases(ENTRY_CASES);

describe('checkEntry', () => {
  const clean = cleanSkill();

  it('returns a well-formed entry as loadable, with its resources as listed', () => {
    const { entry, findings } = checkEntry(clean.entry, SERVER, 'entry 0');
    expect(findings).toEqual([]);
    expect(entry?.loadable).toBe(true);
    expect(entry?.uri).toBe(SKILL_URI);
    expect(entry?.resources).toEqual(clean.entry['resources']);
    expect(entry?.frontmatter).toBe(clean.entry['frontmatter']);
    expect(entry?.contained).toBe(true);
    expect(Object.keys(entry!).sort()).toEqual(['contained', 'frontmatter', 'loadable', 'resources', 'uri']);
  });

  it('keeps a dynamic entry loadable but unverifiable', () => {
    const { entry } = checkEntry(entryWith({ resources: 'dynamic' }), SERVER, 'entry 0');
    expect(entry?.resources).toBe('dynamic');
    expect(entry?.loadable).toBe(true);
  });

  it('still returns an entry (not loadable) when resources are missing, so the listing shows it', () => {
    const { entry } = checkEntry(entryWith({ resources: undefined }), SERVER, 'entry 0');
    expect(entry?.resources).toBeNull();
    expect(entry?.loadable).toBe(false);
  });

  it('records a missing digest as "" and a missing size as -1 rather than dropping the file', () => {
    const { entry } = checkEntry(entryWith({ resources: [{ uri: SKILL_URI }, { uri: GUIDE_URI, digest: 'sha256:x', size: 'big' }] }), SERVER, 'entry 0');
    expect(entry?.resources).toEqual([
      { uri: SKILL_URI, digest: '', size: -1, declaredSize: 'absent' },
      { uri: GUIDE_URI, digest: 'sha256:x', size: -1, declaredSize: '"big"' },
    ]);
    expect(entry?.loadable).toBe(false);
  });

  it('names every bad resource by index and URI', () => {
    const { findings } = checkEntry(entryWith({ resources: [{ uri: SKILL_URI, digest: 'md5:1', size: -1 }, 'not an object'] }), SERVER, 'entry 0');
    expect(findings.map((f) => [f.id, f.location.field])).toEqual(
      expect.arrayContaining([
        ['sep-2640-resources-digest-format', 'resources[0].digest'],
        ['sep-2640-resources-size-required', 'resources[0].size'],
        ['sep-2640-entry-resources-required', 'resources[1]'],
      ]),
    );
  });

  it('remembers whether every listed file lies inside the skill directory', () => {
    const resources = clean.entry['resources'] as Array<{ uri: string }>;
    const outside = checkEntry(entryWith({ resources: [...resources, { ...resources[1], uri: 'skill://other-skill/notes.md' }] }), SERVER, 'entry 0').entry;
    expect(outside?.contained).toBe(false);
    expect(outside?.loadable).toBe(false);
    const climbing = checkEntry(entryWith({ resources: [...resources, { ...resources[1], uri: GUIDE_URI.replace('references/guide.md', '%2e%2e/x.md') }] }), SERVER, 'entry 0').entry;
    expect(climbing?.contained).toBe(false);
    expect(checkEntry(entryWith({ resources: 'dynamic' }), SERVER, 'entry 0').entry?.contained).toBe(true);
  });

  it('prefixes frontmatter rule fields with "frontmatter."', () => {
    const { findings } = checkEntry(entryWith({ frontmatter: { name: 'pdf-tools', description: 'd', 'allowed-tools': ['Bash'] } }), SERVER, 'entry 0');
    expect(findings.map((f) => [f.id, f.location.field])).toEqual([['agentskills-allowed-tools-string', 'frontmatter.allowed-tools']]);
  });

  it('treats an encoded but equivalent duplicate as the same file', () => {
    const resources = clean.entry['resources'] as Array<{ uri: string }>;
    const { findings } = checkEntry(entryWith({ resources: [...resources, { ...resources[1], uri: GUIDE_URI.replace('guide', '%67uide') }] }), SERVER, 'entry 0');
    expect(findings.map((f) => f.id)).toContain('inspector-duplicate-resource');
  });

  it('makes an entry that lists a file twice not loadable: one digest per file, or its files are never verified', () => {
    const resources = clean.entry['resources'] as Array<{ uri: string; digest: string; size: number }>;
    const other = `sha256:${'0'.repeat(64)}`;
    for (const twice of [
      { ...resources[1]!, digest: other },
      { ...resources[1]! },
      { ...resources[1]!, uri: GUIDE_URI.replace('guide', '%67uide') },
    ]) {
      const { entry, findings } = checkEntry(entryWith({ resources: [...resources, twice] }), SERVER, 'entry 0');
      expect(entry?.loadable, twice.uri).toBe(false);
      expect(findings.find((f) => f.id === 'inspector-duplicate-resource')?.message).toContain('not loadable');
      expect(findings.map((f) => f.id)).toContain('sep-2640-resources-invalid-entry');
    }
  });
});
