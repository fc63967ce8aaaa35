// Symbolic links on the way to the receipts folder (folder-links.ts). The
// path up to the team folder is the person's and is followed as the system
// follows it; from the team folder down (the receipts folder's parent, the
// receipts folder, each receipt) the repository shapes it and no link is
// followed, for reading or writing, however the path is spelled (a trailing
// slash, `..`). And a folder swapped for a link while it is read is caught.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SkillFolder, skillMd } from '../../test/fixtures/mutable-server/fixture.js';
import { runCliInProcess } from '../cli/run-in-process.unit.js';
import { allowedSignersLine } from './allowed-signers.js';
import { swapFolderForLink } from './folder-swapped-for-link.unit.js';
import { serializeReceipt } from './receipt.js';
import { TeamFolderError, readReceiptsFolder, writeReceipt, writeReceipts } from './team-folder.js';
import { NAME, TOKEN, alice, envelope } from './team-folder-links-fixture.unit.js';

let dir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/**
 * `elsewhere/` outside the repository: a team folder of its own (approvals/ with a token file named like a receipt,
 * allowed-signers that is a token file), and `repo/` whose `.skills` is a link to it.
 */
async function linkedTeamFolder(): Promise<{ root: string; elsewhere: string; team: string }> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-path-links-'));
  const elsewhere = path.join(dir, 'elsewhere');
  await fs.mkdir(path.join(elsewhere, 'approvals'), { recursive: true });
  await fs.writeFile(path.join(elsewhere, 'approvals', 'alpha.0123456789ab.json'), TOKEN);
  await fs.writeFile(path.join(elsewhere, 'allowed-signers'), TOKEN);
  await fs.mkdir(path.join(dir, 'repo'));
  const team = path.join(dir, 'repo', '.skills');
  await fs.symlink(elsewhere, team);
  return { root: dir, elsewhere, team };
}

const teamRefusal = (team: string, given: string) =>
  `The team folder ${team} (holding the receipts folder ${given}): it is a symbolic link, not the folder itself; it was not followed (a link in a repository can point anywhere outside it).`;

async function rejection(promise: Promise<unknown>): Promise<Error | undefined> {
  return promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );
}

describe('a symbolic link as the team folder, the receipts folder\'s parent', () => {
  it('is refused for reading, naming it, and nothing of what it points at is read', async () => {
    const { team } = await linkedTeamFolder();
    const given = path.join(team, 'approvals');
    const error = await rejection(readReceiptsFolder(given));
    expect(error).toBeInstanceOf(TeamFolderError);
    expect(error?.message).toBe(teamRefusal(team, given));
  });

  it('is refused for writing: no receipt lands in the folder it points at', async () => {
    const { team, elsewhere } = await linkedTeamFolder();
    const given = path.join(team, 'approvals');
    await expect(writeReceipts(given, [{ fileName: NAME, envelope }])).rejects.toThrow(new TeamFolderError(teamRefusal(team, given)));
    await expect(writeReceipt(given, NAME, envelope)).rejects.toThrow(new TeamFolderError(teamRefusal(team, given)));
    expect(await fs.readdir(path.join(elsewhere, 'approvals'))).toEqual(['alpha.0123456789ab.json']);
  });

  it('verify --receipts refuses it (exit 2) before reading allowed-signers from it or starting a server', async () => {
    const { root, team } = await linkedTeamFolder();
    const given = path.join(team, 'approvals');
    const never = path.join(root, 'server-started');
    const run = await runCliInProcess(['verify', '--stdio', `'${process.execPath}' -e 'require("fs").writeFileSync(process.argv[1], "")' '${never}'`, '--label', 'payments', '--receipts', given, '--quiet']);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `skill-inspector: ${teamRefusal(team, given)}\nRun "skill-inspector help" for usage.\n` });
    await expect(fs.stat(never)).rejects.toThrow();
  });

  it('approve --out refuses it (exit 2): nothing is written where it points', { timeout: 60_000 }, async () => {
    const { root, team, elsewhere } = await linkedTeamFolder();
    const skills = await SkillFolder.create();
    try {
      await skills.write('alpha/SKILL.md', skillMd('alpha', 'Formats invoices. Use when asked for an invoice.'));
      const stdio = skills.stdio();
      if (stdio.kind !== 'stdio') throw new Error('stdio expected');
      const given = path.join(team, 'approvals');
      const key = path.join(root, 'alice.key');
      expect((await runCliInProcess(['key', 'new', '--name', 'Alice', '--out', key])).code).toBe(0);
      const server = ['--stdio', [stdio.command, ...(stdio.args ?? [])].map((w) => `'${w}'`).join(' '), '--label', 'payments', '--quiet'];
      const run = await runCliInProcess(['approve', ...server, '--key', key, '--out', given, '--skill', 'alpha']);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 2, stderr: `skill-inspector: ${teamRefusal(team, given)}\n` });
      expect(await fs.readdir(path.join(elsewhere, 'approvals'))).toEqual(['alpha.0123456789ab.json']);
    } finally {
      await fs.rm(skills.dir, { recursive: true, force: true });
    }
  });
});

describe('the receipts folder named with a trailing slash or ..', () => {
  it('a trailing slash does not have the system follow the link the look refused', async () => {
    const { team } = await linkedTeamFolder();
    // approvals/ itself a link, inside a team folder that is not one.
    const real = path.join(path.dirname(team), 'real-team');
    await fs.mkdir(real);
    const outside = path.join(dir!, 'elsewhere', 'approvals');
    await fs.symlink(outside, path.join(real, 'approvals'));
    for (const given of [`${path.join(real, 'approvals')}${path.sep}`, `${path.join(real, 'approvals')}${path.sep}.`]) {
      const error = await rejection(readReceiptsFolder(given));
      expect(error?.message).toBe(`The receipts folder ${given}: it is a symbolic link, not the folder itself; it was not followed (a link in a repository can point anywhere outside it).`);
      await expect(writeReceipt(given, NAME, envelope)).rejects.toThrow(TeamFolderError);
    }
    expect(await fs.readdir(outside)).toEqual(['alpha.0123456789ab.json']);
  });

  it('link/../approvals is the folder it spells, not the one beside the link\'s target', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-path-links-'));
    await fs.mkdir(path.join(dir, 'elsewhere', 'deep'), { recursive: true });
    await fs.mkdir(path.join(dir, 'elsewhere', 'approvals'));
    await fs.writeFile(path.join(dir, 'elsewhere', 'approvals', 'alpha.0123456789ab.json'), TOKEN);
    const team = path.join(dir, 'repo', '.skills');
    await fs.mkdir(path.join(team, 'approvals'), { recursive: true });
    await fs.writeFile(path.join(team, 'approvals', NAME), serializeReceipt(envelope));
    await fs.symlink(path.join(dir, 'elsewhere', 'deep'), path.join(team, 'link'));
    const given = `${team}${path.sep}link${path.sep}..${path.sep}approvals`;
    const read = await readReceiptsFolder(given);
    expect(read.map((r) => [r.file, r.read.ok])).toEqual([[path.join(team, 'approvals', NAME), true]]);
  });
});

describe('links above the team folder', () => {
  it('are the person\'s and are followed: a checkout reached through a link reads and writes as usual', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-path-links-'));
    const repo = path.join(dir, 'volume', 'repo');
    await fs.mkdir(path.join(repo, '.skills', 'approvals'), { recursive: true });
    await fs.symlink(path.join(dir, 'volume'), path.join(dir, 'home'));
    await fs.writeFile(path.join(repo, '.skills', 'allowed-signers'), `${allowedSignersLine('Alice', alice.publicKey)}\n`);
    const given = path.join(dir, 'home', 'repo', '.skills', 'approvals');
    expect(await writeReceipts(given, [{ fileName: NAME, envelope }])).toEqual([path.join(given, NAME)]);
    const read = await readReceiptsFolder(given);
    expect(read.map((r) => [r.file, r.read.ok])).toEqual([[path.join(given, NAME), true]]);
  });
});

describe('the receipts folder swapped for a link while it is read', () => {
  it('is caught after the listing: nothing read through the link is used', async () => {
    const { root } = await linkedTeamFolder();
    const team = path.join(root, 'repo', 'team');
    const approvals = path.join(team, 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    await fs.writeFile(path.join(approvals, NAME), serializeReceipt(envelope));
    const opendir = fs.opendir.bind(fs);
    // Between the look and the listing, the folder's name is given to a link to a folder outside the repository.
    vi.spyOn(fs, 'opendir').mockImplementationOnce(async (...args: Parameters<typeof fs.opendir>) => {
      await swapFolderForLink(approvals, path.join(root, 'elsewhere', 'approvals'));
      return opendir(...args);
    });
    const error = await rejection(readReceiptsFolder(approvals));
    expect(error).toBeInstanceOf(TeamFolderError);
    expect(error?.message).toBe(
      `The receipts folder ${approvals} changed while it was read: the receipts folder ${approvals} is now a symbolic link; nothing read from it was used (a link in a repository can point anywhere outside it). Read it again once nothing is changing it.`,
    );
    expect(error?.message).not.toContain('ghp_');
  });

  it('a receipt swapped for a link between the listing and its open is not followed', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-path-links-'));
    const secret = path.join(dir, 'outside.env');
    await fs.writeFile(secret, TOKEN);
    const approvals = path.join(dir, 'repo', '.skills', 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    const file = path.join(approvals, NAME);
    await fs.writeFile(file, serializeReceipt(envelope));
    const open = fs.open.bind(fs);
    // Matched by the file's name: it is opened through the folder as opened, not by the path given.
    vi.spyOn(fs, 'open').mockImplementation(async (...args: Parameters<typeof fs.open>) => {
      if (path.basename(String(args[0])) === NAME && !(await fs.lstat(file)).isSymbolicLink()) {
        await fs.rm(file);
        await fs.symlink(secret, file);
      }
      return open(...args);
    });
    const read = await readReceiptsFolder(approvals);
    expect(read).toEqual([{ file, read: { ok: false, problem: 'it is a symbolic link, not a receipt file; it was not followed.' } }]);
  });
});
