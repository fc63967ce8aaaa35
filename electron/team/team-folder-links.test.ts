// The receipts folder comes from a repository someone else can push to. A
// symbolic link in it is not a receipt: following one would read a file
// outside the repository (a key, a token file) and quote its first bytes in
// the "not valid JSON" report the window and the command show. The same
// holds for allowed-signers beside them: a link there is refused whole.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TeamFolderError, readAllowedSigners, readReceiptsFolder } from './team-folder.js';
import { allowedSignersLine } from './allowed-signers.js';
import { generateSigningKey } from './signing-key.js';

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

describe('allowed-signers as a symbolic link', () => {
  async function linkedSigners(target: string, text: string): Promise<string> {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-links-'));
    const outside = path.join(dir, target);
    await fs.writeFile(outside, text);
    const team = path.join(dir, 'repo', '.skills');
    await fs.mkdir(team, { recursive: true });
    const link = path.join(team, 'allowed-signers');
    await fs.symlink(outside, link);
    return link;
  }

  it('is refused, naming the link, even when its target is a well-formed allowed-signers file outside the repository', async () => {
    const link = await linkedSigners('someone-elses-signers', `${allowedSignersLine('Mallory', generateSigningKey('mallory').publicKey)}\n`);
    await expect(readAllowedSigners(link)).rejects.toThrow(new TeamFolderError(`The allowed-signers file ${link}: it is a symbolic link, not the file itself; it was not followed (a link in a repository can point anywhere outside it).`));
  });

  it('quotes nothing of its target', async () => {
    const link = await linkedSigners('outside.env', 'GITHUB_TOKEN=ghp_supersecretvalue other words\n');
    const error = await readAllowedSigners(link).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain('symbolic link');
    expect(error?.message).not.toContain('GITHUB');
    expect(error?.message).not.toContain('ghp_');
  });
});
