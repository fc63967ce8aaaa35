// A store that is far larger than any the app writes: a sparse file of 3 GB in
// the place of approvals.json (a disk error, another program, a restore gone
// wrong). It is not read (MAX_STORE_BYTES), and it is kept for a person to look
// at. It was kept by copying it: 9 s of start-up and 3 GB of real disk for a
// file that held none, and a sparse file of 100 GB filled the disk.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonStore } from './json-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a store far too large to be the app\'s', () => {
  it('is moved aside, not copied, and reported', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-huge-'));
    dirs.push(dir);
    const file = path.join(dir, 'approvals.json');
    execFileSync('truncate', ['-s', '3G', file]);
    const inode = statSync(file).ino;

    const loaded = await new JsonStore(file, z.unknown(), () => ({ version: 1, approvals: [] })).load();
    expect(loaded.value).toEqual({ version: 1, approvals: [] });
    expect(loaded.problem?.message).toBe(
      'The file could not be read because it is larger than 268435456 bytes, and no usable backup exists. The app started with an empty store; the damaged file was kept beside it.',
    );
    // The same file, under the name that keeps it: moved, so no byte was written.
    const kept = statSync(loaded.problem!.keptAs!);
    expect([kept.ino, kept.size]).toEqual([inode, 3 * 1024 ** 3]);
    expect(existsSync(file)).toBe(false);
  });
});
