// The receipts folder swapped for a link and back again while the app reads
// or writes it. A look at the folder before and after (folder-links.ts) sees
// the folder both times, so only reading and writing through the folder as
// first opened (not its name again) keeps a file outside the repository from
// being read as a receipt, or a receipt from landing outside it. And a receipt
// the app writes is read back: one that is not on disk as written is said so.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alphaApproval } from './alpha-approval.unit.js';
import { swappedForLinkDuring } from './folder-swapped-for-link.unit.js';
import { readReceipt, serializeReceipt, signReceipt } from './receipt.js';
import { TeamFolderError, readReceiptsFolder, writeReceipt } from './team-folder.js';
import { NAME, TOKEN, alice, envelope } from './team-folder-links-fixture.unit.js';

// The write itself is the real one; a test puts what happens around it (another program at work in the folder).
const around = vi.hoisted(() => ({ write: undefined as undefined | ((file: string, write: () => Promise<unknown>) => Promise<unknown>) }));
vi.mock('../storage/atomic-file.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../storage/atomic-file.js')>();
  return {
    ...real,
    writeFileAtomic: (...args: Parameters<typeof real.writeFileAtomic>) => (around.write ? around.write(args[0], () => real.writeFileAtomic(...args)) : real.writeFileAtomic(...args)),
  };
});

let dir: string | undefined;
afterEach(async () => {
  around.write = undefined;
  vi.restoreAllMocks();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** `repo/.skills/approvals` (the team's), and `elsewhere/` outside the repository holding a token file named like the receipt. */
async function repoAndElsewhere(): Promise<{ root: string; approvals: string; elsewhere: string }> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-races-'));
  const approvals = path.join(dir, 'repo', '.skills', 'approvals');
  await fs.mkdir(approvals, { recursive: true });
  const elsewhere = path.join(dir, 'elsewhere');
  await fs.mkdir(elsewhere);
  await fs.writeFile(path.join(elsewhere, NAME), TOKEN);
  return { root: dir, approvals, elsewhere };
}

describe('the receipts folder swapped for a link and back while it is read', () => {
  it('reads the receipt in the folder, never the file the link points at', async () => {
    const { approvals, elsewhere } = await repoAndElsewhere();
    const text = serializeReceipt(envelope);
    await fs.writeFile(path.join(approvals, NAME), text);
    const open = fs.open.bind(fs);
    // After the listing and the look that follows it, the receipt's open goes through a link, and the folder is back
    // before the look after the read.
    vi.spyOn(fs, 'open').mockImplementation(async (...args: Parameters<typeof fs.open>) =>
      path.basename(String(args[0])) === NAME ? swappedForLinkDuring(approvals, elsewhere, () => open(...args)) : open(...args),
    );
    const read = await readReceiptsFolder(approvals);
    expect(read).toEqual([{ file: path.join(approvals, NAME), read: readReceipt(text) }]);
    expect(JSON.stringify(read)).not.toContain('ghp_');
  });
});

describe('a receipt the app writes', () => {
  it('lands in the receipts folder even when its name is a link while the receipt is written', async () => {
    const { approvals, elsewhere } = await repoAndElsewhere();
    around.write = (_file, write) => swappedForLinkDuring(approvals, elsewhere, write);
    expect(await writeReceipt(approvals, NAME, envelope)).toBe(path.join(approvals, NAME));
    expect(await fs.readFile(path.join(approvals, NAME), 'utf8')).toBe(serializeReceipt(envelope));
    expect(await fs.readdir(elsewhere)).toEqual([NAME]);
    expect(await fs.readFile(path.join(elsewhere, NAME), 'utf8')).toBe(TOKEN);
  });

  it('replaced by a link right after it is written is said so, and the link is not followed', async () => {
    const { approvals, elsewhere } = await repoAndElsewhere();
    const file = path.join(approvals, NAME);
    around.write = async (_file, write) => {
      await write();
      await fs.rm(file);
      await fs.symlink(path.join(elsewhere, NAME), file);
    };
    const error = await writeReceipt(approvals, NAME, envelope).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toEqual(
      new TeamFolderError(`The receipt ${file} was written, but is not on disk as written: it is now a symbolic link (not followed). Something else is changing the receipts folder; write the receipt again once nothing is.`),
    );
    expect(error).toBeInstanceOf(TeamFolderError);
  });

  it('holding other bytes right after it is written is said so', async () => {
    const { approvals } = await repoAndElsewhere();
    const file = path.join(approvals, NAME);
    around.write = async (_file, write) => {
      await write();
      await fs.writeFile(file, serializeReceipt(signReceipt(alphaApproval({ note: 'not what was approved' }), alice)));
    };
    const error = await writeReceipt(approvals, NAME, envelope).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toEqual(
      new TeamFolderError(`The receipt ${file} was written, but is not on disk as written: it now holds other bytes. Something else is changing the receipts folder; write the receipt again once nothing is.`),
    );
  });
});
