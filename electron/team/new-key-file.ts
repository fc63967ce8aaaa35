// A key file made by `key new`: created, never replaced. The file is opened
// with O_CREAT|O_EXCL ('wx'), so a file or a symbolic link that appears at the
// path after any look beforehand (another process, a link planted to have the
// key written elsewhere) makes the create fail instead of being overwritten or
// followed; and it is created with its mode (600 for a private key), so the key
// is never readable by others, not even between the create and a chmod.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { KeyFormatError } from './ssh-wire.js';

/** Says a key file is already there, as the look beforehand does. */
export function keyFileExists(file: string): KeyFormatError {
  return new KeyFormatError(`${file} already exists; skill-inspector never replaces a key. Choose another --out, or remove it first.`);
}

function cannotWrite(file: string, error: unknown): KeyFormatError {
  const code = (error as NodeJS.ErrnoException).code;
  return new KeyFormatError(`Could not write the key ${file} (${code ?? String(error)}); nothing was left there.`);
}

/**
 * Writes `data` to a file that must not exist yet (nor a link in its place), with `mode` from the start. A write
 * that fails after the create removes the file it created, so no half-written key is left behind.
 */
export async function writeNewKeyFile(file: string, data: string, mode: number): Promise<void> {
  try {
    // The folder the person named (or the app's data folder) is made as a save makes it.
    await fs.mkdir(path.dirname(file), { recursive: true });
  } catch (error) {
    // Not "already exists": a file in the folder's place answers EEXIST here, and the key itself is not there.
    throw new KeyFormatError(`Could not write the key ${file}: its folder ${path.dirname(file)} could not be made (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was left there.`);
  }
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'wx', mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw keyFileExists(file);
    throw cannotWrite(file, error);
  }
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(file, { force: true }).catch(() => undefined);
    throw cannotWrite(file, error);
  }
  await handle.close();
}
