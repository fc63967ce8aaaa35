import { skillEntry } from '@modelcontextprotocol/server/ext/skills';
import { describe, expect, it } from 'vitest';
import { runFindingCases } from './finding-cases.unit.js';
import { SOURCE_CASES } from './finding-cases-source.unit.js';
import { compareWithSource } from './served-vs-source.js';

runFindingCases(SOURCE_CASES);

const SKILL_MD = '---\nname: notes\ndescription: Takes notes.\nmetadata:\n  team: core\n  owner: x\n---\n# Notes\n';

describe('served vs source', () => {
  it('compares frontmatter values, not how their keys are ordered, and URIs by their canonical form', async () => {
    const source = await skillEntry('notes', { 'SKILL.md': SKILL_MD });
    const served = { ...source, uri: 'skill://not%65s/SKILL.md', frontmatter: { metadata: { owner: 'x', team: 'core' }, description: 'Takes notes.', name: 'notes' } };
    expect(compareWithSource({ serverId: 's', folder: '/f', served: [served], source: [source] })).toEqual([]);
  });

  it('names a frontmatter field only one side has as absent on the other', async () => {
    const source = await skillEntry('notes', { 'SKILL.md': SKILL_MD });
    const served = { ...source, frontmatter: { ...source.frontmatter, license: 'MIT' } };
    const found = compareWithSource({ serverId: 's', folder: '/f', served: [served], source: [source] });
    expect(found.map((f) => [f.id, f.location.field, f.expected, f.actual])).toEqual([['inspector-source-frontmatter', 'frontmatter.license', 'absent', '"MIT"']]);
  });

  it('says so when the server serves a skill as dynamic that the folder holds as files', async () => {
    const source = await skillEntry('notes', { 'SKILL.md': SKILL_MD });
    const found = compareWithSource({ serverId: 's', folder: '/f', served: [{ ...source, resources: 'dynamic' }], source: [source] });
    expect(found.map((f) => [f.id, f.message])).toEqual([['inspector-source-bytes', 'The server lists the files of skill://notes/SKILL.md as "dynamic"; the source folder gives 1 file(s).']]);
  });
});
