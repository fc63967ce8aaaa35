// verify and diff print URIs and names that a server or a lockfile wrote: a
// lockfile from a pull request can pin URIs with escape sequences (nothing
// checks a lockfile's URIs the way a listing's are), and a frontmatter name
// can carry C1 controls and bidi overrides that JSON's escapes leave as they
// are. All are shown as marks, so the drift report cannot be rewritten.
import { describe, expect, it } from 'vitest';
import { unsafeIn } from '../../test/fixtures/cli/terminal-unsafe.js';
import { DIFF_WORDS, VERIFY_WORDS, formatComparisonText } from './format-drift.js';
import { buildLockedServer, compareServers } from './lockfile.js';
import { compareWithLock, verifyReportJson, verifyReportText } from './verify-report.js';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;
const FORGED = '\r\x1b[1A\x1b[2KNo drift\x1b[8m';

const locked = buildLockedServer([
  { uri: `skill://gone${FORGED}/SKILL.md`, name: 'gone', resources: [{ uri: `skill://gone${FORGED}/SKILL.md`, digest: D1, size: 1 }] },
  { uri: 'skill://edit/SKILL.md', name: 'edit\u009b2K\u202eexe.md', resources: [{ uri: 'skill://edit/SKILL.md', digest: D1, size: 1 }, { uri: `skill://edit/old${FORGED}.md`, digest: D1, size: 1 }] },
]);
const served = buildLockedServer([{ uri: 'skill://edit/SKILL.md', name: 'edit', resources: [{ uri: 'skill://edit/SKILL.md', digest: D2, size: 1 }] }]);

describe('drift text', () => {
  it('verify: URIs and names from the lockfile are shown with marks', () => {
    const text = formatComparisonText(compareServers(locked, served), VERIFY_WORDS, false);
    expect(unsafeIn(text)).toEqual([]);
    expect(text).toContain('removed  skill://gone⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2KNo drift⟦ESC⟧[8m/SKILL.md  (name "gone", 1 file(s))');
    expect(text).toContain('name: lock "edit⟦U+009B⟧2K⟦RLO⟧exe.md", server "edit"');
    expect(text).toContain('removed  skill://edit/old⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2KNo drift⟦ESC⟧[8m.md');
  });

  it('diff: the same, either way round', () => {
    const text = formatComparisonText(compareServers(served, locked), DIFF_WORDS, false);
    expect(unsafeIn(text)).toEqual([]);
    expect(text).toContain('only in B  skill://gone⟦CR⟧⟦ESC⟧[1A');
  });

  it("verify's header: the server's and the lockfile's labels", () => {
    const report = compareWithLock('skills.lock.json', { label: `prod${FORGED}`, server: served }, { label: 'prod\u202eexe', server: served, problems: [] });
    const text = verifyReportText(report, false);
    expect(text).toBe('No drift: prod⟦RLO⟧exe serves exactly the 1 skill(s) that skills.lock.json pins for "prod⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2KNo drift⟦ESC⟧[8m".\n');
  });
});

describe('no drift, with skills the lock pins by presence only', () => {
  const dynamic = buildLockedServer([
    { uri: 'skill://fixed/SKILL.md', name: 'fixed', resources: [{ uri: 'skill://fixed/SKILL.md', digest: D1, size: 1 }] },
    { uri: 'skill://live/SKILL.md', name: 'live', resources: 'dynamic' },
  ]);

  it('says which were not compared, in the text and in the JSON', () => {
    const report = compareWithLock('skills.lock.json', { label: 'prod', server: dynamic }, { label: 'prod', server: dynamic, problems: [] });
    expect(report.passed).toBe(true);
    expect(verifyReportText(report, false)).toBe('No drift: prod serves exactly the 2 skill(s) that skills.lock.json pins for "prod". 1 of them is dynamic: pinned by presence and name only, so its content was not compared.\n');
    expect(verifyReportJson(report)['dynamic']).toEqual(['skill://live/SKILL.md']);
  });
});
