// Start review (approvals.startReview) reads a skill once: the approvals
// review and the content-risk review share one skill pass, so SKILL.md is
// read twice (the deliberate second read) and every other file once — over
// stdio and Streamable HTTP, counted by the hostile-edges server itself.
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillReview } from '../../shared/review-model.js';
import { serveCase, type Route, type Served } from '../fixtures/hostile-edges/inspector-harness.js';

const SKILL = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';

let open: Served | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** Starts a review and collects the content reviews pushed while it runs. */
async function startReview(s: Served) {
  const pushed: SkillReview[] = [];
  const stop = s.inspector.subscribe((event, payload) => {
    if (event === 'review.updated') pushed.push(payload as SkillReview);
  });
  try {
    const report = await s.call('approvals.startReview', { serverId: s.serverId, skillUri: SKILL });
    return { report, pushed };
  } finally {
    stop();
  }
}

for (const route of ['stdio', 'http'] as const satisfies readonly Route[]) {
  describe(`Start review over ${route}`, () => {
    it('reads SKILL.md twice on purpose and every other file once, and brings the content review of the same bytes', async () => {
      open = await serveCase('directory-unlisted-file', route, { twin: true });
      const { report, pushed } = await startReview(open);
      expect(report.files.map((f) => [f.uri, f.check.state, f.snapshotted])).toEqual([
        [SKILL, 'verified', true],
        [GUIDE, 'verified', true],
      ]);
      expect([open.reads(SKILL), open.reads(GUIDE)]).toEqual([2, 1]);
      expect(pushed).toHaveLength(1);
      expect(pushed[0]!.files.map((f) => [f.uri, f.read])).toEqual([
        [SKILL, true],
        [GUIDE, true],
      ]);
      expect(await open.call('review.get', { serverId: open.serverId, skillUri: SKILL })).toEqual(pushed[0]);
    });

    it('a SKILL.md whose bytes change on the second read is not verified in the report, and nothing is kept for it', async () => {
      open = await serveCase('content-changed-between-reads', route);
      const { report, pushed } = await startReview(open);
      const skillMd = report.files.find((f) => f.uri === SKILL)!;
      expect(skillMd.check).toMatchObject({ state: 'failed', reason: 'changed' });
      expect(skillMd.snapshotted).toBe(false);
      expect(report.canApprove).toBe(false);
      expect(open.reads(SKILL)).toBe(2);
      expect(pushed[0]!.findings.concat(pushed[0]!.formatFindings).map((f) => f.id)).toContain('inspector-content-changed');
    });
  });
}
