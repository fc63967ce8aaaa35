// Stores that share a folder (one history file per server, all in one folder)
// load lazily while their neighbours save. Loading sweeps the temp files a
// killed writer left behind; it swept every `.tmp` in the folder, so a
// neighbour's save that was between writing its temp file and renaming it
// failed ("ENOENT … rename") and that save was lost.
import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonStore } from './json-store.js';

const schema = z.object({ items: z.array(z.string()) });

describe('a store loading beside another that is saving', () => {
  it('leaves the other store’s save in flight alone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-sweep-'));
    const saving = new JsonStore(path.join(dir, 'server-a.json'), schema, () => ({ items: [] }));
    const value = { items: Array.from({ length: 20_000 }, (_, i) => `entry ${i}`) };
    const failures: string[] = [];
    for (let round = 0; round < 40; round++) {
      let saved = false;
      const save = saving.save(value).then(
        () => (saved = true),
        (error: unknown) => failures.push(String(error)),
      );
      // A neighbour's first load, once the save's temp file is there.
      while (!saved && failures.length === round && !(await readdir(dir)).some((n) => n.endsWith('.tmp'))) await new Promise((r) => setImmediate(r));
      const loads = Array.from({ length: 4 }, (_, i) => new JsonStore(path.join(dir, `server-${round}-${i}.json`), schema, () => ({ items: [] })).load());
      await Promise.all([save, ...loads]);
    }
    expect(failures).toEqual([]);
  });
});
