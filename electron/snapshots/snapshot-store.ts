// The reviewed bytes, kept so an approval can later be diffed against exactly
// what the user saw. Content-addressed (the file name is the SHA-256 of its
// bytes), one folder per server identity (the catalog's id, never the server's
// self-reported name), inside the app's private data directory — never in a
// folder an agent scans for skills. A file is written once, atomically, and
// never modified in place; every read hashes it again and refuses a mismatch
// (SPEC §2.5: write-isolated *and* re-hashed).
import { createHash, hash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { StoreWriteError, writeFileAtomic } from '../storage/atomic-file.js';
import { FileTooLarge, NotARegularFile, readRegularFile } from '../storage/read-regular-file.js';
import { pidRuns } from '../storage/process-alive.js';
import { removePath } from '../storage/remove-path.js';

const DIGEST = /^sha256:([0-9a-f]{64})$/;

/** The largest file the app reads from a server (Settings › maxFileBytes at its highest): no snapshot is bigger. */
export const MAX_SNAPSHOT_BYTES = 1024 * 1024 * 1024;

export function sha256Digest(bytes: Uint8Array): string {
  // The one-shot hash: no Hash object per call, which is most of the cost for the small files skills are made of.
  return `sha256:${hash('sha256', bytes, 'hex')}`;
}

/** A stored snapshot whose bytes no longer hash to its name: it is refused, never used. */
export class SnapshotDamaged extends Error {
  constructor(
    readonly file: string,
    readonly expected: string,
    readonly actual: string,
    /** Set when the snapshot is not a plain file at all (a link, a FIFO, a device): `actual` is then not a digest. */
    notAFile?: string,
  ) {
    super(
      notAFile !== undefined
        ? `The stored snapshot ${path.basename(file)} is damaged: ${notAFile}. It was not used.`
        : `The stored snapshot ${path.basename(file)} is damaged: its bytes hash to ${actual}, not ${expected}. It was not used.`,
    );
    this.name = 'SnapshotDamaged';
  }
}

/** What is said of a file found where the store keeps a folder. */
const IN_THE_WAY = 'is a file, where the app keeps a folder of snapshots';

/**
 * A snapshot not saved because a file (another program's, a sync tool's) holds the place of the snapshots folder or
 * of a server's folder in it. A StoreWriteError, as any save the disk refuses: a review then says its bytes could
 * not be kept.
 */
export class SnapshotFolderBlocked extends StoreWriteError {
  constructor(
    file: string,
    readonly blocker: string,
    cause: unknown,
  ) {
    super(file, cause);
    this.message = `Could not save the snapshot ${path.basename(file)} because ${blocker} ${IN_THE_WAY}. Nothing was stored; move ${blocker} away (the app did not put it there), then try again.`;
    this.name = 'SnapshotFolderBlocked';
  }
}

export class SnapshotStore {
  constructor(readonly root: string) {}

  /** The server's folder. Ids that are not plain tokens are hashed, so no id can climb out of `root`. */
  folderOf(serverId: string): string {
    const segment = /^[A-Za-z0-9_-]{1,100}$/.test(serverId) ? serverId : `id-${createHash('sha256').update(serverId).digest('hex').slice(0, 40)}`;
    return path.join(this.root, segment);
  }

  fileOf(serverId: string, digest: string): string {
    const match = DIGEST.exec(digest);
    if (!match?.[1]) throw new Error(`"${digest.slice(0, 80)}" is not a sha256:<64 lowercase hex> digest.`);
    return path.join(this.folderOf(serverId), match[1]);
  }

  /**
   * Stores verified bytes under their digest. An existing good copy is left
   * alone (written once); a damaged one is replaced whole, by rename.
   */
  async put(serverId: string, bytes: Uint8Array, expectedDigest?: string): Promise<{ digest: string; written: boolean }> {
    const digest = sha256Digest(bytes);
    if (expectedDigest !== undefined && expectedDigest !== digest) {
      throw new Error(`Refusing to store a snapshot: the bytes hash to ${digest}, not the expected ${expectedDigest}.`);
    }
    const file = this.fileOf(serverId, digest);
    const existing = await this.get(serverId, digest).catch((error: unknown) => {
      if (error instanceof SnapshotDamaged) return undefined;
      throw error;
    });
    if (existing) return { digest, written: false };
    try {
      await writeFileAtomic(file, bytes, { backup: false });
    } catch (error) {
      const blocker = await this.fileInTheWay(serverId);
      throw blocker === undefined ? error : new SnapshotFolderBlocked(file, blocker, error);
    }
    return { digest, written: true };
  }

  /** The bytes stored under `digest`, hashed again; `undefined` when none are stored. */
  async get(serverId: string, digest: string): Promise<Buffer | undefined> {
    const file = this.fileOf(serverId, digest);
    let bytes: Buffer;
    try {
      // A snapshot is a regular file this store wrote. A link put in its place is never followed
      // (threat model T7: it could point at the user's key); a FIFO or device is never read.
      bytes = await readRegularFile(file, { maxBytes: MAX_SNAPSHOT_BYTES, followSymlinks: false });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      if (code === 'ENOTDIR') {
        const blocker = await this.fileInTheWay(serverId);
        if (blocker !== undefined) throw new SnapshotDamaged(file, digest, 'not a folder', `${blocker} ${IN_THE_WAY}`);
      }
      if (code === 'ELOOP') throw new SnapshotDamaged(file, digest, 'link', 'it is a symbolic link, not the file the store wrote');
      if (error instanceof NotARegularFile || error instanceof FileTooLarge) throw new SnapshotDamaged(file, digest, 'not a file', error.reason.replace(/; it was not read\.$/, ''));
      throw error;
    }
    const actual = sha256Digest(bytes);
    if (actual !== digest) throw new SnapshotDamaged(file, digest, actual);
    return bytes;
  }

  /** The snapshots folder or the server's folder when it is there and no folder (a file, a link to one), else undefined. */
  private async fileInTheWay(serverId: string): Promise<string | undefined> {
    for (const folder of [this.root, this.folderOf(serverId)]) {
      const stat = await fs.stat(folder).catch(() => undefined);
      if (stat === undefined) return undefined;
      if (!stat.isDirectory()) return folder;
    }
    return undefined;
  }

  /** Whether good bytes for `digest` are stored (damaged ones do not count). */
  async has(serverId: string, digest: string): Promise<boolean> {
    try {
      return (await this.get(serverId, digest)) !== undefined;
    } catch (error) {
      if (error instanceof SnapshotDamaged) return false;
      throw error;
    }
  }

  /** Digests stored for a server. */
  async list(serverId: string): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.folderOf(serverId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names.filter((n) => /^[0-9a-f]{64}$/.test(n)).map((n) => `sha256:${n}`);
  }

  /** Forgets everything stored for a server (it was removed from the catalog). */
  async removeServer(serverId: string): Promise<void> {
    await removePath(this.folderOf(serverId));
  }

  /**
   * Clears temp files a killed writer left behind, in every server folder: only
   * a snapshot's (`.<hex>.<pid>.<random>.tmp`), and only one whose writer is no
   * longer running. Every `.tmp` used to go, so a sweep while a snapshot was
   * being written (this store's or another's on the same folder) took its temp
   * file before the rename and that put failed.
   */
  async sweep(): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(this.root);
    } catch {
      return;
    }
    await Promise.all(names.map((n) => sweepLeftovers(path.join(this.root, n))));
  }
}

/** writeFileAtomic's temp file for a snapshot, with the writer's pid. */
const SNAPSHOT_TEMP = /^\.[0-9a-f]{64}\.(\d+)\.[0-9a-f]+\.tmp$/;

async function sweepLeftovers(folder: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return;
  }
  const leftovers = names.filter((n) => {
    const pid = SNAPSHOT_TEMP.exec(n)?.[1];
    return pid !== undefined && !pidRuns(Number(pid));
  });
  await Promise.all(leftovers.map((n) => fs.rm(path.join(folder, n), { force: true }).catch(() => undefined)));
}
