import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
});
