// Another program at work in the team folder, for the race tests: the moment
// the app is between two steps (a look and a read, a listing and an open), a
// folder's name is given to a symbolic link to somewhere outside the
// repository, and maybe given back. One hook, so that every race test swaps a
// folder the same way: the folder renamed aside beside itself, as a checkout
// or a sync tool would, and the link made under its name.
import { promises as fs } from 'node:fs';

/** Gives `folder`'s name to a link to `target`, the folder kept beside it as `<folder>.away`; the function returned gives the name back. */
export async function swapFolderForLink(folder: string, target: string): Promise<() => Promise<void>> {
  const away = `${folder}.away`;
  await fs.rename(folder, away);
  await fs.symlink(target, folder);
  return async () => {
    await fs.unlink(folder);
    await fs.rename(away, folder);
  };
}

/** Gives the folder's name to a link to `target` while `act` runs, then gives it back: the folder is the same before and after. */
export async function swappedForLinkDuring<T>(folder: string, target: string, act: () => Promise<T>): Promise<T> {
  const giveBack = await swapFolderForLink(folder, target);
  try {
    return await act();
  } finally {
    await giveBack();
  }
}
