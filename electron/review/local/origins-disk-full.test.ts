// Adding or removing a local skills folder on a disk that refuses the save.
// The list the app shows must be the list on disk: "a failed save changes
// nothing" (docs/reliability.md). The folder used to stay added (or removed)
// in memory only, and came back (or vanished) at the next start.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { smallDisk, type SmallDisk } from '../../../test/crash/small-disk.js';
import { inProcessReviewer } from '../review-pool.js';
import { LocalOrigins } from './origins.js';

let disk: SmallDisk;
let home: string;
beforeEach(async () => {
  disk = await smallDisk();
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'si-origins-home-'));
});
afterEach(async () => {
  await disk.close();
  await fs.rm(home, { recursive: true, force: true });
});

function origins(): LocalOrigins {
  return new LocalOrigins({ dataDir: disk.dir, homeDir: home, projectDirs: [], reviewer: inProcessReviewer(), onChange: () => undefined, onListed: () => undefined });
}

const added = (o: LocalOrigins) => o.list().filter((x) => x.addedByUser).map((x) => x.path);

describe('local skills folders on a full disk', () => {
  it('an add or remove that cannot be saved is not in force, and the message says why', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'si-origins-folder-'));
    const kept = await fs.mkdtemp(path.join(os.tmpdir(), 'si-origins-kept-'));
    const o = origins();
    await o.load();
    await o.add(kept, 'skills');

    await disk.fill();
    await expect(o.add(folder, 'skills')).rejects.toThrow(/Could not save local-skill-folders\.json because the disk is full/);
    expect(added(o)).toEqual([kept]);
    await expect(o.remove(kept)).rejects.toThrow(/Could not save local-skill-folders\.json because the disk is full/);
    expect(added(o)).toEqual([kept]);

    await disk.free();
    // What a restart reads is what was shown.
    const again = origins();
    await again.load();
    expect(added(again)).toEqual([kept]);
    await fs.rm(folder, { recursive: true, force: true });
    await fs.rm(kept, { recursive: true, force: true });
  });
});
