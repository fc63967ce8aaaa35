import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonStore } from './json-store.js';

const schema = z.object({ n: z.number() });

describe('JsonStore recovery', () => {
  it('restores a damaged file from its backup and keeps the backup the good version', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-'));
    const file = path.join(dir, 'data.json');
    const store = new JsonStore(file, schema, () => ({ n: 0 }));
    await store.save({ n: 1 });
    await store.save({ n: 2 });
    expect(JSON.parse(readFileSync(`${file}.bak`, 'utf8'))).toEqual({ n: 1 });
    writeFileSync(file, '{"n": "two"');
    const loaded = await new JsonStore(file, schema, () => ({ n: 0 })).load();
    expect(loaded.value).toEqual({ n: 1 });
    expect(loaded.problem).toMatchObject({ recoveredFrom: 'backup' });
    expect(readFileSync(loaded.problem!.keptAs!, 'utf8')).toBe('{"n": "two"');
    // The damaged bytes must not have become the backup.
    expect(JSON.parse(readFileSync(`${file}.bak`, 'utf8'))).toEqual({ n: 1 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: 1 });
  });

  it('a missing file with a damaged backup is reported, and the damaged backup is kept where no save overwrites it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-'));
    const file = path.join(dir, 'data.json');
    const store = new JsonStore(file, schema, () => ({ n: 0 }));
    await store.save({ n: 1 });
    await store.save({ n: 2 });
    rmSync(file);
    writeFileSync(`${file}.bak`, '{"n": 1');
    const reopened = new JsonStore(file, schema, () => ({ n: 0 }));
    const loaded = await reopened.load();
    expect(loaded.value).toEqual({ n: 0 });
    expect(loaded.problem).toMatchObject({ file, recoveredFrom: 'default' });
    expect(loaded.problem!.message).toMatch(/missing/);
    expect(loaded.problem!.message).toMatch(/backup could not be read because it is not valid JSON/);
    // Two saves: the first makes the file, the second turns it into the backup. The damaged bytes survive both.
    await reopened.save({ n: 3 });
    await reopened.save({ n: 4 });
    expect(JSON.parse(readFileSync(`${file}.bak`, 'utf8'))).toEqual({ n: 3 });
    expect(loaded.problem!.keptAs).toBeDefined();
    expect(readFileSync(loaded.problem!.keptAs!, 'utf8')).toBe('{"n": 1');
  });

  it('a damaged file with a damaged backup keeps both aside, so the saves after it lose neither', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-'));
    const file = path.join(dir, 'data.json');
    writeFileSync(file, '{"n": 2');
    writeFileSync(`${file}.bak`, '{"n": 1');
    const store = new JsonStore(file, schema, () => ({ n: 0 }));
    const loaded = await store.load();
    expect(loaded.problem).toMatchObject({ file, recoveredFrom: 'default' });
    await store.save({ n: 3 });
    await store.save({ n: 4 });
    expect(readFileSync(loaded.problem!.keptAs!, 'utf8')).toBe('{"n": 2');
    expect(loaded.problem!.message).toContain(`the damaged backup was kept as ${loaded.problem!.backupKeptAs!}`);
    expect(readFileSync(loaded.problem!.backupKeptAs!, 'utf8')).toBe('{"n": 1');
  });
});

// A folder in the place of a store or of its backup (another program, a sync tool). A pipe or a
// device there is replaced by the next save's rename, but a rename cannot replace a folder: every
// save failed with "EISDIR: illegal operation on a directory, rename …" and the advice to free disk
// space, and the load had promised that the first save would replace it.
describe('a folder where a store or its backup belongs', () => {
  it('a folder in the backup’s place: each save says which folder to move away, and saves once it is gone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-'));
    const file = path.join(dir, 'data.json');
    const store = new JsonStore(file, schema, () => ({ n: 0 }));
    await store.save({ n: 1 });
    mkdirSync(`${file}.bak`);
    await expect(store.save({ n: 2 })).rejects.toThrow(
      `Could not save data.json because ${file}.bak is a folder, where the app keeps its backup (EISDIR). The previous version on disk is unchanged; move ${file}.bak away (the app did not put it there), then try again.`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: 1 });
    renameSync(`${file}.bak`, path.join(dir, 'moved'));
    await store.save({ n: 3 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: 3 });
  });

  it('a folder in the store’s place: the load says nothing is saved until it is moved, and so does each save', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-'));
    const file = path.join(dir, 'data.json');
    mkdirSync(file);
    const store = new JsonStore(file, schema, () => ({ n: 0 }));
    const loaded = await store.load();
    expect(loaded).toEqual({
      value: { n: 0 },
      problem: {
        file,
        message: `The file could not be read because it is a folder, not a regular file, and no usable backup exists. The app started with an empty store; nothing can be saved until ${file} is moved away (the app does not remove a folder).`,
        recoveredFrom: 'default',
      },
    });
    await expect(store.save({ n: 1 })).rejects.toThrow(
      `Could not save data.json because ${file} is a folder, where the app keeps its file (EISDIR). The previous version on disk is unchanged; move ${file} away (the app did not put it there), then try again.`,
    );
  });

  it('a missing store whose backup is a folder: the load says the same of the backup', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-'));
    const file = path.join(dir, 'data.json');
    mkdirSync(`${file}.bak`);
    const loaded = await new JsonStore(file, schema, () => ({ n: 0 })).load();
    expect(loaded.problem?.message).toBe(
      `The file was missing, and its backup could not be read because it is a folder, not a regular file. The app started with an empty store; nothing can be saved until ${file}.bak is moved away (the app does not remove a folder).`,
    );
  });

  it('a damaged store whose backup is a folder: the load names the folder to move', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-'));
    const file = path.join(dir, 'data.json');
    writeFileSync(file, '{"n": 2');
    mkdirSync(`${file}.bak`);
    const loaded = await new JsonStore(file, schema, () => ({ n: 0 })).load();
    expect(loaded.problem?.message).toBe(
      `The file could not be read because it is not valid JSON (CloseBraceExpected at line 1, column 8), and its backup could not be used either (it is a folder, not a regular file; nothing can be saved until ${file}.bak is moved away): no usable backup exists. The app started with an empty store; the damaged file was kept beside it.`,
    );
  });
});
