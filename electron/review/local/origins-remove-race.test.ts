// Removing a local skills folder while one of its skills (or the folder) is
// being read again. The read finished after the removal and announced the
// folder's skills again: skills of a folder no longer in the list, in every
// view, until the next start.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillEntry } from '../../../shared/model.js';
import { inProcessReviewer, type ContentReviewer } from '../review-pool.js';
import { LocalOrigins } from './origins.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});
async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A reviewer that holds every review until let go, and says when one is waiting. */
function heldReviewer() {
  const inner = inProcessReviewer();
  let held = false;
  let release = () => undefined as void;
  let waiting = () => undefined as void;
  let reached = new Promise<void>((resolve) => (waiting = resolve));
  const reviewer: ContentReviewer = {
    mode: 'in-process',
    review: async (...args) => {
      if (held) {
        waiting();
        await new Promise<void>((resolve) => (release = resolve));
      }
      return inner.review(...args);
    },
    close: () => inner.close(),
  };
  return {
    reviewer,
    hold: () => {
      held = true;
      reached = new Promise<void>((resolve) => (waiting = resolve));
    },
    reached: () => reached,
    release: () => {
      held = false;
      release();
    },
  };
}

async function setUp() {
  const folder = await tempDir('si-race-folder-');
  await fs.mkdir(path.join(folder, 'a'));
  await fs.writeFile(path.join(folder, 'a', 'SKILL.md'), '---\nname: a\ndescription: The a skill.\n---\nBody.\n');
  const gate = heldReviewer();
  const listed: Array<[string, readonly SkillEntry[]]> = [];
  const origins = new LocalOrigins({ dataDir: await tempDir('si-race-data-'), homeDir: await tempDir('si-race-home-'), projectDirs: [], reviewer: gate.reviewer, onChange: () => undefined, onListed: (id, entries) => listed.push([id, entries]) });
  await origins.load();
  const [origin] = (await origins.add(folder, 'skills')).filter((o) => o.addedByUser);
  return { folder, gate, listed, origins, originId: origin!.id, skillUri: origins.entries(origin!.id)[0]!.uri };
}

describe('removing a local folder while it is read again', () => {
  it('a skill read again is not announced for a folder removed meanwhile', async () => {
    const { folder, gate, listed, origins, originId, skillUri } = await setUp();
    gate.hold();
    const again = origins.rescanSkill(originId, skillUri);
    await gate.reached();
    await origins.remove(folder);
    gate.release();
    await expect(again).rejects.toThrow(/was removed from the list while/);
    expect(listed.filter(([id]) => id === originId).at(-1)).toEqual([originId, []]);
    expect(origins.entries()).toEqual([]);
  });

  it('a folder scanned again is not announced once removed', async () => {
    const { folder, gate, listed, origins, originId } = await setUp();
    gate.hold();
    const again = origins.rescan(originId);
    await gate.reached();
    await origins.remove(folder);
    gate.release();
    await again;
    expect(listed.filter(([id]) => id === originId).at(-1)).toEqual([originId, []]);
    expect(origins.entries()).toEqual([]);
  });
});
