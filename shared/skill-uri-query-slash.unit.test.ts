// What canonicalUri sets aside that still names another resource: a query and
// a "/" ending the path (RFC 3986 §6.2.3). canonicalUri itself is unchanged,
// so files and approvals keyed by it bind as before.
import { describe, expect, it } from 'vitest';
import { canonicalUri, containment, parseSkillUri, resolveReference, skillRootOf } from './skill-uri.js';
import { describeQueryAndSlash, queryAndSlashKey, queryAndSlashOf, withoutQueryOrSlash } from './uri-query-slash.js';

const GUIDE = 'skill://acme/pdf-tools/references/guide.md';

describe('queryAndSlashOf', () => {
  it('finds the query (also when empty) and a trailing "/", and never a "?" inside the fragment', () => {
    expect(queryAndSlashOf(GUIDE)).toEqual({ query: undefined, trailingSlash: false });
    expect(queryAndSlashOf(`${GUIDE}?v=2`)).toEqual({ query: 'v=2', trailingSlash: false });
    expect(queryAndSlashOf(`${GUIDE}?`)).toEqual({ query: '', trailingSlash: false });
    expect(queryAndSlashOf(`${GUIDE}/`)).toEqual({ query: undefined, trailingSlash: true });
    expect(queryAndSlashOf(`${GUIDE}/?a=b#c`)).toEqual({ query: 'a=b', trailingSlash: true });
    expect(queryAndSlashOf(`${GUIDE}#top?x`)).toEqual({ query: undefined, trailingSlash: false });
    expect(queryAndSlashOf(`${GUIDE}#x/`)).toEqual({ query: undefined, trailingSlash: false });
    // An encoded "?" is part of the file's name, not a query.
    expect(queryAndSlashOf(GUIDE.replace('guide.md', 'guide%3Fmd'))).toEqual({ query: undefined, trailingSlash: false });
  });

  it('keys and words', () => {
    expect([GUIDE, `${GUIDE}?v=2`, `${GUIDE}/`, `${GUIDE}/?v=2`, `${GUIDE}#top`].map(queryAndSlashKey)).toEqual(['', '?v=2', '/', '/?v=2', '']);
    expect(describeQueryAndSlash(GUIDE)).toBeUndefined();
    expect(describeQueryAndSlash(`${GUIDE}#top`)).toBeUndefined();
    expect(describeQueryAndSlash(`${GUIDE}?v=2`)).toBe('a query ("?v=2")');
    expect(describeQueryAndSlash(`${GUIDE}/?`)).toBe('a trailing "/" and a query ("?")');
    expect([`${GUIDE}?v=2`, `${GUIDE}/`, `${GUIDE}//#x`, GUIDE].map(withoutQueryOrSlash)).toEqual([GUIDE, GUIDE, GUIDE, GUIDE]);
  });

  it('leaves canonicalUri as it was: the query and the trailing "/" are still set aside there', () => {
    expect([`${GUIDE}?v=2`, `${GUIDE}/`, `${GUIDE}#top`].map(canonicalUri)).toEqual([GUIDE, GUIDE, GUIDE]);
  });
});

// A skill's own URI with a query or a trailing "/" (skill://x/SKILL.md?v=2, …/SKILL.md/): its path must end in
// SKILL.md (SEP-2640 §URI), so it is no SKILL.md URI. Before, parseSkillUri took …?v=2 for one and cut
// "/SKILL.md".length characters off the end for its root, giving skill://acme/pdf-tools/SKI; resolveReference
// cut the same way, so every relative link of such a skill pointed into a folder that does not exist.
describe('a skill URI with a query or a trailing "/"', () => {
  const SKILL = 'skill://acme/pdf-tools/SKILL.md';
  const why = (how: string) => `it has ${how}, so it names another resource than "${SKILL}": a skill's URI is <scheme>://<skill-path>/SKILL.md, its path ending in SKILL.md`;

  it('parseSkillUri refuses it and says why', () => {
    expect(parseSkillUri(`${SKILL}?v=2`)).toEqual({ ok: false, reason: why('a query ("?v=2")') });
    expect(parseSkillUri(`${SKILL}?`)).toEqual({ ok: false, reason: why('a query ("?")') });
    expect(parseSkillUri(`${SKILL}/`)).toEqual({ ok: false, reason: why('a trailing "/"') });
    expect(parseSkillUri(`${SKILL}/?v=2#top`)).toEqual({ ok: false, reason: why('a trailing "/" and a query ("?v=2")') });
    // Not a SKILL.md URI with or without them: the plain reason.
    expect(parseSkillUri('skill://acme/pdf-tools/README.md?v=2')).toEqual({ ok: false, reason: 'it does not end in /SKILL.md after at least one skill-path segment' });
  });

  it("the root is the folder holding SKILL.md, however the URI spells it", () => {
    for (const uri of [SKILL, `${SKILL}#top`, 'skill://acme/pdf-tools/SKILL%2Emd', 'skill://acme/pdf-tools/%53KILL.md#x?y']) {
      expect(parseSkillUri(uri), uri).toMatchObject({ ok: true, parts: { root: 'skill://acme/pdf-tools', finalSegment: 'pdf-tools' } });
    }
    expect(skillRootOf(`${SKILL}?v=2`)).toBe('skill://acme/pdf-tools');
    expect(skillRootOf(`${SKILL}/`)).toBe('skill://acme/pdf-tools');
    expect(skillRootOf('file:///skills/pdf/SKILL.md')).toBe('file:///skills/pdf');
  });

  it('resolveReference resolves links against that folder, never a cut-off one', () => {
    for (const uri of [`${SKILL}?v=2`, `${SKILL}?`, `${SKILL}/`, `${SKILL}#top`, 'skill://acme/pdf-tools/SKILL%2Emd']) {
      expect(resolveReference('references/guide.md', uri), uri).toEqual({ kind: 'skill-file', uri: GUIDE, relativePath: 'references/guide.md' });
    }
  });

  it('containment names that folder, and a trailing "/" does not put the skill\'s files outside it', () => {
    expect(containment(GUIDE, `${SKILL}/`)).toEqual({ inside: true, relativePath: 'references/guide.md' });
    expect(containment('skill://acme/other/guide.md', `${SKILL}?v=2`)).toEqual({ inside: false, reason: 'outside', detail: '"skill://acme/other/guide.md" is not under skill://acme/pdf-tools/' });
  });
});
