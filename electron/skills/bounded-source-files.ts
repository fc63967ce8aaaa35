// The SDK's folder adapter (nodeSkillFiles), with the limits the app keeps on
// what a server sends: a source folder is read as a server's files are. The
// SDK's own adapter lists a folder whole (readdir) and reads every file whole
// (readFile), so a folder of millions of files, or one file of gigabytes (a
// model, a disk image, a log left beside the skills), took memory until the
// process died or hung. Here the walk stops past `maxEntries` names (the
// whole folder is refused, naming it), and a file past `maxFileBytes`, or
// past what is left of `maxBytes` for the folder, is not read: the SDK gets
// no bytes for it, and the skills holding it are set aside by the caller
// (source-folder.ts), each said, while every other skill is compared.
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { SkillFiles } from '@modelcontextprotocol/server/ext/skills';

export interface SourceReadLimits {
  /** Largest file read (Settings › Largest file). */
  readonly maxFileBytes: number;
  /** Bytes read of the whole folder (Settings › Bytes per server: the folder is what a server built on it serves). */
  readonly maxBytes: number;
  /** Names listed under the folder, dot-named ones (.git) not counted: the SDK passes over those (Settings › Listing entries). */
  readonly maxEntries: number;
}

/** A file not read, and which limit it is past. */
export interface UnreadFile {
  readonly size: number;
  readonly limit: 'maxFileBytes' | 'maxBytes';
}

/** The folder holds more names than maxEntries: nothing of it is compared. */
export class SourceFolderTooLarge extends Error {
  override readonly name = 'SourceFolderTooLarge';
}

export interface BoundedSkillFiles {
  readonly files: SkillFiles;
  /** Files not read, by their `/`-separated path in the folder. */
  readonly unread: ReadonlyMap<string, UnreadFile>;
  /** Set once the walk passed maxEntries (the SDK wraps what list throws; this is the error itself). */
  tooLarge(): SourceFolderTooLarge | undefined;
}

function kindOf(entry: { isFile(): boolean; isDirectory(): boolean }): 'file' | 'directory' | 'unsupported' {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  return 'unsupported';
}

export function boundedSkillFiles(root: string, limits: SourceReadLimits): BoundedSkillFiles {
  const base = path.resolve(root);
  const unread = new Map<string, UnreadFile>();
  let entries = 0;
  let bytesRead = 0;
  let refused: SourceFolderTooLarge | undefined;
  // The SDK builds these paths from names this adapter listed; a ".." segment would still leave the folder.
  const toFsPath = (relative: string): string => {
    const segments = relative === '' ? [] : relative.split('/');
    if (segments.some((s) => s === '' || s === '.' || s === '..')) throw new TypeError(`path must stay inside the skills folder (got ${JSON.stringify(relative)})`);
    return path.join(base, ...segments);
  };

  const files: SkillFiles = {
    async list(dir) {
      const listed: Array<{ name: string; kind: 'file' | 'directory' | 'unsupported' }> = [];
      // Streamed, so a folder of millions of names is never held whole; `for await` closes it when the loop ends early.
      for await (const entry of await fs.opendir(toFsPath(dir))) {
        if (entry.name.startsWith('.')) continue;
        entries += 1;
        if (entries > limits.maxEntries) {
          refused ??= new SourceFolderTooLarge(`more than ${limits.maxEntries} files and folders (dot-named ones not counted); the walk stopped in ${dir === '' ? 'the folder itself' : dir}`);
          throw refused;
        }
        listed.push({ name: entry.name, kind: kindOf(entry) });
      }
      return listed;
    },
    async read(relative) {
      const handle = await fs.open(toFsPath(relative), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw new Error(`${relative} is not a regular file`);
        const left = limits.maxBytes - bytesRead;
        const cap = Math.min(limits.maxFileBytes, left);
        // One byte past the cap is read at most: a file that grew after stat is caught without reading it all.
        const buffer = Buffer.alloc(Math.min(stat.size, cap) + 1);
        let length = 0;
        while (length < buffer.length) {
          const { bytesRead: n } = await handle.read(buffer, length, buffer.length - length, length);
          if (n === 0) break;
          length += n;
        }
        if (length > cap) {
          const size = Math.max(stat.size, length);
          unread.set(relative, { size, limit: size > limits.maxFileBytes ? 'maxFileBytes' : 'maxBytes' });
          // No bytes: the skills holding this file are set aside (source-folder.ts), never compared with a stand-in.
          return new Uint8Array(0);
        }
        bytesRead += length;
        return new Uint8Array(buffer.buffer, buffer.byteOffset, length);
      } finally {
        await handle.close();
      }
    },
  };
  return { files, unread, tooLarge: () => refused };
}
