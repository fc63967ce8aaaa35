// Whether a file is still the version a store read or wrote: its device,
// inode, size and modification time. Every writer of the app's files renames a
// new file into place (atomic-file.ts), which gives it a new inode; an editor
// writing in place changes its size or time. Cheaper than reading the file
// again, so a store can keep what it read and ask only this each time.
import { promises as fs, type BigIntStats } from 'node:fs';

export interface FileStamp {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
}

export function stampOf(stats: BigIntStats): FileStamp {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs };
}

/** The file's stamp now; undefined when there is no file. */
export async function statStamp(file: string): Promise<FileStamp | undefined> {
  try {
    return stampOf(await fs.stat(file, { bigint: true }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Both undefined (no file either time) counts as the same. */
export function sameStamp(a: FileStamp | undefined, b: FileStamp | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}
