// Where a symbolic link on the way to the team's receipts is followed, and
// where not. The path a person gives (`--receipts DIR`, `approve --out DIR`,
// the folder picked in the app) is theirs up to the team folder, and is
// resolved as the system resolves it: a checkout on another volume, a home
// that is a link. From the team folder down (the team folder, which is the
// receipts folder's parent, `.skills` of `.skills/approvals`, where
// allowed-signers is by default; the receipts folder; each receipt;
// allowed-signers) the repository shapes it, anyone who can push, and a link
// there can point anywhere outside it: none is followed, reading or writing.
//
// The path is normalised first (path.resolve: a trailing slash, `.` and `..`
// taken away as written), and the normalised path is both the one looked at
// and the one opened: otherwise `approvals/` has the system follow the link
// the look at `approvals` refused, and `link/../approvals` goes where the
// look did not.
//
// A look before and after proves nothing of the moment between: a folder
// swapped for a link and back again in that moment is the folder both times,
// while the file opened by name in between came through the link. So the
// receipts folder (and the team folder, for allowed-signers) is opened once
// and its files reached through that opening (opened-folder.ts).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { openAsLooked, type OpenedFolder } from './opened-folder.js';

export type { OpenedFolder };

/** Why the team folder cannot be used at all (as opposed to one receipt in it). */
export class TeamFolderError extends Error {
  override readonly name = 'TeamFolderError';
}

const NOT_FOLLOWED = 'it is a symbolic link, not the folder itself; it was not followed (a link in a repository can point anywhere outside it).';

/** Which folder a name held when looked at: its device and inode, or none. */
type Held = readonly [dev: number, ino: number, link: boolean] | readonly [];

async function held(file: string): Promise<Held> {
  const stat = await fs.lstat(file).catch(() => undefined);
  return stat ? [stat.dev, stat.ino, stat.isSymbolicLink()] : [];
}

function same(a: Held, b: Held): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** The receipts folder as opened: `at` is its normalised path, `teamFolder` the folder holding it. */
export interface ReceiptsFolderPlace {
  /** As the person gave it, for messages. */
  readonly given: string;
  readonly at: string;
  readonly teamFolder: string;
  /**
   * Throws when either name holds another folder or a link since the look. Where files are reached by name (no
   * /proc), a folder swapped for a link after the look would be read through it: a check after the listing and after
   * each file catches a swap still in place. `open()` is what guards a swap undone in between.
   */
  unchanged(): Promise<void>;
  /**
   * The folder opened, and checked to be the one looked at: read and write its files through `within(name)`, and
   * close it when done. Throws when the name held another folder, or a link, when opened.
   */
  open(): Promise<OpenedFolder>;
  /** The team folder opened in the same way (allowed-signers is read from it by default). */
  openTeamFolder(): Promise<OpenedFolder>;
}

const changedWhileRead = (dir: string, which: string, how: string) =>
  new TeamFolderError(
    `The receipts folder ${dir} changed while it was read: ${which} ${how}; nothing read from it was used (a link in a repository can point anywhere outside it). Read it again once nothing is changing it.`,
  );

/**
 * The receipts folder `dir` names, refused when it or its team folder is a symbolic link. A folder not there yet
 * passes: reading it then says so, and writing makes it.
 */
export async function receiptsFolderPlace(dir: string): Promise<ReceiptsFolderPlace> {
  const at = path.resolve(dir);
  const teamFolder = path.dirname(at);
  const before = await Promise.all([held(at), held(teamFolder)]);
  if (before[0]![2] === true) throw new TeamFolderError(`The receipts folder ${dir}: ${NOT_FOLLOWED}`);
  if (before[1]![2] === true) throw new TeamFolderError(`The team folder ${teamFolder} (holding the receipts folder ${dir}): ${NOT_FOLLOWED}`);
  return {
    given: dir,
    at,
    teamFolder,
    async unchanged() {
      const now = await Promise.all([held(at), held(teamFolder)]);
      for (const [i, which] of [`the receipts folder ${dir}`, `its team folder ${teamFolder}`].entries()) {
        if (same(before[i]!, now[i]!)) continue;
        throw changedWhileRead(dir, which, now[i]![2] === true ? 'is now a symbolic link' : 'now names another folder, or none');
      }
    },
    open: () => openAsLooked(at, before[0]!, (how) => changedWhileRead(dir, `the receipts folder ${dir}`, how)),
    openTeamFolder: () => openAsLooked(teamFolder, before[1]!, (how) => changedWhileRead(dir, `its team folder ${teamFolder}`, how)),
  };
}
