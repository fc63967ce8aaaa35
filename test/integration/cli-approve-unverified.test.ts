// `skill-inspector approve` signs a receipt that binds the listed digests and
// sizes of a skill's files. It must bind bytes that were read and matched
// them: a skill whose files were not all read and verified is refused, and no
// --acknowledge stands in for the read (the app refuses the same, see
// approvals/approval-blockers.ts). Real built command, hostile servers over stdio.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { HOSTILE_EDGES_SERVER } from '../fixtures/hostile-edges/harness.js';
import { tempDir } from '../fixtures/mutable-server/fixture.js';

const HOSTILE_SERVER = path.resolve(import.meta.dirname, '../fixtures/hostile/hostile-server.mjs');

let folder: string;
let key: string;

beforeAll(async () => {
  folder = await tempDir('approve-unverified');
  key = path.join(folder, 'alice.key');
  const made = await runCli(['key', 'new', '--name', 'Alice', '--out', key]);
  expect(made.code, made.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

async function approve(server: string[], extra: string[]): Promise<{ code: number | null; stdout: string; receipts: string[] }> {
  const out = await fs.mkdtemp(path.join(folder, 'receipts-'));
  const run = await runCli(['approve', '--stdio', commandLine(process.execPath, ...server), '--label', 'hostile', '--key', key, '--out', out, '--quiet', ...extra]);
  return { code: run.code, stdout: run.stdout + run.stderr, receipts: await fs.readdir(out) };
}

describe('approve refuses a skill whose files were not all read and verified', { timeout: 120_000 }, () => {
  it('a listing that never ends (a new nextCursor forever): nothing was read, so nothing is signed', async () => {
    // The listing stops at the page limit (1,000 pages by default), and check reads nothing of a listing it could not finish: alpha's bytes are never read.
    const run = await approve([HOSTILE_SERVER, 'endless-listing'], ['--skill', 'alpha']);
    expect(run.receipts).toEqual([]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Not approved: skill://alpha/SKILL.md');
    expect(run.stdout).toContain('not read and verified');
  });

  it('a SKILL.md whose bytes do not match the listed digest: acknowledging the mismatch does not sign the listed digests', async () => {
    const run = await approve([HOSTILE_EDGES_SERVER, 'skillmd-fails-stop'], ['--skill', 'alpha', '--acknowledge', 'sep-2640-host-verify-digest']);
    expect(run.receipts).toEqual([]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Not approved: skill://alpha/SKILL.md');
    expect(run.stdout).toContain('SKILL.md: Digest mismatch');
  });

  it('the honest twin is approved', async () => {
    const run = await approve([HOSTILE_EDGES_SERVER, 'skillmd-fails-stop', '--twin'], ['--skill', 'alpha']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.receipts).toHaveLength(1);
  });
});
