// One skill pass for Verify, Verify all and Review (issue 13, items 1, 2, 8, 9
// and 10), through the app's composition root against the hostile-edges
// server over stdio and Streamable HTTP. Every read the server answers is
// counted from its HOSTILE_READ_LOG: a job reads each listed file once (a
// review reads SKILL.md twice, on purpose), never an unlisted one, and nothing
// after a SKILL.md that failed.
import { afterEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { serveCase, type Route, type Served } from '../fixtures/hostile-edges/inspector-harness.js';
import { LISTED_DESCRIPTION, SERVED_DESCRIPTION } from '../fixtures/hostile-edges/cases/summary-from-served-bytes.mjs';

const SKILL = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';
const ROUTES: readonly Route[] = ['stdio', 'http'];

let open: Served | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function serve(name: string, route: Route, twin = false): Promise<Served> {
  open = await serveCase(name, route, { twin });
  return open;
}

const brief = (findings: readonly Finding[]) => findings.map((f) => [f.id, f.severity, f.location.fileUri ?? '']);

for (const route of ROUTES) {
  describe(`over ${route}`, () => {
    describe('unlisted and escaping directory entries (item 1)', () => {
      const EXTRA = 'skill://alpha/notes/extra.md';
      const unlisted = ['sep-2640-directory-read-not-manifest-extension', 'warning', EXTRA];

      it('Verify walks the directory: a warning names the unlisted file, which is never read', async () => {
        const s = await serve('directory-unlisted-file', route);
        const entry = await s.call('skills.verify', { serverId: s.serverId, skillUri: SKILL });
        const findings = await s.call('skills.findings', { serverId: s.serverId, skillUri: SKILL });
        expect(brief(findings)).toEqual([unlisted]);
        expect(findings[0]!.message).toContain(EXTRA);
        expect(entry.status).toBe('verified');
        expect([s.reads(SKILL), s.reads(GUIDE), s.reads(EXTRA)]).toEqual([1, 1, 0]);
        expect(s.reads('skill://alpha', 'resources/directory/read')).toBe(1);
      });

      it('Verify all walks it too, reading each listed file once', async () => {
        const s = await serve('directory-unlisted-file', route);
        const job = await s.verifyAll();
        expect(job).toMatchObject({ state: 'done', total: 1, done: 1, verified: 1 });
        expect(brief(await s.call('skills.findings', { serverId: s.serverId, skillUri: SKILL }))).toEqual([unlisted]);
        expect([s.reads(SKILL), s.reads(GUIDE), s.reads(EXTRA)]).toEqual([1, 1, 0]);
        expect(s.reads('skill://alpha', 'resources/directory/read')).toBe(1);
      });

      it('Review walks it, and reads SKILL.md twice on purpose and every other file once', async () => {
        const s = await serve('directory-unlisted-file', route);
        const review = await s.call('review.scanSkill', { serverId: s.serverId, skillUri: SKILL });
        expect(brief(review.formatFindings)).toEqual([unlisted]);
        expect(review.files.map((f) => f.uri)).toEqual([SKILL, GUIDE]);
        expect([s.reads(SKILL), s.reads(GUIDE), s.reads(EXTRA)]).toEqual([2, 1, 0]);
      });

      it('an entry outside the skill root is an error, and the file is never read', async () => {
        const s = await serve('directory-escape', route);
        const ESCAPE = 'skill://alpha/../beta/secret.md';
        await s.call('skills.verify', { serverId: s.serverId, skillUri: SKILL });
        const findings = await s.call('skills.findings', { serverId: s.serverId, skillUri: SKILL });
        expect(brief(findings)).toEqual([['inspector-directory-outside', 'error', ESCAPE]]);
        const review = await s.call('review.scanSkill', { serverId: s.serverId, skillUri: SKILL });
        expect(brief(review.formatFindings)).toEqual([['inspector-directory-outside', 'error', ESCAPE]]);
        expect(s.log().filter(([, uri]) => uri.includes('secret') || uri.includes('beta'))).toEqual([]);
      });

      it('a server without directoryRead is never asked for a directory', async () => {
        const s = await serve('skillmd-fails-stop', route, true);
        await s.call('skills.verify', { serverId: s.serverId, skillUri: SKILL });
        await s.verifyAll();
        await s.call('review.scanSkill', { serverId: s.serverId, skillUri: SKILL });
        expect(s.log().filter(([method]) => method === 'resources/directory/read')).toEqual([]);
        expect([s.reads(SKILL), s.reads(GUIDE)]).toEqual([1 + 1 + 2, 3]);
      });
    });

    describe('nested SKILL.md no entry lists (item 2)', () => {
      const NESTED = 'skill://alpha/tools/SKILL.md';

      it('Verify reports it and runs the format rules on its frontmatter, on that file', async () => {
        const s = await serve('nested-skillmd-unlisted', route);
        await s.call('skills.verify', { serverId: s.serverId, skillUri: SKILL });
        const findings = await s.call('skills.findings', { serverId: s.serverId, skillUri: SKILL });
        expect(findings.map((f) => [f.id, f.severity, f.location.fileUri, f.location.field ?? ''])).toEqual([
          ['inspector-nested-skill-unlisted', 'warning', NESTED, ''],
          ['agentskills-unknown-field', 'warning', NESTED, 'hooks'],
        ]);
        expect(findings[0]!.message).toContain('its own approval');
        expect(s.reads(NESTED)).toBe(1);
      });

      it('Review judges its hooks and allowed-tools on that file, and the approval review lists it as a skill of its own', async () => {
        const s = await serve('nested-skillmd-unlisted', route);
        const review = await s.call('review.scanSkill', { serverId: s.serverId, skillUri: SKILL });
        const onNested = review.findings.filter((f) => f.location.fileUri === NESTED && f.location.field !== undefined).map((f) => [f.id, f.location.field]);
        expect(onNested).toEqual(expect.arrayContaining([['risk-allowed-tools', 'allowed-tools'], ['risk-exec-frontmatter', 'hooks']]));
        const report = await s.call('approvals.startReview', { serverId: s.serverId, skillUri: SKILL });
        expect(report.requests.nestedSkills).toEqual([{ uri: NESTED, path: 'tools/SKILL.md', known: false, approval: 'none', enabled: false }]);
      });

      it('one the directory walk shows is reported, never read, and shown to the reviewer as a skill of its own', async () => {
        const s = await serve('nested-skillmd-directory', route);
        await s.call('skills.verify', { serverId: s.serverId, skillUri: SKILL });
        const findings = await s.call('skills.findings', { serverId: s.serverId, skillUri: SKILL });
        expect(brief(findings)).toEqual([
          ['sep-2640-directory-read-not-manifest-extension', 'warning', NESTED],
          ['inspector-nested-skill-unlisted', 'warning', NESTED],
        ]);
        const report = await s.call('approvals.startReview', { serverId: s.serverId, skillUri: SKILL });
        expect(report.requests.nestedSkills).toEqual([{ uri: NESTED, path: 'tools/SKILL.md', known: false, approval: 'none', enabled: false }]);
        expect(s.reads(NESTED)).toBe(0);
      });
    });

    describe('content that changes between reads (item 8)', () => {
      it('Review reads SKILL.md a second time, says why in the protocol log, and reports the change: no verified verdict', async () => {
        const s = await serve('content-changed-between-reads', route);
        const review = await s.call('review.scanSkill', { serverId: s.serverId, skillUri: SKILL });
        const changed = review.formatFindings.filter((f) => f.id === 'inspector-content-changed');
        expect(brief(changed)).toEqual([['inspector-content-changed', 'error', SKILL]]);
        expect(changed[0]!.message).toContain('content changed between reads');
        const entry = (await s.call('skills.list', { serverId: s.serverId })).find((e) => e.uri === SKILL)!;
        expect(entry.files[SKILL]).toMatchObject({ state: 'failed', reason: 'changed' });
        expect(entry.status).toBe('mismatch');
        expect([s.reads(SKILL), s.reads(GUIDE)]).toEqual([2, 1]);
        const log = await s.call('log.get', { serverId: s.serverId });
        const notes = log.filter((e) => e.kind === 'note' && e.text?.includes(SKILL)).map((e) => e.text);
        expect(notes).toEqual([expect.stringContaining('second time on purpose')]);
      });

      it('its benign twin reads SKILL.md twice as well and stays verified', async () => {
        const s = await serve('content-changed-between-reads', route, true);
        const review = await s.call('review.scanSkill', { serverId: s.serverId, skillUri: SKILL });
        expect(review.formatFindings).toEqual([]);
        const entry = (await s.call('skills.list', { serverId: s.serverId })).find((e) => e.uri === SKILL)!;
        expect(entry.status).toBe('verified');
        expect([s.reads(SKILL), s.reads(GUIDE)]).toEqual([2, 1]);
      });
    });

    describe('stop at a failed SKILL.md (item 9)', () => {
      const notRead = { state: 'unread', reason: 'skill-md-failed', message: expect.stringMatching(/not read: SKILL\.md failed verification/i) };

      it('Verify reads nothing else; "Read the rest for inspection" reads it without making the skill verified', async () => {
        const s = await serve('skillmd-fails-stop', route);
        const entry = await s.call('skills.verify', { serverId: s.serverId, skillUri: SKILL });
        expect(entry.files[SKILL]).toMatchObject({ state: 'failed', reason: 'digest' });
        expect(entry.files[GUIDE]).toEqual(notRead);
        expect(entry.status).toBe('mismatch');
        expect([s.reads(SKILL), s.reads(GUIDE)]).toEqual([1, 0]);

        const inspected = await s.call('skills.verify', { serverId: s.serverId, skillUri: SKILL, inspect: true });
        expect([s.reads(SKILL), s.reads(GUIDE)]).toEqual([2, 1]);
        expect(inspected.files[GUIDE]).toMatchObject({ state: 'verified' });
        expect(inspected.status).toBe('mismatch');
      });

      it('Verify all reads nothing else of that skill', async () => {
        const s = await serve('skillmd-fails-stop', route);
        const job = await s.verifyAll();
        expect(job).toMatchObject({ state: 'done', done: 1, failed: 1, verified: 0 });
        const entry = (await s.call('skills.list', { serverId: s.serverId }))[0]!;
        expect(entry.files[GUIDE]).toEqual(notRead);
        expect([s.reads(SKILL), s.reads(GUIDE)]).toEqual([1, 0]);
      });

      it('Review reads nothing else, shows the rest as not read, and can read it for inspection', async () => {
        const s = await serve('skillmd-fails-stop', route);
        const review = await s.call('review.scanSkill', { serverId: s.serverId, skillUri: SKILL });
        expect(review.files.map((f) => [f.uri, f.read])).toEqual([
          [SKILL, true],
          [GUIDE, false],
        ]);
        expect(review.files[1]!.problem).toMatch(/not read: SKILL\.md failed verification/i);
        expect(review.complete).toBe(false);
        expect([s.reads(SKILL), s.reads(GUIDE)]).toEqual([1, 0]);

        const inspected = await s.call('review.scanSkill', { serverId: s.serverId, skillUri: SKILL, inspect: true });
        expect(inspected.files.map((f) => [f.uri, f.read])).toEqual([
          [SKILL, true],
          [GUIDE, true],
        ]);
        const entry = (await s.call('skills.list', { serverId: s.serverId }))[0]!;
        expect(entry.status).toBe('mismatch');
      });

      it('its benign twin is read whole', async () => {
        const s = await serve('skillmd-fails-stop', route, true);
        const entry = await s.call('skills.verify', { serverId: s.serverId, skillUri: SKILL });
        expect(entry.status).toBe('verified');
        expect([s.reads(SKILL), s.reads(GUIDE)]).toEqual([1, 1]);
      });
    });

    describe('byte budgets per skill and per job (item 7)', () => {
      const [A, B, C] = ['a', 'b', 'c'].map((x) => `skill://alpha/data/${x}.txt`) as [string, string, string];

      it("Verify counts a fresh skill budget per pass: three 9 MiB files with no size stop at the second", async () => {
        const s = await serve('skill-budget-bytes-read', route);
        for (let pass = 1; pass <= 2; pass++) {
          const entry = await s.call('skills.verify', { serverId: s.serverId, skillUri: SKILL });
          const over = (await s.call('skills.findings', { serverId: s.serverId, skillUri: SKILL })).filter((f) => f.id === 'inspector-skill-budget-exceeded');
          expect(over.map((f) => [f.severity, f.location.fileUri])).toEqual([
            ['error', B],
            ['error', C],
          ]);
          expect(over[0]!.message).toContain("this skill's byte budget");
          expect(entry.status).toBe('mismatch');
          // Each pass starts with the whole budget: the first file is read every time, the third never.
          expect([s.reads(A), s.reads(B), s.reads(C)]).toEqual([pass, pass, 0]);
        }
      });

      it('Verify all counts one job budget across the job', async () => {
        // One read at a time, so which file the budget stops is fixed.
        open = await serveCase('skill-budget-bytes-read', route, { twin: true, settings: { jobByteBudget: 8 * 1024 * 1024, readConcurrency: 1 } });
        const s = open;
        const job = await s.verifyAll();
        expect(job).toMatchObject({ state: 'done', failed: 1 });
        const over = (await s.call('skills.findings', { serverId: s.serverId, skillUri: SKILL })).filter((f) => f.id === 'inspector-job-budget-exceeded');
        expect(over.map((f) => [f.severity, f.location.fileUri])).toEqual([['error', B], ['error', C]]);
        expect(over[0]!.message).toContain("this job's byte budget");
        // The sizes are declared: the files the budget cannot hold are refused before they are read.
        expect([s.reads(A), s.reads(B), s.reads(C)]).toEqual([1, 0, 0]);
      });
    });

    describe('the summary quotes the served bytes (item 10)', () => {
      const INVOICES = 'skill://invoices/SKILL.md';

      it("says first that the served description differs from the listing's, and quotes the served one", async () => {
        const s = await serve('summary-from-served-bytes', route);
        const { summary } = await s.call('review.scanSkill', { serverId: s.serverId, skillUri: INVOICES });
        expect(summary.purpose).toBe(`It says it is for: ${SERVED_DESCRIPTION}`);
        expect(summary.headline).toContain('differs from its listing');
        const first = summary.points[0]!;
        expect(first).toMatchObject({ topic: 'purpose', tone: 'danger' });
        expect(first.text).toContain(SERVED_DESCRIPTION);
        expect(first.text).toContain(LISTED_DESCRIPTION);
        expect(first.evidence).toEqual([{ fileUri: INVOICES, field: 'description', line: 3 }]);
        expect(JSON.stringify(summary.points.slice(1))).not.toContain(LISTED_DESCRIPTION);
      });

      it('its benign twin is summarised with the one description it has', async () => {
        const s = await serve('summary-from-served-bytes', route, true);
        const { summary } = await s.call('review.scanSkill', { serverId: s.serverId, skillUri: INVOICES });
        expect(summary.purpose).toBe(`It says it is for: ${LISTED_DESCRIPTION}`);
        expect(summary.points[0]).toMatchObject({ topic: 'purpose', tone: 'ok', text: `It says it is for: ${LISTED_DESCRIPTION}` });
        expect(summary.headline).not.toContain('listing');
      });
    });
  });
}
