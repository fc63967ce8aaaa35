// Lockfiles nobody here wrote: a pull request, a hand edit, another tool, a
// disk that cut the file short. Each is refused with the file and the place
// named, or read as what it plainly says — never read as something other than
// what a person reviewing its text sees.
import { describe, expect, it } from 'vitest';
import { LockfileError, parseLockfile } from './lockfile.js';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;

function parseError(text: string): string {
  try {
    parseLockfile(text, 'skills.lock.json');
  } catch (error) {
    expect(error).toBeInstanceOf(LockfileError);
    return (error as Error).message;
  }
  throw new Error('expected a LockfileError');
}

describe('a key named more than once', () => {
  it('a file digest given twice: refused, naming the object and both lines, not read as the last', () => {
    const text = [
      '{',
      '  "lockfileVersion": 1,',
      '  "servers": {',
      '    "prod": {',
      '      "skills": {',
      '        "skill://a/SKILL.md": {',
      '          "name": "a",',
      `          "resources": [{ "uri": "skill://a/SKILL.md", "digest": "${D1}", "size": 10,`,
      `                          "digest": "${D2}" }]`,
      '        }',
      '      }',
      '    }',
      '  }',
      '}',
    ].join('\n');
    expect(parseError(text)).toBe(
      'skills.lock.json: "digest" is named more than once in servers.prod.skills["skill://a/SKILL.md"].resources[0] (lines 8 and 9): a JSON reader keeps only the last, so the file would not pin what it shows first. Keep one.',
    );
  });

  it('a server section, a skill, or the version given twice, spelled the same or with escapes', () => {
    const section = (skills: string) => `{"skills": {${skills}}}`;
    const skill = (digest: string) => `{"name": "a", "resources": [{"uri": "skill://a/SKILL.md", "digest": "${digest}", "size": 1}]}`;
    expect(parseError(`{"lockfileVersion": 1, "servers": {"prod": ${section('')},\n"prod": ${section('')}}}`)).toBe(
      'skills.lock.json: "prod" is named more than once in servers (lines 1 and 2): a JSON reader keeps only the last, so the file would not pin what it shows first. Keep one.',
    );
    expect(parseError(`{"lockfileVersion": 1, "servers": {"prod": ${section(`"skill://a/SKILL.md": ${skill(D1)},\n"skill://\\u0061/SKILL.md": ${skill(D2)}`)}}}`)).toBe(
      'skills.lock.json: "skill://a/SKILL.md" is named more than once in servers.prod.skills (lines 1 and 2): a JSON reader keeps only the last, so the file would not pin what it shows first. Keep one.',
    );
    expect(parseError('{"lockfileVersion": 1, "servers": {}, "lockfileVersion": 1}')).toBe(
      'skills.lock.json: "lockfileVersion" is named more than once at the top level (lines 1 and 1): a JSON reader keeps only the last, so the file would not pin what it shows first. Keep one.',
    );
    expect(parseError('{"lockfileVersion": 1, "servers": {"__proto__": {"skills": {}}, "__proto__": {"skills": {}}}}')).toMatch(/"__proto__" is named more than once in servers/);
  });

  it('the same key in different objects, or inside strings and arrays, is no repeat', () => {
    const text = JSON.stringify({
      lockfileVersion: 1,
      generator: '"name": "name":',
      servers: {
        a: { skills: { 'skill://x/SKILL.md': { name: 'x', resources: [{ uri: 'skill://x/SKILL.md', digest: D1, size: 1 }, { uri: 'skill://x/b.md', digest: D1, size: 1 }] } } },
        b: { skills: { 'skill://x/SKILL.md': { name: 'x', resources: 'dynamic' } } },
      },
    });
    expect(Object.keys(parseLockfile(text, 'f').servers)).toEqual(['a', 'b']);
  });

  it('a file nested 200,000 levels deep is read without overflowing a stack: a clear error for the field', () => {
    const deep = `{"lockfileVersion": 1, "servers": {"p": {"skills": {"s": {"name": "s", "resources": ${'['.repeat(200_000)}${']'.repeat(200_000)}}}}}}`;
    expect(parseError(deep)).toBe('skills.lock.json: servers.p.skills.s.resources[0]: Invalid input: expected object, received array.');
  });
});

describe('a lockfile saved by a Windows editor', () => {
  const lockfile = { lockfileVersion: 1, servers: { prod: { skills: { 'skill://a/SKILL.md': { name: 'a', resources: [{ uri: 'skill://a/SKILL.md', digest: D1, size: 10 }] } } } } };
  const text = JSON.stringify(lockfile, null, 2);

  it('with a byte order mark and CRLF line ends reads as the same lockfile', () => {
    expect(parseLockfile(`\uFEFF${text.replaceAll('\n', '\r\n')}\r\n`, 'f')).toEqual(parseLockfile(text, 'f'));
    expect(parseLockfile(`\uFEFF${text}`, 'f').servers['prod']!.skills['skill://a/SKILL.md']!.resources).toEqual([{ uri: 'skill://a/SKILL.md', digest: D1, size: 10 }]);
  });

  it('a mark anywhere else is not JSON', () => {
    expect(parseError(`${text.slice(0, 1)}\uFEFF${text.slice(1)}`)).toMatch(/^skills\.lock\.json: not valid JSON/);
  });
});

describe('a file list with a wrong entry', () => {
  const withResources = (resources: string) => `{"lockfileVersion": 1, "servers": {"p": {"skills": {"s": {"name": "s", "resources": ${resources}}}}}}`;
  const file = (fields: string) => `{"uri": "skill://s/SKILL.md", "digest": "${D1}", ${fields}}`;

  it('names the entry and what is wrong with it', () => {
    expect(parseError(withResources(`[${file('"size": 1')}, null]`))).toBe('skills.lock.json: servers.p.skills.s.resources[1]: Invalid input: expected object, received null.');
    expect(parseError(withResources(`[${file('"size": 1e400')}]`))).toBe('skills.lock.json: servers.p.skills.s.resources[0].size: Invalid input: expected number, received Infinity.');
    expect(parseError(withResources(`[${file('"size": "12"')}]`))).toBe('skills.lock.json: servers.p.skills.s.resources[0].size: Invalid input: expected number, received string.');
    expect(parseError(withResources(`[${file('"size": 1.5')}]`))).toBe('skills.lock.json: servers.p.skills.s.resources[0].size: must be a whole number of bytes.');
    expect(parseError(withResources(`[{"uri": "", "digest": "sha256:x", "size": 1}]`))).toBe(
      'skills.lock.json: servers.p.skills.s.resources[0].uri: must be a non-empty URI; servers.p.skills.s.resources[0].digest: must be "sha256:" followed by 64 lowercase hex digits.',
    );
  });

  it('something that is neither a list nor "dynamic" says what it must be', () => {
    for (const value of ['"Dynamic"', '{}', '5', 'null']) expect(parseError(withResources(value))).toBe('skills.lock.json: servers.p.skills.s.resources: must be a list of {uri, digest, size} or "dynamic".');
    expect(parseLockfile(withResources('"dynamic"'), 'f').servers['p']!.skills['s']!.resources).toBe('dynamic');
    expect(parseLockfile(withResources('[]'), 'f').servers['p']!.skills['s']!.resources).toEqual([]);
  });
});

describe('a lockfile that is not JSON says where', () => {
  // Line 5 is `      "skills": {`, line 7 `          "name": "a",`.
  const text = JSON.stringify({ lockfileVersion: 1, servers: { prod: { skills: { 'skill://a/SKILL.md': { name: 'a', resources: 'dynamic' } } } } }, null, 2);
  const lines = text.split('\n');
  const edited = (line: number, edit: (l: string) => string) => lines.map((l, i) => (i === line - 1 ? edit(l) : l)).join('\n');

  it('cut short, between values or in a string: the line and column where it stops', () => {
    expect(parseError(text.slice(0, 60))).toBe(`skills.lock.json: not valid JSON at line 5, column 6 (Expected property name or '}' in JSON at position 60).`);
    expect(parseError(text.slice(0, text.indexOf('"name"') + 3))).toBe('skills.lock.json: not valid JSON at line 7, column 14 (Unterminated string in JSON at position 118).');
    expect(parseError('')).toBe('skills.lock.json: not valid JSON at line 1, column 1 (Unexpected end of JSON input).');
  });

  it('a comment, a trailing comma, a character that starts no token: the line and column of it', () => {
    expect(parseError(edited(3, (l) => `${l} // reviewed`))).toMatch(/^skills\.lock\.json: not valid JSON at line 3, column 16 \(/);
    expect(parseError(edited(2, (l) => `${l} ,`))).toMatch(/^skills\.lock\.json: not valid JSON at line 2, column 25 \(/);
    // JSON.parse names no position for these: the scanner finds the character.
    expect(parseError(edited(5, (l) => l.replace('"skills": {', '"skills": \u0007{')))).toMatch(/^skills\.lock\.json: not valid JSON at line 5, column 17 \(Unexpected token/);
    expect(parseError(edited(7, (l) => l.replace('"a"', '#a')))).toMatch(/^skills\.lock\.json: not valid JSON at line 7, column 19 \(Unexpected token/);
  });
});
