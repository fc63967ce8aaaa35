// A store the system will not let the app read: permission denied (EACCES, a
// restored data folder owned by another user), a disk that answers EIO, or a
// path that cannot be followed (ENOTDIR). The load threw the system's error,
// so the app did not start and said nothing a person could act on; and a
// store started empty over an unreadable file would have saved over what it
// holds. Now the load names the file and what failed, the app starts without
// it, and no save touches it (or its backup) until it can be read.
// Run as root here, chmod 000 proves nothing: a link to /proc/self/mem gives a
// real EIO on read, and a link through a regular file a real ENOTDIR on open.
import { lstatSync, mkdtempSync, readFileSync, readlinkSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonStore } from './json-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-unreadable-'));
  dirs.push(dir);
  return dir;
}

const schema = z.object({ version: z.literal(1), approvals: z.array(z.string()) });
const empty = () => ({ version: 1 as const, approvals: [] as string[] });

describe('a store the system will not let the app read', () => {
  it('approvals.json answering EIO: named, started empty, and no save replaces it or its backup', async () => {
    const dir = folder();
    const file = path.join(dir, 'approvals.json');
    symlinkSync('/proc/self/mem', file);
    writeFileSync(`${file}.bak`, '{"version":1,"approvals":["kept"]}\n');
    const store = new JsonStore(file, schema, empty);
    const loaded = await store.load();
    expect(loaded.value).toEqual(empty());
    expect(loaded.problem).toEqual({
      file,
      message: `${file} could not be read because the disk reported an input/output error (EIO). The app started without what it holds, and nothing is saved to approvals.json until the app can read it, so nothing in it (or in its backup) is replaced: fix the file or the disk, then restart the app.`,
      recoveredFrom: 'default',
      unreadable: true,
    });
    await expect(store.save({ version: 1, approvals: ['new'] })).rejects.toThrow(
      `Could not save approvals.json because it could not be read when the app started (the disk reported an input/output error, EIO), and a save would replace what it holds. Nothing was written; fix the file or the disk, then restart the app.`,
    );
    expect(readlinkSync(file)).toBe('/proc/self/mem');
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe('{"version":1,"approvals":["kept"]}\n');
    expect(readdirSync(dir).sort()).toEqual(['approvals.json', 'approvals.json.bak']);
  });

  it('servers.json whose path cannot be followed (ENOTDIR): named, never thrown, never saved over', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'plain'), 'x');
    const file = path.join(dir, 'servers.json');
    symlinkSync(path.join(dir, 'plain', 'servers.json'), file);
    const store = new JsonStore(file, schema, empty);
    const loaded = await store.load();
    expect(loaded.problem?.message).toBe(
      `${file} could not be read because a part of its path is a file, not a folder (ENOTDIR). The app started without what it holds, and nothing is saved to servers.json until the app can read it, so nothing in it (or in its backup) is replaced: fix the file or the disk, then restart the app.`,
    );
    await expect(store.save(empty())).rejects.toMatchObject({ code: 'EUNREAD' });
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
  });

  it('a damaged store whose backup answers EIO: the damaged file is kept aside, and no save makes it the backup', async () => {
    const dir = folder();
    const file = path.join(dir, 'approvals.json');
    writeFileSync(file, '{"version": 1, "approvals": [');
    symlinkSync('/proc/self/mem', `${file}.bak`);
    const store = new JsonStore(file, schema, empty);
    const loaded = await store.load();
    const keptAs = loaded.problem!.keptAs!;
    expect(loaded.problem?.message).toBe(
      `${file}.bak could not be read because the disk reported an input/output error (EIO). The app started without what it holds, and nothing is saved to approvals.json until the app can read it, so nothing in it (or in its backup) is replaced: fix the file or the disk, then restart the app. approvals.json itself was damaged; it was kept as ${keptAs}.`,
    );
    expect(readFileSync(keptAs, 'utf8')).toBe('{"version": 1, "approvals": [');
    await expect(store.save(empty())).rejects.toMatchObject({ code: 'EUNREAD' });
    expect(readFileSync(file, 'utf8')).toBe('{"version": 1, "approvals": [');
    expect(readlinkSync(`${file}.bak`)).toBe('/proc/self/mem');
  });

  it('a missing store whose backup answers EIO: the backup is named and kept, not replaced by the second save', async () => {
    const dir = folder();
    const file = path.join(dir, 'settings.json');
    symlinkSync('/proc/self/mem', `${file}.bak`);
    const store = new JsonStore(file, schema, empty);
    const loaded = await store.load();
    expect(loaded.problem?.message).toBe(
      `${file}.bak could not be read because the disk reported an input/output error (EIO). The app started without what it holds, and nothing is saved to settings.json until the app can read it, so nothing in it (or in its backup) is replaced: fix the file or the disk, then restart the app.`,
    );
    await expect(store.save(empty())).rejects.toMatchObject({ code: 'EUNREAD' });
    expect(readlinkSync(`${file}.bak`)).toBe('/proc/self/mem');
    expect(readdirSync(dir)).toEqual(['settings.json.bak']);
  });
});
