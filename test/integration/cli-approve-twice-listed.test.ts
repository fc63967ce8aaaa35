// `skill-inspector approve` when the server lists one skill URI twice, with
// two different file sets: the listing keeps the first entry and says the later
// copy was ignored, and approve used to sign a receipt for that first entry
// once the listing's finding was acknowledged, without a word of the other.
// Which of the two a host loads is the host's choice, so no receipt can say
// which was reviewed: approve refuses, says the URI is listed more than once
// (the listing's own words), and writes nothing.
// The real built command, a real stdio server, a real key and folder.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES, commandLine, runCli } from '../fixtures/cli/harness.js';

const SERVER = path.join(FIXTURES, 'twice-listed-server.mjs');
const TWICE = 'skill://twice/SKILL.md';

let work: string;
beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-approve-twice-'));
});
afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

describe('approve a skill whose URI the listing gives twice', { timeout: 120_000 }, () => {
  it('refuses, saying the URI is listed more than once, even with the listing finding acknowledged; writes no receipt', async () => {
    const key = path.join(work, 'alice.key');
    const made = await runCli(['key', 'new', '--name', 'Alice', '--out', key]);
    expect(made.code, made.stderr).toBe(0);
    const approvals = path.join(work, '.skills', 'approvals');
    const server = ['--stdio', commandLine(process.execPath, SERVER), '--label', 'twice', '--quiet'];

    for (const skill of [TWICE, 'twice']) {
      const run = await runCli(['approve', ...server, '--key', key, '--out', approvals, '--skill', skill, '--acknowledge', 'sep-2640-skills-list-entry-atomic']);
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(
        `Not approved: ${TWICE} is listed more than once by the server (${TWICE} is listed twice on page 1; the later copy was ignored). ` +
          `The check read the first entry only, and which one a host loads is the host's choice, so a receipt cannot say which was reviewed; ` +
          `the server must list each skill once.\nNo receipt was written.\n`,
      );
      expect(run.code).toBe(1);
    }
    await expect(fs.readdir(approvals)).rejects.toMatchObject({ code: 'ENOENT' });

    // The skill listed once beside it is approved as before.
    const fine = await runCli(['approve', ...server, '--key', key, '--out', approvals, '--skill', 'fine']);
    expect(fine.code, fine.stdout + fine.stderr).toBe(0);
    expect((await fs.readdir(approvals)).length).toBe(1);
  });
});
