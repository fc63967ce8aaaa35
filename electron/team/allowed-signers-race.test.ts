// allowed-signers is read from the team folder (`.skills/allowed-signers`,
// beside the receipts folder) after a look at it. The team folder swapped for
// a link to a folder outside the repository and back again while the file is
// opened is the folder at every look, so only reading it through the team
// folder as opened keeps the team from trusting keys nobody reviewed in git.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTeamFolderFlags } from '../cli/team-folder-flag.js';
import { allowedSignersLine, parseAllowedSigners } from './allowed-signers.js';
import { generateSigningKey } from './signing-key.js';

const alice = generateSigningKey('alice');
const mallory = generateSigningKey('mallory');

let dir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('the team folder swapped for a link and back while allowed-signers is read', () => {
  it('trusts the keys of the allowed-signers in the team folder, never those of the file the link points at', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-signers-race-'));
    const team = path.join(dir, 'repo', '.skills');
    await fs.mkdir(path.join(team, 'approvals'), { recursive: true });
    const signers = path.join(team, 'allowed-signers');
    const trusted = `${allowedSignersLine('Alice', alice.publicKey)}\n`;
    await fs.writeFile(signers, trusted);
    const elsewhere = path.join(dir, 'elsewhere');
    await fs.mkdir(path.join(elsewhere, 'approvals'), { recursive: true });
    await fs.writeFile(path.join(elsewhere, 'allowed-signers'), `${allowedSignersLine('Mallory', mallory.publicKey)}\n`);
    const open = fs.open.bind(fs);
    vi.spyOn(fs, 'open').mockImplementation(async (...args: Parameters<typeof fs.open>) => {
      if (path.basename(String(args[0])) !== 'allowed-signers') return open(...args);
      await fs.rename(team, `${team}.away`);
      await fs.symlink(elsewhere, team);
      try {
        return await open(...args);
      } finally {
        await fs.unlink(team);
        await fs.rename(`${team}.away`, team);
      }
    });
    const read = await readTeamFolderFlags(path.join(team, 'approvals'), signers);
    expect(read.signers).toEqual(parseAllowedSigners(trusted, signers));
    expect(read.receipts).toEqual([]);
  });
});
