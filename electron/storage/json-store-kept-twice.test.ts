// Two loads that find the same damaged file in the same millisecond (the app's
// version history and a second reader of the same folder, or two damaged files
// kept at once) each keep a copy under a name of its own. The kept name carries
// the time to the millisecond; the second copy found that name taken and kept
// nothing, so its problem said no `keptAs` (seen as a CI flake of
// approvals/store-problem-title, where two history loads ran 0–7 ms apart).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { JsonStore } from './json-store.js';
import { keepDamaged } from './keep-damaged.js';

afterEach(() => void vi.useRealTimers());

const DAMAGED = '{"version": 1, "skills": {';

function damagedFile(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'si-kept-twice-')), 'srv.json');
  writeFileSync(file, DAMAGED);
  writeFileSync(`${file}.bak`, JSON.stringify({ version: 1, skills: {} }));
  return file;
}

describe('a damaged file kept twice in the same millisecond', () => {
  it('two stores loading it at once: each keeps its own copy, both named, neither lost', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-08T00:00:00.000Z') });
    const file = damagedFile();
    const [a, b] = await Promise.all([new JsonStore(file, z.unknown(), () => ({})).load(), new JsonStore(file, z.unknown(), () => ({})).load()]);
    const kept = [a.problem?.keptAs, b.problem?.keptAs];
    expect(kept.every((name) => typeof name === 'string')).toBe(true);
    expect(new Set(kept).size).toBe(2);
    expect(kept.sort()).toEqual([`${file}.damaged-2026-12-08T00-00-00-000Z`, `${file}.damaged-2026-12-08T00-00-00-000Z-2`]);
    for (const name of kept) expect(readFileSync(name!, 'utf8')).toBe(DAMAGED);
  });

  it('a file kept where an older copy of the same millisecond lies: a name of its own, the older copy untouched', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-08T00:00:00.000Z') });
    const file = damagedFile();
    writeFileSync(`${file}.damaged-2026-12-08T00-00-00-000Z`, 'older');
    expect(await keepDamaged(file)).toEqual({ keptAs: `${file}.damaged-2026-12-08T00-00-00-000Z-2` });
    expect(readFileSync(`${file}.damaged-2026-12-08T00-00-00-000Z`, 'utf8')).toBe('older');
    expect(readFileSync(`${file}.damaged-2026-12-08T00-00-00-000Z-2`, 'utf8')).toBe(DAMAGED);
  });
});
