import { describe, expect, it } from 'vitest';
import { climbsOnWindows, isSkillMdOnWindows, sameFileOnWindows, windowsPath, windowsRewrite } from './windows-names.js';

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

describe('what Windows makes of a name it does not keep as written', () => {
  it('says each rewrite: trailing dots and spaces, a stream, a device name, a refused character', () => {
    expect(windowsRewrite('guide.md.')).toBe('Windows drops its trailing dots and spaces, so a host writes it as "guide.md"');
    expect(windowsRewrite('guide.md ')).toBe('Windows drops its trailing dots and spaces, so a host writes it as "guide.md"');
    expect(windowsRewrite('. ')).toBe('Windows drops its trailing dots and spaces, which leaves no name: the file lands in the folder above it');
    expect(windowsRewrite('notes:x.md')).toBe('NTFS reads what follows ":" as a stream of the file "notes", so a host writes that file, not this one');
    expect(windowsRewrite('CON')).toBe('CON is a device name on Windows, so a host opens the device instead of writing the file');
    expect(windowsRewrite('com1.tar.gz')).toBe('COM1 is a device name on Windows, so a host opens the device instead of writing the file');
    expect(windowsRewrite('a?.md')).toBe('Windows refuses the character "?" in a name, so a host cannot write the file');
  });

  it('keeps ordinary names, leading dots and names that only begin like a device', () => {
    for (const name of ['guide.md', '.hidden', 'console.md', 'com10.md', 'lpt.md', 'null.txt', 'a b.md']) expect(windowsRewrite(name), name).toBeUndefined();
  });

  it('takes for SKILL.md what Windows writes as SKILL.md, in any case', () => {
    for (const name of ['SKILL.md', 'skill.MD', 'SKILL.md.', 'SKILL.md ', 'SKILL.md::$DATA', 'ſKILL.md', 'SKıLL.md']) expect(isSkillMdOnWindows(name), name).toBe(true);
    for (const name of ['SKILL.mdx', 'SKILL.md.bak', '.SKILL.md']) expect(isSkillMdOnWindows(name), name).toBe(false);
  });
});

describe('where a Windows host writes a path, and which paths are one file there', () => {
  it('resolves ".. " as ".." and drops trailing dots and spaces', () => {
    expect(windowsPath(['.. ', 'notes', 'guide.md'])).toEqual({ path: '../notes/guide.md', leaves: true });
    expect(windowsPath(['acme', '.. ', 'shared'])).toEqual({ path: 'shared', leaves: false });
    expect(windowsPath(['tools.', '. ', 'lint '])).toEqual({ path: 'tools/lint', leaves: false });
  });

  it('is one file for names that differ by case, trailing dots and spaces or "::$DATA"', () => {
    const one = (a: string[], b: string[]) => sameFileOnWindows(a) === sameFileOnWindows(b);
    expect(one(['guide.md'], ['GUIDE.md'])).toBe(true);
    expect(one(['refs', 'guide.md'], ['Refs. ', 'guide.md '])).toBe(true);
    expect(one(['draft.md'], ['draft.md::$data'])).toBe(true);
    expect(one(['ſkill', 'a.md'], ['SKILL', 'a.md'])).toBe(true);
    expect(one(['notes', '.. ', 'a.md'], ['a.md'])).toBe(true);
  });

  it('keeps apart what NTFS keeps apart: another stream, ß and SS, other names', () => {
    const one = (a: string[], b: string[]) => sameFileOnWindows(a) === sameFileOnWindows(b);
    expect(one(['draft.md'], ['draft.md:notes'])).toBe(false);
    expect(one(['straße.md'], ['STRASSE.md'])).toBe(false);
    expect(one(['guide.md'], ['guide.md.bak'])).toBe(false);
    expect(one(['a', 'guide.md'], ['b', 'guide.md'])).toBe(false);
  });
});
