import { describe, expect, it } from 'vitest';
import { finding } from '../../shared/findings.js';
import { applySuppressions, suppressionFingerprint, suppressionFor, type GrantedSuppression } from './suppressions.js';

const SKILL = 'skill://a/SKILL.md';
const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;
const risk = finding('risk-fetch-and-run', 'Pipes a download into a shell.', { skillUri: SKILL, fileUri: SKILL, line: 7, column: 1 });
const other = finding('risk-external-url', 'Links to https://example.com.', { skillUri: SKILL, fileUri: SKILL, line: 9 });
const reviewer = { name: 'Alice', fingerprint: 'SHA256:abc' };

function granted(expires: string, until = expires, fileDigest = D1): GrantedSuppression {
  return { suppression: suppressionFor(risk, fileDigest, 'SKILL.md', { reason: 'Reviewed', owner: 'platform', expires }), receipt: 'a.json', skillUri: SKILL, reviewer, until };
}

describe('suppressions', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const digests = (d: string) => (uri: string) => (uri === SKILL ? d : undefined);

  it('the fingerprint names the finding: the same for the same finding, another for another line or evidence', () => {
    expect(suppressionFingerprint(risk)).toBe(suppressionFingerprint({ ...risk }));
    expect(suppressionFingerprint(risk)).not.toBe(suppressionFingerprint({ ...risk, location: { ...risk.location, line: 8 } }));
    expect(suppressionFingerprint(risk)).not.toBe(suppressionFingerprint({ ...risk, excerpt: 'curl x | sh' }));
    expect(suppressionFingerprint(risk)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('a holding suppression leaves its finding out, and only that one', () => {
    const out = applySuppressions([risk, other], [granted('2026-07-01T00:00:00.000Z')], digests(D1), now);
    expect(out.reported).toEqual([other]);
    expect(out.suppressed.map((s) => s.finding)).toEqual([risk]);
    expect(out.reopened).toEqual([]);
  });

  it('expired, by its own date or the receipt\'s earlier one, the finding is reported again with why', () => {
    const own = applySuppressions([risk], [granted('2026-05-01T00:00:00.000Z')], digests(D1), now);
    expect(own.reported).toEqual([risk]);
    expect(own.reopened.map((r) => r.why)).toEqual(['its suppression expired on 2026-05-01; it was suppressed by Alice (SHA256:abc) for platform: "Reviewed"']);
    const receipt = applySuppressions([risk], [granted('2026-12-01T00:00:00.000Z', '2026-05-15T00:00:00.000Z')], digests(D1), now);
    expect(receipt.reopened.map((r) => r.why)).toEqual(['its suppression expired on 2026-05-15; it was suppressed by Alice (SHA256:abc) for platform: "Reviewed"']);
  });

  it('a changed file voids it, naming the file and both digests', () => {
    const out = applySuppressions([risk], [granted('2026-07-01T00:00:00.000Z')], digests(D2), now);
    expect(out.reported).toEqual([risk]);
    expect(out.reopened.map((r) => r.why)).toEqual([`its suppression no longer holds: SKILL.md changed since (${D1} then, ${D2} now); it was suppressed by Alice (SHA256:abc) for platform: "Reviewed"`]);
  });
});
