// The receipts folder comes from a repository someone else can push to. A
// symbolic link in it is not a receipt: following one would read a file
// outside the repository (a key, a token file) and quote its first bytes in
// the "not valid JSON" report the window and the command show.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readReceiptsFolder } from './team-folder.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('a symbolic link in the receipts folder', () => {
  it('is named as a link, not followed, and nothing of its target is quoted', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-links-'));
    const secret = path.join(dir, 'outside.env');
    await fs.writeFile(secret, 'GITHUB_TOKEN=ghp_supersecretvalue\n');
    const approvals = path.join(dir, 'repo', '.skills', 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    await fs.symlink(secret, path.join(approvals, 'alpha.0123456789ab.json'));
    const [read] = await readReceiptsFolder(approvals);
    expect(read?.read.ok).toBe(false);
    const problem = read?.read.ok === false ? read.read.problem : '';
    expect(problem).toContain('symbolic link');
    expect(problem).not.toContain('GITHUB');
    expect(JSON.stringify(read)).not.toContain('ghp_');
  });
});
