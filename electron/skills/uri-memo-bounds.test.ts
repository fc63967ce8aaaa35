// The URI memo holds at most 4,096 entries, and before this bound held them
// whatever their length: a server's listings, or a host holding the gateway's
// token sending reads of thousands of distinct 4 MB URIs, kept gigabytes in
// the main process. URIs past MAX_REMEMBERED_URI_LENGTH are computed each
// time, with the same answers, and never held.
import { describe, expect, it } from 'vitest';
import { canonicalUri as computeCanonicalUri, containment as computeContainment } from '../../shared/skill-uri.js';
import { MAX_REMEMBERED_URI_LENGTH, canonicalUri, containment, rememberedCount } from './uri-memo.js';

describe('the URI memo', () => {
  it('does not hold a URI longer than its bound, and answers it as the full computation does', () => {
    const long = (n: number) => `skill://acme/${String(n).padStart(8, '0')}${'%41'.repeat(MAX_REMEMBERED_URI_LENGTH)}/SKILL.md`;
    const before = rememberedCount();
    for (let n = 0; n < 50; n++) {
      expect(canonicalUri(long(n))).toBe(computeCanonicalUri(long(n)));
      expect(containment(`${long(n).slice(0, -'SKILL.md'.length)}guide.md`, long(n))).toEqual(computeContainment(`${long(n).slice(0, -'SKILL.md'.length)}guide.md`, long(n)));
    }
    expect(rememberedCount()).toBe(before);
  });

  it('still holds a URI of ordinary length', () => {
    const uri = `skill://acme/bounds-${Date.now()}/SKILL.md`;
    const before = rememberedCount();
    canonicalUri(uri);
    containment(uri.replace('SKILL.md', 'guide.md'), uri);
    expect(rememberedCount()).toBe(before + 2);
  });
});
