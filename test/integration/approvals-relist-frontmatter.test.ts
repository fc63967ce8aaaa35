// A relisted skill whose listing frontmatter changed while every digest and
// size stayed the same: the SKILL.md check made against the first listing does
// not carry over as "verified". The app compares the listing's frontmatter with
// the frontmatter in the SKILL.md bytes it read, so against the new listing the
// same bytes fail, and the version cannot be approved — as a fresh engine says.
// Over stdio and Streamable HTTP, through the app's own composition root.
import { afterEach, describe, expect, test } from 'vitest';
import { serveCase, type Route, type Served } from '../fixtures/hostile-edges/inspector-harness.js';
import { HOSTILE_DESCRIPTION, SKILL } from '../fixtures/hostile-edges/catalogs/relist-description.mjs';

const CASE = 'catalogs/relist-description';
const STYLE = 'skill://notes/references/style.md';

const open: Served[] = [];
afterEach(async () => {
  for (const served of open.splice(0)) await served.close();
});

async function serve(route: Route): Promise<Served> {
  const served = await serveCase(CASE, route);
  open.push(served);
  return served;
}

describe('relisting with other frontmatter and the same files', () => {
  test.each<Route>(['stdio', 'http'])('the kept SKILL.md check is judged against the new frontmatter (%s)', async (route) => {
    const served = await serve(route);
    const { serverId, call } = served;
    expect(served.entries.find((e) => e.uri === SKILL)?.description).toBe('Formats notes.');

    const review = await call('approvals.startReview', { serverId, skillUri: SKILL });
    expect(review.blockers).toEqual([]);
    expect(review.canApprove).toBe(true);
    await call('approvals.approve', { serverId, skillUri: SKILL, fingerprint: review.fingerprint });

    const relisted = await call('skills.refresh', { serverId });
    const entry = relisted.find((e) => e.uri === SKILL)!;
    expect(entry.description).toBe(HOSTILE_DESCRIPTION);
    // Nothing of the skill was read again: the checks are the ones the review made.
    expect(served.reads(SKILL)).toBe(2);
    expect(entry.files[SKILL]).toMatchObject({ state: 'failed', reason: 'frontmatter' });
    expect(entry.status).not.toBe('verified');
    expect(entry.verdict).not.toBe('clean-as-checked');
    expect(entry.errorCount).toBeGreaterThan(0);
    const findings = await call('skills.findings', { serverId, skillUri: SKILL });
    expect(findings).toContainEqual(
      expect.objectContaining({ id: 'sep-2640-host-frontmatter-comparison', severity: 'error', location: expect.objectContaining({ fileUri: SKILL, field: 'description' }) }),
    );

    const diff = await call('approvals.diff', { serverId, skillUri: SKILL });
    expect(diff.frontmatter.map((d) => d.field)).toEqual(['description']);
    expect(diff.canApprove).toBe(false);
    expect(diff.blockers.join('\n')).toContain('SKILL.md failed verification');

    // A fresh look says the same: SKILL.md failed (frontmatter), the rest is not read.
    const again = await call('skills.verify', { serverId, skillUri: SKILL });
    expect(again.files[SKILL]).toMatchObject({ state: 'failed', reason: 'frontmatter' });
    expect(again.status).toBe(entry.status);
    expect(served.reads(STYLE)).toBe(1);
  });
});
