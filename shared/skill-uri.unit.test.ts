import { describe, expect, it } from 'vitest';
import { canonicalUri, containment, controlCharactersIn, decodeSegment, describeControlCharacter, describeControlCharacters, isRegName, normaliseSegments, parseSkillUri, parseUri, resolveReference, skillSchemeProblem } from './skill-uri.js';

const SKILL = 'skill://acme/pdf-tools/SKILL.md';

describe('parseUri', () => {
  it('splits scheme, authority and raw segments, lower-casing only the scheme', () => {
    expect(parseUri('SKILL://Acme/a%20b/SKILL.md')).toEqual({ scheme: 'skill', authority: 'Acme', segments: ['a%20b', 'SKILL.md'], hasAuthority: true });
  });

  it('drops query and fragment', () => {
    expect(parseUri('skill://acme/x/SKILL.md?v=1#top')?.segments).toEqual(['x', 'SKILL.md']);
  });

  it('keeps an empty authority (file:///etc)', () => {
    expect(parseUri('file:///etc/passwd')).toEqual({ scheme: 'file', authority: '', segments: ['etc', 'passwd'], hasAuthority: true });
  });

  it('reads a URI without authority', () => {
    expect(parseUri('urn:skills/pdf/SKILL.md')).toEqual({ scheme: 'urn', authority: '', segments: ['skills', 'pdf', 'SKILL.md'], hasAuthority: false });
  });

  it.each(['', 'pdf-tools/SKILL.md', '/abs/SKILL.md', '1abc://x', '://x'])('refuses %j (no scheme)', (uri) => {
    expect(parseUri(uri)).toBeUndefined();
  });
});

describe('decodeSegment and normaliseSegments', () => {
  it('decodes escapes and keeps an invalid one as written', () => {
    expect(decodeSegment('a%20b')).toBe('a b');
    expect(decodeSegment('100%')).toBe('100%');
  });

  it('resolves . and .. (also encoded) and says when .. climbs above the start', () => {
    expect(normaliseSegments(['a', '.', 'b', '..', 'c'])).toEqual({ segments: ['a', 'c'], escaped: false, hadDots: true });
    expect(normaliseSegments(['a', '%2E%2e', '..'])).toEqual({ segments: [], escaped: true, hadDots: true });
    expect(normaliseSegments(['a', 'b'])).toEqual({ segments: ['a', 'b'], escaped: false, hadDots: false });
  });

  it('splits an encoded slash or backslash as a separator', () => {
    expect(normaliseSegments(['a', 'b%2F..%2F..%5Cc'])).toEqual({ segments: ['c'], escaped: false, hadDots: true });
    expect(normaliseSegments(['a%2F..%2F..%2Fetc'])).toEqual({ segments: ['etc'], escaped: true, hadDots: true });
  });
});

describe('parseSkillUri', () => {
  it('gives root, skill path, final segment and prefix', () => {
    expect(parseSkillUri('skill://acme/tools/pdf-tools/SKILL.md')).toEqual({
      ok: true,
      parts: { scheme: 'skill', root: 'skill://acme/tools/pdf-tools', skillPath: ['acme', 'tools', 'pdf-tools'], finalSegment: 'pdf-tools', prefix: 'acme/tools', authority: 'acme' },
    });
  });

  it('takes a one-segment skill: the authority is the name and there is no prefix', () => {
    expect(parseSkillUri('skill://pdf-tools/SKILL.md')).toMatchObject({ ok: true, parts: { finalSegment: 'pdf-tools', prefix: '', skillPath: ['pdf-tools'] } });
  });

  it('accepts an empty authority before the skill path, as in file:///', () => {
    expect(parseSkillUri('file:///skills/pdf/SKILL.md')).toMatchObject({ ok: true, parts: { scheme: 'file', root: 'file:///skills/pdf', finalSegment: 'pdf', prefix: '/skills', authority: '' } });
  });

  it('decodes the final segment', () => {
    expect(parseSkillUri('skill://acme/pdf%20tools/SKILL.md')).toMatchObject({ ok: true, parts: { finalSegment: 'pdf tools' } });
  });

  it('parses other schemes too: being a skill is the server’s word, not the scheme’s', () => {
    expect(parseSkillUri('https://example.com/skills/pdf/SKILL.md')).toMatchObject({ ok: true, parts: { scheme: 'https', finalSegment: 'pdf', prefix: 'example.com/skills' } });
    expect(parseSkillUri('urn:x/pdf/SKILL.md')).toMatchObject({ ok: true, parts: { scheme: 'urn', finalSegment: 'pdf' } });
  });

  it.each([
    ['pdf/SKILL.md', 'it is not an absolute URI (no scheme)'],
    ['skill://acme/pdf/README.md', 'it does not end in /SKILL.md after at least one skill-path segment'],
    ['skill://acme/pdf/skill.md', 'it does not end in /SKILL.md after at least one skill-path segment'],
    ['skill:///SKILL.md', 'it has an empty skill-path segment'],
    ['skill://acme//SKILL.md', 'it has an empty skill-path segment'],
    ['skill://acme/../pdf/SKILL.md', 'it contains "." or ".." segments'],
    ['skill://acme/%2e/pdf/SKILL.md', 'it contains "." or ".." segments'],
  ])('refuses %j: %s', (uri, reason) => {
    expect(parseSkillUri(uri)).toEqual({ ok: false, reason });
  });
});

describe('canonicalUri', () => {
  it('makes equivalent spellings equal', () => {
    expect(canonicalUri('SKILL://acme/pdf-tools/%67uide.md')).toBe(canonicalUri('skill://acme/pdf-tools/guide.md'));
    expect(canonicalUri('skill://acme/pdf-tools/./a/../guide.md')).toBe('skill://acme/pdf-tools/guide.md');
    expect(canonicalUri('skill://acme/a b.md')).toBe('skill://acme/a%20b.md');
  });

  it('keeps different files different, including case', () => {
    expect(canonicalUri('skill://acme/Guide.md')).not.toBe(canonicalUri('skill://acme/guide.md'));
  });

  it('returns a non-URI unchanged', () => {
    expect(canonicalUri('not a uri')).toBe('not a uri');
  });
});

describe('containment', () => {
  it('finds a file inside the skill directory, with its relative path', () => {
    expect(containment('skill://acme/pdf-tools/references/guide.md', SKILL)).toEqual({ inside: true, relativePath: 'references/guide.md' });
    expect(containment('SKILL://acme/pdf-tools/a%20b.md', SKILL)).toEqual({ inside: true, relativePath: 'a b.md' });
  });

  it.each([
    ['https://acme/pdf-tools/x.md', 'other-scheme'],
    ['skills://acme/pdf-tools/x.md', 'other-scheme'],
    ['skill:acme/pdf-tools/x.md', 'other-scheme'],
    ['file:///etc/passwd', 'file-uri'],
    ['skill://acme/other/x.md', 'outside'],
    ['skill://acme/pdf-tools-evil/x.md', 'outside'],
    ['skill://acme/pdf-tools', 'outside'],
    ['skill://acme/pdf-tools/../other/x.md', 'traversal'],
    ['skill://acme/pdf-tools/%2e%2e/other/x.md', 'traversal'],
    ['skill://acme/pdf-tools/%2E%2E%2Fother%2Fx.md', 'traversal'],
    ['skill://acme/pdf-tools/a%2F..%2F..%2Fx.md', 'traversal'],
    ['skill://acme/../../etc/passwd', 'traversal'],
    ['skill://acme/pdf-tools/./x.md', 'traversal'],
    ['skill://acme/pdf-tools/sub/../x.md', 'traversal'],
    // A backslash that hides ".." is traversal; a plain file name with one (the SDK's x%5Cy.md) is not, but is no file of the skill on Windows.
    ['skill://acme/pdf-tools/..%5C..%5Cx.md', 'traversal'],
    ['skill://acme/pdf-tools/sub/..%5Cx.md', 'traversal'],
    ['skill://acme/pdf-tools/x%5Cy.md', 'backslash'],
    ['skill://acme/pdf-tools/sub/x%5Cy%5Cz.md', 'backslash'],
    ['x.md', 'not-a-uri'],
  ])('%s is not inside (%s)', (uri, reason) => {
    expect(containment(uri, SKILL)).toMatchObject({ inside: false, reason });
  });

  it('says in the detail what is wrong', () => {
    expect(containment('skill://acme/other/x.md', SKILL)).toEqual({ inside: false, reason: 'outside', detail: '"skill://acme/other/x.md" is not under skill://acme/pdf-tools/' });
    expect(containment('skill://acme/pdf-tools/x%5Cy.md', SKILL)).toEqual({ inside: false, reason: 'backslash', detail: 'the file name x\\y.md in "skill://acme/pdf-tools/x%5Cy.md" holds a backslash, which Windows hosts read as a folder separator' });
  });

  it('lets a file: skill contain file: files', () => {
    expect(containment('file:///skills/pdf/a.md', 'file:///skills/pdf/SKILL.md')).toEqual({ inside: true, relativePath: 'a.md' });
  });

  it('treats a name that merely contains %2e%2e as an ordinary file', () => {
    expect(containment('skill://acme/pdf-tools/%2e%2e.md', SKILL)).toEqual({ inside: true, relativePath: '...md' });
  });
});

describe('resolveReference', () => {
  it('resolves a relative path against the skill root', () => {
    expect(resolveReference('references/guide.md', SKILL)).toEqual({ kind: 'skill-file', uri: 'skill://acme/pdf-tools/references/guide.md', relativePath: 'references/guide.md' });
    expect(resolveReference('./references/guide.md', SKILL)).toMatchObject({ uri: 'skill://acme/pdf-tools/references/guide.md' });
  });

  it('keeps .. that stays inside, and refuses .. that escapes', () => {
    expect(resolveReference('references/../scripts/run.sh', SKILL)).toMatchObject({ kind: 'skill-file', relativePath: 'scripts/run.sh' });
    expect(resolveReference('../other/SKILL.md', SKILL)).toEqual({ kind: 'escapes', reference: '../other/SKILL.md' });
    expect(resolveReference('%2e%2e/other/SKILL.md', SKILL)).toMatchObject({ kind: 'escapes' });
  });

  it('keeps the fragment and drops the query', () => {
    expect(resolveReference('guide.md?x=1#setup', SKILL)).toEqual({ kind: 'skill-file', uri: 'skill://acme/pdf-tools/guide.md', relativePath: 'guide.md', fragment: 'setup' });
  });

  it('reads a bare anchor as an anchor, also after ./', () => {
    expect(resolveReference('#usage', SKILL)).toEqual({ kind: 'anchor', fragment: 'usage' });
    expect(resolveReference('./#usage', SKILL)).toEqual({ kind: 'anchor', fragment: 'usage' });
  });

  it('reads http(s) and mailto as external', () => {
    expect(resolveReference('https://example.com/x', SKILL)).toEqual({ kind: 'external', url: 'https://example.com/x' });
    expect(resolveReference('HTTP://example.com', SKILL)).toMatchObject({ kind: 'external' });
    expect(resolveReference('mailto:a@b.c', SKILL)).toMatchObject({ kind: 'external' });
  });

  it('reads other schemes and protocol-relative links as other URIs, never as skill files', () => {
    expect(resolveReference('skill://acme/other/SKILL.md', SKILL)).toEqual({ kind: 'other-uri', uri: 'skill://acme/other/SKILL.md' });
    expect(resolveReference('file:///etc/passwd', SKILL)).toMatchObject({ kind: 'other-uri' });
    expect(resolveReference('//evil.example/x', SKILL)).toMatchObject({ kind: 'other-uri' });
  });

  it('reads a leading / as the skill root', () => {
    expect(resolveReference('/references/guide.md', SKILL)).toMatchObject({ kind: 'skill-file', uri: 'skill://acme/pdf-tools/references/guide.md' });
  });

  it('encodes the resolved path', () => {
    expect(resolveReference('my file.md', SKILL)).toEqual({ kind: 'skill-file', uri: 'skill://acme/pdf-tools/my%20file.md', relativePath: 'my file.md' });
  });

  it('refuses a reference that resolves to the root itself', () => {
    expect(resolveReference('.', SKILL)).toMatchObject({ kind: 'escapes' });
  });
});

describe('isRegName', () => {
  it.each(['acme', 'a.b-c_d~e', "x!$&'()*+,;=", 'a%2Fb', ''])('accepts %j', (authority) => {
    expect(isRegName(authority)).toBe(true);
  });

  it.each(['acme:8080', 'user@host', 'a b', '[::1]', 'a%2', 'ünï'])('refuses %j', (authority) => {
    expect(isRegName(authority)).toBe(false);
  });
});

describe('skillSchemeProblem', () => {
  it.each(['skill://acme/pdf/SKILL.md', 'SKILL://acme/pdf/SKILL.md', 'Skill:///pdf/SKILL.md', 'no-scheme/SKILL.md'])('has nothing to say about %j', (uri) => {
    expect(skillSchemeProblem(uri)).toBeUndefined();
  });

  it.each([
    ['file:///etc/pdf/SKILL.md', 'file', 'file'],
    ['file:/etc/pdf/SKILL.md', 'file', 'file'],
    ['FILE://host/pdf/SKILL.md', 'file', 'FILE'],
    ['fIlE:/x/SKILL.md', 'file', 'fIlE'],
    ['https://example.com/pdf/SKILL.md', 'https', 'https'],
    ['HTTP://example.com/pdf/SKILL.md', 'http', 'HTTP'],
    ['data:text/markdown,---%0Aname%3A%20x%0A---', 'data', 'data'],
    ['skill:pdf/SKILL.md', 'skill', 'skill'],
    ['urn:skills:pdf', 'urn', 'urn'],
    ['github://acme/pdf/SKILL.md', 'github', 'github'],
  ])('names the scheme of %j', (uri, scheme, written) => {
    expect(skillSchemeProblem(uri)).toMatchObject({ scheme, written, why: expect.any(String) });
  });

  it('says why each kind is dangerous', () => {
    expect(skillSchemeProblem('file:///x/SKILL.md')?.why).toContain('own disk');
    expect(skillSchemeProblem('https://x/SKILL.md')?.why).toContain('from the web');
    expect(skillSchemeProblem('data:,x')?.why).toContain('carries its own content');
  });
});

describe('controlCharactersIn', () => {
  it('finds every C0 control, DEL and C1 control, with its offset', () => {
    expect(controlCharactersIn('skill://a\n/b\u0000c\u007f\u0085\u009f/SKILL.md')).toEqual([
      { codePoint: 0x0a, index: 9 },
      { codePoint: 0x00, index: 12 },
      { codePoint: 0x7f, index: 14 },
      { codePoint: 0x85, index: 15 },
      { codePoint: 0x9f, index: 16 },
    ]);
  });

  it('finds the bidirectional controls RFC 3987 bars from identifiers', () => {
    expect(controlCharactersIn('skill://a/\u202eexe.md\u2066\u061c').map((c) => describeControlCharacter(c.codePoint))).toEqual(['U+202E (RLO, a bidirectional control)', 'U+2066 (LRI, a bidirectional control)', 'U+061C (ALM, a bidirectional control)']);
  });

  it('leaves ordinary, non-ASCII and other invisible characters alone (the review rules judge those)', () => {
    expect(controlCharactersIn('skill://acme/pdf tools/é中😀\u00a0\u200b\u2060/SKILL.md%0A%E2%80%AE')).toEqual([]);
  });

  it('describes them by code point and name', () => {
    expect(describeControlCharacter(0)).toBe('U+0000 (NUL)');
    expect(describeControlCharacter(0x0d)).toBe('U+000D (CR)');
    expect(describeControlCharacter(0x7f)).toBe('U+007F (DEL)');
    expect(describeControlCharacter(0x9b)).toBe('U+009B (C1 control)');
    expect(describeControlCharacters(controlCharactersIn('\u0001\u0002\u0003\u0004\u0005'))).toBe('U+0001 (SOH) at character 1, U+0002 (STX) at character 2, U+0003 (ETX) at character 3 and 2 more');
  });
});

describe('a lone UTF-16 surrogate (no URI can carry one)', () => {
  const LONE_FILE = 'skill://acme/pdf-tools/x\ud800.md';
  it('canonicalUri does not throw, and the URI equals no well-formed one', () => {
    expect(() => canonicalUri(LONE_FILE)).not.toThrow();
    expect(canonicalUri(LONE_FILE)).toBe(LONE_FILE);
    expect(canonicalUri(canonicalUri(LONE_FILE))).toBe(canonicalUri(LONE_FILE));
    expect(canonicalUri('skill://acme/pdf-tools/x\udc00.md')).not.toBe(canonicalUri(LONE_FILE));
    expect(canonicalUri('skill://acme/pdf-tools/x\ufffd.md')).not.toBe(canonicalUri(LONE_FILE));
    expect(canonicalUri(`${SKILL}\ud800`)).not.toBe(canonicalUri(SKILL));
  });

  it('a surrogate pair is fine', () => {
    expect(canonicalUri('skill://acme/pdf-tools/x\ud83d\ude00.md')).toBe('skill://acme/pdf-tools/x%F0%9F%98%80.md');
  });

  it('parseSkillUri says why, rather than throwing', () => {
    expect(parseSkillUri('skill://acme/pdf\udfff/SKILL.md')).toEqual({ ok: false, reason: expect.stringMatching(/lone UTF-16 surrogate \(U\+DFFF at character 17\)/) });
  });

  it('containment puts such a file outside the skill, and says why', () => {
    expect(containment(LONE_FILE, SKILL)).toEqual({ inside: false, reason: 'not-a-uri', detail: expect.stringMatching(/lone UTF-16 surrogate \(U\+D800 at character 25\)/) });
    expect(containment('skill://acme/pdf\ud800/a.md', 'skill://acme/pdf\ud800/SKILL.md')).toMatchObject({ inside: false, reason: 'not-a-uri' });
  });

  it('resolveReference does not throw on a reference holding one', () => {
    expect(() => resolveReference('x\ud800.md', SKILL)).not.toThrow();
    expect(resolveReference('x\ud800.md', SKILL).kind).not.toBe('skill-file');
  });
});
