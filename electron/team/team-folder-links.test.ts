// The receipts folder comes from a repository someone else can push to. A
// symbolic link in it is not a receipt: following one would read a file
// outside the repository (a key, a token file) and quote its first bytes in
// the "not valid JSON" report the window and the command show. The same
// holds for allowed-signers beside them: a link there is refused whole, and
// for the receipts folder itself: a link there is refused for reading and for
// writing (a receipt written through it would land outside the repository).
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run.js';
import { TeamFolderError, readAllowedSigners, readReceiptsFolder, receiptFileName, writeReceipt, writeReceipts } from './team-folder.js';
import { allowedSignersLine } from './allowed-signers.js';
import { generateSigningKey } from './signing-key.js';
import { TOKEN, alice, envelope } from './team-folder-links-fixture.unit.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('a symbolic link in the receipts folder', () => {
  it('is named as a link, not followed, and nothing of its target is quoted', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-links-'));
    const secret = path.join(dir, 'outside.env');
    await fs.writeFile(secret, TOKEN);
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

describe('the receipts folder itself as a symbolic link', () => {
  /** A repository whose `.skills/approvals` links to a folder outside it holding one receipt-named file. */
  async function linkedApprovals(): Promise<{ link: string; outside: string }> {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-links-'));
    const outside = path.join(dir, 'elsewhere');
    await fs.mkdir(outside);
    await fs.writeFile(path.join(outside, 'alpha.0123456789ab.json'), TOKEN);
    const team = path.join(dir, 'repo', '.skills');
    await fs.mkdir(team, { recursive: true });
    const link = path.join(team, 'approvals');
    await fs.symlink(outside, link);
    return { link, outside };
  }

  const refusal = (link: string) =>
    new TeamFolderError(`The receipts folder ${link}: it is a symbolic link, not the folder itself; it was not followed (a link in a repository can point anywhere outside it).`);

  it('is refused for reading, naming the link, and nothing of what it points at is read', async () => {
    const { link } = await linkedApprovals();
    const error = await readReceiptsFolder(link).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toEqual(refusal(link));
    expect(error).toBeInstanceOf(TeamFolderError);
  });

  it('is refused for writing: no receipt lands in the folder it points at', async () => {
    const { link, outside } = await linkedApprovals();
    const name = receiptFileName('payments', 'skill://alpha/SKILL.md', 'alpha', 'SHA256:x');
    await expect(writeReceipts(link, [{ fileName: name, envelope }])).rejects.toThrow(refusal(link));
    await expect(writeReceipt(link, name, envelope)).rejects.toThrow(refusal(link));
    expect(await fs.readdir(outside)).toEqual(['alpha.0123456789ab.json']);
  });

  it('verify --receipts refuses it as bad usage (exit 2) before any server is started', async () => {
    const { link } = await linkedApprovals();
    await fs.writeFile(path.join(path.dirname(link), 'allowed-signers'), `${allowedSignersLine('Alice', alice.publicKey)}\n`);
    const out = new PassThrough();
    const err = new PassThrough();
    const said: string[] = [];
    out.resume();
    err.on('data', (c: Buffer) => said.push(c.toString('utf8')));
    const never = path.join(dir!, 'server-started');
    const code = await runCli(['verify', '--stdio', `'${process.execPath}' -e 'require("fs").writeFileSync(process.argv[1], "")' '${never}'`, '--label', 'payments', '--receipts', link, '--quiet'], out, err);
    expect(code).toBe(2);
    expect(said.join('')).toBe(`skill-inspector: ${refusal(link).message}\nRun "skill-inspector help" for usage.\n`);
    await expect(fs.stat(never)).rejects.toThrow();
  });
});
