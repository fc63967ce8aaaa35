// What canonicalUri sets aside that still names another resource: a query and
// a "/" ending the path (RFC 3986 §6.2.3). canonicalUri itself is unchanged,
// so files and approvals keyed by it bind as before.
import { describe, expect, it } from 'vitest';
import { canonicalUri, describeQueryAndSlash, queryAndSlashKey, queryAndSlashOf, withoutQueryOrSlash } from './skill-uri.js';

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
