// Where a damaged file is kept aside: `<file>.damaged-<time>`, a name no save
// writes. Two copies kept in the same millisecond (two readers of one folder
// finding the same damage, or one file damaged twice in a row) each get a name
// of their own, `-2`, `-3` after the first: COPYFILE_EXCL never writes over an
// older copy, and a copy refused for its name is not a copy lost.
import { constants as fsConstants, promises as fs } from 'node:fs';

/** More copies of one file in one millisecond than this is not a race but something looping; it is said, not kept. */
const MAX_NAMES = 100;

export type Kept = { keptAs: string } | { failed: string };

/**
 * Copies `file` aside, or moves it when the copy fails (a full disk refuses a copy; a rename needs no space) or when
 * `move` asks for it (a file too large to copy whole); `failed` says why when neither worked.
 */
export async function keepDamaged(file: string, options: { move?: boolean } = {}): Promise<Kept> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (let n = 1; n <= MAX_NAMES; n++) {
    const keptAs = `${file}.damaged-${stamp}${n > 1 ? `-${n}` : ''}`;
    if (!options.move) {
      try {
        await fs.copyFile(file, keptAs, fsConstants.COPYFILE_EXCL);
        return { keptAs };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      }
    } else if (await fs.lstat(keptAs).then(() => true, () => false)) continue;
    // The rename replaces what a failed copy left under this name (a partial copy on a full disk).
    return fs.rename(file, keptAs).then(
      () => ({ keptAs }),
      (error: unknown) => ({ failed: error instanceof Error ? error.message : String(error) }),
    );
  }
  return { failed: `${MAX_NAMES} copies of it were already kept in the same millisecond` };
}
