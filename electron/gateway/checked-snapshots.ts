// Whether the snapshot of each approved file is in the store and whole, asked
// whenever the gateway builds its set: a skill with a file missing or damaged
// is held back with the reason (as for its SKILL.md), instead of being listed
// and then failing the host's read of that file. Hashing every file each time
// would read the whole catalog again at every listing while some skill waits
// for its snapshot, so a file that hashed right is remembered with its stamp
// (device, inode, size, times: the store replaces a file by rename, and a change
// in place moves its change time) and hashed again only when that changes. The
// gateway still hashes every byte it sends (served-skill.ts).
import { promises as fs } from 'node:fs';
import type { SnapshotStore } from '../snapshots/snapshot-store.js';
import type { VerifiedBytes } from './verified-bytes.js';

/** Past this many remembered files the memory starts again: it holds only what a few sets looked at. */
const MAX_REMEMBERED = 100_000;

/** The file's stamp, the file itself (a link in its place is not followed); undefined when there is none. */
async function stampOf(file: string): Promise<string | undefined> {
  try {
    const s = await fs.lstat(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    // Missing, or not to be looked at: the store's own read says which.
    return undefined;
  }
}

export class CheckedSnapshots {
  /** `serverId\ndigest` of snapshots that hashed right, with the stamp they had then. */
  private readonly whole = new Map<string, string>();

  constructor(
    private readonly snapshots: SnapshotStore,
    private readonly verified: VerifiedBytes,
  ) {}

  /** Why the approved bytes of the file cannot be served, or undefined when they can. */
  async problem(serverId: string, file: { readonly uri: string; readonly digest: string }): Promise<string | undefined> {
    // Bytes kept in memory were hashed when kept, and are what a host's read gets, whatever the disk holds now.
    if (this.verified.has(serverId, file.digest)) return undefined;
    const key = `${serverId}\n${file.digest}`;
    let stamp: string | undefined;
    let bytes: Buffer | undefined;
    try {
      stamp = await stampOf(this.snapshots.fileOf(serverId, file.digest));
      if (stamp !== undefined && this.whole.get(key) === stamp) return undefined;
      bytes = await this.snapshots.get(serverId, file.digest);
    } catch (error) {
      this.whole.delete(key);
      return `its approved file ${file.uri} cannot be used: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (bytes === undefined) {
      this.whole.delete(key);
      return `its approved file ${file.uri} is not in the snapshot store.`;
    }
    // Read already: kept for the host's read while there is room, never pushing out what is kept.
    if (bytes.byteLength <= this.verified.freeBytes) this.verified.keep(serverId, file.digest, bytes);
    if (stamp !== undefined) {
      if (this.whole.size >= MAX_REMEMBERED) this.whole.clear();
      this.whole.set(key, stamp);
    }
    return undefined;
  }
}
