// The team folder is a repository anyone on the team (or whoever takes over
// an account) can push to. Its receipts used to be read whole, up to 10,000
// files of up to 4 MiB each with no total, so a folder of large receipts made
// the app or `verify --receipts` hold tens of GB and die. Now at most
// maxTotalBytes of receipts are read from one folder, one file at a time; the
// files past it are named one by one as not read, every skill they might have
// approved says the check is partial, and nothing reads as all approved.
// The budget is passed in small (1 MiB) so the folder here is a few MB.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalHandlers } from '../approvals/handlers.js';
import type { FeatureDeps } from '../feature-deps.js';
import { allApproved, checkReceipts } from './receipt-check.js';
import { createTeamHandlers } from './team-handlers.js';
import { RECEIPTS_FOLDER_LIMITS, TeamFolderError, readAllowedSigners, readReceiptsFolder } from './team-folder.js';
import { AS_OF, LABEL, LIMITS, NAMES, approvedByAlice, bigTeamFolders, notReadProblem, sum, unapprovedPartial } from './team-folder-fixture.unit.js';

const bigTeamFolder = bigTeamFolders();

describe('a team folder with more receipt bytes than are read', () => {
  it('reads receipts up to the budget, then names every file not read and never says all approved', async () => {
    const folder = await bigTeamFolder(NAMES, 300_000);
    // alpha, beta and delta fit in 1 MiB; epsilon would pass it.
    expect(sum(folder.sizes.slice(0, 3))).toBeLessThanOrEqual(LIMITS.maxTotalBytes);
    expect(sum(folder.sizes.slice(0, 4))).toBeGreaterThan(LIMITS.maxTotalBytes);

    const loaded = await readReceiptsFolder(folder.approvals, (f) => f, LIMITS);
    expect(loaded.map((r) => [path.basename(r.file), r.read.ok, r.notRead ?? false])).toEqual([
      ['alpha.json', true, false],
      ['beta.json', true, false],
      ['delta.json', true, false],
      ['epsilon.json', false, true],
      ['gamma.json', false, true],
      ['zeta.json', false, true],
    ]);
    for (const r of loaded.slice(3)) expect(r.read).toEqual({ ok: false, problem: notReadProblem(folder, 3) });

    const signers = await readAllowedSigners(folder.signers);
    const check = checkReceipts(LABEL, folder.served, loaded, signers, AS_OF);
    expect(check.skills.map((s) => [s.uri, s.status, s.message])).toEqual([
      ['skill://alpha/SKILL.md', 'approved', approvedByAlice],
      ['skill://beta/SKILL.md', 'approved', approvedByAlice],
      ['skill://delta/SKILL.md', 'approved', approvedByAlice],
      ['skill://epsilon/SKILL.md', 'unapproved', unapprovedPartial(3)],
      ['skill://gamma/SKILL.md', 'unapproved', unapprovedPartial(3)],
      ['skill://zeta/SKILL.md', 'unapproved', unapprovedPartial(3)],
    ]);
    expect(check.unreadable).toEqual(folder.files.slice(3).map((file) => ({ file, problem: notReadProblem(folder, 3), notRead: true })));
    expect(allApproved(check)).toBe(false);
    // Even when every served skill found its receipt among those read, a folder read in part is not all approved.
    expect(allApproved(checkReceipts(LABEL, folder.served.slice(0, 3), loaded, signers, AS_OF))).toBe(false);
  });

  it('shows each file not read in the app, and no skill of them as approved', async () => {
    const folder = await bigTeamFolder(NAMES, 300_000);
    const skills = folder.served.map((s) => ({ uri: s.uri, name: s.name, resources: s.resources, files: {} }));
    const deps = {
      dataDir: folder.root,
      catalog: { list: () => [{ id: 's1', label: LABEL }], get: () => ({ id: 's1', label: LABEL }) },
      engine: { list: () => skills, server: () => ({ listing: {} }), record: () => undefined },
    } as unknown as FeatureDeps;
    const approvals = { 'approvals.get': async () => null } as unknown as ApprovalHandlers;
    const result = await createTeamHandlers(deps, approvals, LIMITS)['team.check']({ folder: folder.root });
    expect(result.folder).toBe(folder.team);
    expect(result.skills.map((s) => [s.name, s.status, s.canAdopt])).toEqual([
      ['alpha', 'approved', true],
      ['beta', 'approved', true],
      ['delta', 'approved', true],
      ['epsilon', 'unapproved', false],
      ['gamma', 'unapproved', false],
      ['zeta', 'unapproved', false],
    ]);
    expect(result.skills[3]!.message).toBe(unapprovedPartial(3));
    expect(result.unreadable).toEqual(folder.files.slice(3).map((file) => ({ file, problem: notReadProblem(folder, 3), notRead: true })));
  });

  it('refuses a folder of more .json files than are read, counting no further than one past', async () => {
    const folder = await bigTeamFolder(NAMES, 100);
    await expect(readReceiptsFolder(folder.approvals, (f) => f, { ...LIMITS, maxFiles: 4 })).rejects.toThrow(
      new TeamFolderError(`The receipts folder ${folder.approvals} holds more than 4 .json files; at most 4 are read.`),
    );
    expect((await readReceiptsFolder(folder.approvals, (f) => f, { ...LIMITS, maxFiles: 6 })).every((r) => r.read.ok)).toBe(true);
  });

  it('keeps the per-file cap apart from the budget: a file too large is unreadable and costs none of it', async () => {
    const folder = await bigTeamFolder(NAMES, 300_000);
    // beta is padded past the per-file cap: it is refused on its own, and the four after it still fit.
    await fs.writeFile(folder.files[1]!, ' '.repeat(LIMITS.maxFileBytes + 1));
    const loaded = await readReceiptsFolder(folder.approvals, (f) => f, LIMITS);
    expect(loaded.map((r) => (r.read.ok ? 'ok' : r.notRead ? 'not read' : r.read.problem))).toEqual(['ok', `it is larger than ${LIMITS.maxFileBytes} bytes; it was not read.`, 'ok', 'ok', 'not read', 'not read']);
  });

  it('reads at most 64 MiB of receipts from one folder, 4 MiB a file, 10,000 files, unless told less', () => {
    expect(RECEIPTS_FOLDER_LIMITS).toEqual({ maxFiles: 10_000, maxFileBytes: 4 * 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 });
  });
});
