// A file where the snapshot store keeps a folder (the snapshots folder, or a
// server's folder in it), put there by another program or a sync tool: saving a
// review's bytes failed with Node's words, "ENOTDIR: not a directory, open
// <path>", naming neither what is wrong nor what to do.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreWriteError } from '../storage/atomic-file.js';
import { SnapshotDamaged, SnapshotStore, sha256Digest } from './snapshot-store.js';

const BYTES = Buffer.from('---\nname: notes\n---\nTake notes.\n');
const HEX = sha256Digest(BYTES).slice('sha256:'.length);

async function root(): Promise<string> {
  return path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'si-snapshot-folder-')), 'snapshots');
}

describe('a file in the place of a snapshot folder', () => {
  for (const where of ['the snapshots folder', "a server's folder"] as const) {
    it(`${where}: saving says which file is in the way and what to do; reading says the snapshot is not there to use`, async () => {
      const dir = await root();
      const store = new SnapshotStore(dir);
      const blocker = where === 'the snapshots folder' ? dir : store.folderOf('srv');
      await fs.mkdir(path.dirname(blocker), { recursive: true });
      await fs.writeFile(blocker, 'a file another program put here');
      const saving = await store.put('srv', BYTES).then(
        () => undefined,
        (e: unknown) => e,
      );
      // A StoreWriteError, so a review says its bytes could not be kept (review.ts) and goes no further.
      expect(saving).toBeInstanceOf(StoreWriteError);
      expect((saving as Error).message).toBe(
        `Could not save the snapshot ${HEX} because ${blocker} is a file, where the app keeps a folder of snapshots. Nothing was stored; move ${blocker} away (the app did not put it there), then try again.`,
      );
      const reading = await store.get('srv', sha256Digest(BYTES)).catch((e: unknown) => e);
      expect(reading).toBeInstanceOf(SnapshotDamaged);
      expect((reading as Error).message).toBe(`The stored snapshot ${HEX} is damaged: ${blocker} is a file, where the app keeps a folder of snapshots. It was not used.`);
      expect(await store.has('srv', sha256Digest(BYTES))).toBe(false);
      // The file is left as it was; once it is moved away, saving works.
      expect(await fs.readFile(blocker, 'utf8')).toBe('a file another program put here');
      await fs.rm(blocker);
      expect(await store.put('srv', BYTES)).toEqual({ digest: sha256Digest(BYTES), written: true });
    });
  }
});
