// A folder of the team folder opened once and used through that opening, so a
// swap of its name for a symbolic link and back (between two looks, each of
// which sees the folder) cannot redirect a read or a write. Linux names an
// open folder by its descriptor, /proc/self/fd/<n>, and a path through that
// name goes where the descriptor does whatever the folder's name holds later.
// macOS and Windows have no such path: there the folder is used by name, as
// before, and only the looks before and after guard it (folder-links.ts).
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';

/** A folder as opened, whichever folder its name holds later. */
export interface OpenedFolder {
  /** A path to `name` in the folder as opened ('' for the folder itself). */
  within(name: string): string;
  /** `text` (a system error's message) with each path through the folder as opened named through `dir` instead. */
  named(text: string, dir: string): string;
  close(): Promise<void>;
}

/** Device and inode of the folder as looked at; none when nothing was there. */
export type Looked = readonly [dev: number, ino: number, ...rest: unknown[]] | readonly [];

async function throughDescriptor(handle: fs.FileHandle, dev: number, ino: number): Promise<string | undefined> {
  const through = `/proc/self/fd/${handle.fd}`;
  const stat = await fs.stat(through).catch(() => undefined);
  return stat?.dev === dev && stat.ino === ino ? through : undefined;
}

/**
 * The folder at `at` opened without following a link, and checked to be the one looked at; `changed(how)` is the
 * error when it is not (a link in its place since, or another folder). A folder that cannot be opened (not there,
 * not a folder, not readable) is used by name, so reading or writing it says why as before.
 */
export async function openAsLooked(at: string, looked: Looked, changed: (how: string) => Error): Promise<OpenedFolder> {
  const byName: OpenedFolder = { within: (name) => path.join(at, name), named: (text) => text, close: async () => undefined };
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(at, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw changed('is now a symbolic link');
    return byName;
  }
  try {
    const stat = await handle.stat();
    // Another folder (through a link above it, swapped since, or made since the look): not the one looked at.
    if (looked.length === 0 || stat.dev !== looked[0] || stat.ino !== looked[1]) throw changed('named another folder when it was opened');
    const through = await throughDescriptor(handle, stat.dev, stat.ino);
    if (through === undefined) {
      await handle.close();
      return byName;
    }
    return {
      within: (name) => path.join(through, name),
      // A message naming /proc/self/fd/<n>/… means nothing to the person, and <n> is gone once the folder is closed.
      named: (text, given) => text.split(`${through}${path.sep}`).join(path.join(given, path.sep)),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
