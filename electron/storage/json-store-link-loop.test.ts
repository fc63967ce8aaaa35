// A symbolic link that loops (a -> b -> a), or one that names itself, in the
// place of a store or of its backup: left by a sync tool or a restore that
// rewrote links. It holds nothing, as a FIFO in that place holds nothing.
// The load threw the system's "ELOOP: too many symbolic links encountered",
// so the app did not start at all (createInspector rejected), and neither
// the file nor what to do about it was said in words.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonStore } from './json-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const schema = z.object({ maxFileBytes: z.number() }).partial();

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-loop-'));
  dirs.push(dir);
  return dir;
}

describe('a link loop in the place of a store', () => {
  it('settings.json naming itself: reported, the app starts with defaults, and the first save puts a file there', async () => {
    const dir = folder();
    const file = path.join(dir, 'settings.json');
    symlinkSync('settings.json', file);
    const store = new JsonStore(file, schema, () => ({}));
    const loaded = await store.load();
    expect(loaded.value).toEqual({});
    expect(loaded.problem?.message).toBe(
      'The file could not be read because it is a symbolic link that leads round in a loop, not a regular file, and no usable backup exists. The app started with an empty store; the first save replaces it with a regular file.',
    );
    await store.save({ maxFileBytes: 4096 });
    expect(lstatSync(file).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ maxFileBytes: 4096 });
  });

  it('approvals.json damaged and its backup a loop (a -> b -> a): reported, never thrown', async () => {
    const dir = folder();
    const file = path.join(dir, 'approvals.json');
    writeFileSync(file, '{"version": 1, "approvals": [');
    symlinkSync(path.join(dir, 'b'), `${file}.bak`);
    symlinkSync(`${file}.bak`, path.join(dir, 'b'));
    const store = new JsonStore(file, z.unknown(), () => ({ version: 1, approvals: [] }));
    const loaded = await store.load();
    expect(loaded.value).toEqual({ version: 1, approvals: [] });
    expect(loaded.problem?.message).toBe(
      'The file could not be read because it is not valid JSON (CloseBracketExpected at line 1, column 30), and its backup could not be used either (it is a symbolic link that leads round in a loop, not a regular file): no usable backup exists. The app started with an empty store; the damaged file was kept beside it.',
    );
    expect(readFileSync(loaded.problem!.keptAs!, 'utf8')).toBe('{"version": 1, "approvals": [');
    // The next save makes the damaged file the backup, in the loop's place.
    await store.save({ version: 1, approvals: [] });
    expect(lstatSync(`${file}.bak`).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, approvals: [] });
  });
});
