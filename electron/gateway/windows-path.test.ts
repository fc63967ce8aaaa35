import { describe, expect, it } from 'vitest';
import { climbsOnWindows } from './windows-path.js';

describe('a name in a file’s path that a Windows host reads as ".."', () => {
  it('two dots then dots and spaces, encoded or not, in any folder of the path', () => {
    expect(climbsOnWindows('skill://pdf-tools/..%20/notes/guide.md')).toBe('.. ');
    expect(climbsOnWindows('skill://pdf-tools/a/.../guide.md')).toBe('...');
    expect(climbsOnWindows('skill://pdf-tools/a/..%20.%20/guide.md')).toBe('.. . ');
    expect(climbsOnWindows('skill://pdf-tools/refs/.. ')).toBe('.. ');
  });

  it('not a name that stays where it is, nor the authority', () => {
    for (const uri of ['skill://pdf-tools/SKILL.md', 'skill://pdf-tools/..a/x.md', 'skill://pdf-tools/. /x.md', 'skill://pdf-tools/ ../x.md', 'skill://pdf-tools/.hidden/x.md', 'skill://.. /SKILL.md', 'skill://pdf-tools']) expect(climbsOnWindows(uri), uri).toBeUndefined();
  });
});
