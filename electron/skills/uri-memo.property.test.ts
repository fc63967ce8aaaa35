// The shortcut that calls a URI canonical without parsing it agrees with
// the full computation: whenever it says so, canonicalUri gives the URI back
// unchanged. Built from URI pieces that canonicalisation does change
// (upper-case schemes, escapes, dot segments, empty and trailing segments,
// backslashes, queries) and ones it does not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUri as computeCanonicalUri, containment as computeContainment } from '../../shared/skill-uri.js';
import { canonicalUri, containment, isPlainCanonical } from './uri-memo.js';

const scheme = fc.constantFrom('skill', 'Skill', 'SKILL', 'file', 'git+ssh', 'a.b-c', 'x1', '1x', '');
const segment = fc
  .array(fc.constantFrom('a', 'Z', '0', '-', '_', '.', '..', '!', '~', '*', "'", '(', ')', '%2e', '%2F', '%41', '%', '\\', '?', '#', ' ', 'é', '+', '=', ':', '@', ',', ';', '$', '&'), { maxLength: 4 })
  .map((p) => p.join(''));
const uri = fc.tuple(scheme, fc.constantFrom('://', ':/', ':', '://'), fc.array(segment, { minLength: 0, maxLength: 5 })).map(([s, sep, segs]) => `${s}${sep}${segs.join('/')}`);
/** URIs as servers list them, nearly all plain. */
const listed = fc
  .tuple(fc.stringMatching(/^[a-z0-9-]{1,12}$/), fc.array(fc.stringMatching(/^[a-zA-Z0-9._-]{1,12}$/), { minLength: 1, maxLength: 4 }))
  .map(([authority, path]) => `skill://${authority}/${path.join('/')}`);

describe('isPlainCanonical (property-based)', () => {
  it('says "canonical" only of URIs canonicalUri leaves unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(uri, listed), (u) => {
        if (isPlainCanonical(u)) expect(computeCanonicalUri(u)).toBe(u);
        expect(canonicalUri(u)).toBe(computeCanonicalUri(u));
      }),
      { numRuns: 20_000 },
    );
  });

  it('recognises the URIs servers list, except dot segments', () => {
    fc.assert(
      fc.property(listed, (u) => {
        expect(isPlainCanonical(u)).toBe(!u.split('/').slice(2).some((s) => s === '.' || s === '..'));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('containment, remembered', () => {
  it("never answers one pair of URIs with another pair's result (a line feed in a URI is data)", () => {
    // Joined with "\n", these two pairs made the same memo key, and the second was answered "inside".
    expect(containment('skill://x/a\nb.md', 'skill://x/SKILL.md')).toEqual({ inside: true, relativePath: 'a\nb.md' });
    expect(containment('b.md', 'skill://x/SKILL.md\nskill://x/a')).toMatchObject({ inside: false, reason: 'not-a-uri' });
    fc.assert(
      fc.property(fc.constantFrom('skill://x/SKILL.md', 'skill://x/SKILL.md\nskill://x', 'skill://x'), fc.constantFrom('a.md', '\nskill://x/a.md', 'skill://x/a.md', '/a.md'), (skill, file) => {
        expect(containment(file, skill)).toEqual(computeContainment(file, skill));
      }),
      { numRuns: 200 },
    );
  });
});
