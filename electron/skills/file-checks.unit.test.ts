// FileChecks by URI for a skill with many listed files: every lookup finds the
// listed file's slot without walking the listing (counted on the listing's
// elements, never timed), and answers exactly as a Map would.
import { describe, expect, it } from 'vitest';
import type { FileCheck } from '../../shared/model.js';
import { countedListing } from './counted-listing.unit.js';
import { FileChecks } from './file-checks.js';

const N = 20_000;
const uriOf = (i: number) => `skill://big/references/f${i}.md`;

const listing = (length: number) => countedListing(length, uriOf);

const verified = (i: number): FileCheck => ({ state: 'verified', digest: `sha256:${i}`, size: i, checkedAt: 'now' });

describe('FileChecks with 20,000 listed files', () => {
  it('gets, sets and lists checks by URI for the first, middle and last files, and for files not listed', () => {
    const { resources } = listing(N);
    const checks = new FileChecks(resources);
    const picked = [0, N / 2, N - 1];
    expect(checks.get(uriOf(N - 1))).toBeUndefined();
    for (const i of picked) checks.set(uriOf(i), verified(i));
    checks.set('skill://big/unlisted.md', { state: 'failed', reason: 'unlisted', message: 'not listed', checkedAt: 'now' });
    // Setting again replaces, and does not count twice.
    checks.set(uriOf(N / 2), verified(N / 2));
    expect(checks.size).toBe(4);
    for (const i of picked) {
      expect(checks.get(uriOf(i))).toEqual(verified(i));
      expect(checks.has(uriOf(i))).toBe(true);
    }
    expect(checks.get(uriOf(1))).toBeUndefined();
    expect(checks.has(uriOf(N - 2))).toBe(false);
    expect(checks.get('skill://big/unknown.md')).toBeUndefined();
    expect(checks.get('skill://big/unlisted.md')).toMatchObject({ state: 'failed', reason: 'unlisted' });
    expect([...checks.keys()]).toEqual([uriOf(0), uriOf(N / 2), uriOf(N - 1), 'skill://big/unlisted.md']);
    expect([...checks.entries()].map(([uri, c]) => [uri, c.state])).toEqual([
      [uriOf(0), 'verified'],
      [uriOf(N / 2), 'verified'],
      [uriOf(N - 1), 'verified'],
      ['skill://big/unlisted.md', 'failed'],
    ]);
    expect([...checks.values()]).toHaveLength(4);
  });

  it('finds a listed file without walking the listing: a lookup per file costs a few element reads, not one per file listed', () => {
    const { resources, reads } = listing(N);
    const checks = new FileChecks(resources);
    // The files at the end of the listing, where a walk from the start costs the most.
    const last = Array.from({ length: 50 }, (_, k) => N - 1 - k);
    for (const i of last) checks.set(uriOf(i), verified(i));
    for (const i of last) expect(checks.get(uriOf(i))?.state).toBe('verified');
    expect(checks.get('skill://big/unknown.md')).toBeUndefined();
    // A walk per lookup would be 100 × 20,000 reads (2 × 10⁶); a lookup table is one walk of the listing.
    expect(reads()).toBeLessThan(3 * N);
    expect(checks.size).toBe(50);
  });

  it('the first of two entries with the same URI holds its check, as a walk of the listing finds it', () => {
    const resources = [...Array.from({ length: 40 }, (_, i) => ({ uri: uriOf(i), digest: 'sha256:0', size: 0 })), { uri: uriOf(3), digest: 'sha256:1', size: 1 }];
    const checks = new FileChecks(resources);
    checks.set(uriOf(3), verified(3));
    expect([...checks.entries()]).toEqual([[uriOf(3), verified(3)]]);
    expect(checks.size).toBe(1);
  });

  it('a small listing answers the same', () => {
    const resources = Array.from({ length: 3 }, (_, i) => ({ uri: uriOf(i), digest: 'sha256:0', size: 0 }));
    const checks = new FileChecks(resources);
    checks.set(uriOf(2), verified(2));
    checks.set('skill://big/other.md', verified(9));
    expect(checks.get(uriOf(2))).toEqual(verified(2));
    expect(checks.get(uriOf(0))).toBeUndefined();
    expect([...checks.keys()]).toEqual([uriOf(2), 'skill://big/other.md']);
  });
});
