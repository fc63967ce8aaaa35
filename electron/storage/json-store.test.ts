import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
