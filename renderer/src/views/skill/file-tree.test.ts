import { describe, expect, it } from 'vitest';
import { buildFileTree, OUTSIDE_GROUP } from './file-tree.js';

describe('file tree', () => {
  it('nests files under their folders, SKILL.md first, and keeps outside files apart', () => {
    const { data, files } = buildFileTree(
      [
        { uri: 'skill://a/templates/t.md', path: 'templates/t.md', kind: 'file', listed: true },
        { uri: 'skill://a/SKILL.md', path: 'SKILL.md', kind: 'file', listed: true },
        { uri: 'skill://a/references/STYLE.md', path: 'references/STYLE.md', kind: 'file', listed: true },
        { uri: 'skill://a/notes', path: 'notes', kind: 'directory', listed: false },
        { uri: 'skill://a/notes/x.md', path: 'notes/x.md', kind: 'file', listed: false },
        { uri: 'skill://other/SKILL.md', path: 'skill://other/SKILL.md', kind: 'file', listed: false },
      ],
      'skill://a/SKILL.md',
    );
    expect(data.map((n) => n.label)).toEqual(['SKILL.md', 'notes', 'references', 'templates', 'Outside the skill root']);
    expect(data[1]!.children!.map((n) => n.value)).toEqual(['skill://a/notes/x.md']);
    expect(data[4]!.value).toBe(OUTSIDE_GROUP);
    expect(data[4]!.children!.map((n) => n.value)).toEqual(['skill://other/SKILL.md']);
    expect([...files.keys()].sort()).toEqual(['skill://a/SKILL.md', 'skill://a/notes/x.md', 'skill://a/references/STYLE.md', 'skill://a/templates/t.md', 'skill://other/SKILL.md']);
  });
});
