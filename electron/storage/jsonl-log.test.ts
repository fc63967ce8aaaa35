// The append-only log when something other than a file takes its place: a
// FIFO is refused at once for reading and for appending (opening one for
// writing with no reader blocks an I/O thread forever), and the message says so.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonlLog } from './jsonl-log.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-jsonl-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('JsonlLog over a FIFO', () => {
  it('refuses to read or append at once, naming what is there', { timeout: 10_000 }, async () => {
    const file = path.join(dir, 'audit.jsonl');
    execFileSync('mkfifo', [file]);
    const log = new JsonlLog<{ n: number }>(file);
    await expect(log.read()).rejects.toThrow(`${file} is a named pipe (FIFO), not a regular file; it was not read.`);
    await expect(log.append({ n: 1 })).rejects.toThrow(
      `Could not save audit.jsonl because its place holds something that is not a regular file (a pipe, device or folder) (ENOTREG). The previous version on disk is unchanged; move ${file} away (the app did not put it there), then try again.`,
    );
    // The FIFO is still there, untouched; a regular log beside it works.
    expect((await fs.lstat(file)).isFIFO()).toBe(true);
    const other = new JsonlLog<{ n: number }>(path.join(dir, 'other.jsonl'));
    await other.append({ n: 2 });
    expect(await other.read()).toEqual({ records: [{ n: 2 }], badLines: [] });
  });
});

describe.skipIf(process.platform === 'win32')('JsonlLog over a symbolic link', () => {
  // Another program (or a restored, synced data folder) can put a link where the audit log is: appending through it
  // would add the app's entries to whatever it names (a shell's startup file, a file another program reads).
  it('refuses to append or read through it, naming the file; the file it names is untouched', async () => {
    const file = path.join(dir, 'audit.jsonl');
    const elsewhere = path.join(dir, 'profile');
    await fs.writeFile(elsewhere, 'export PATH=/usr/bin\n');
    await fs.symlink(elsewhere, file);
    const log = new JsonlLog<{ n: number }>(file);
    await expect(log.append({ n: 1 })).rejects.toThrow(
      `Could not save audit.jsonl because ${file} is a symbolic link, and the app appends only to a file of its own: the entry would have gone to the file the link names. Nothing was written; move ${file} away (the app did not put it there), then try again.`,
    );
    await expect(log.read()).rejects.toThrow(`${file} is a symbolic link, not a regular file; it was not read.`);
    expect(await fs.readFile(elsewhere, 'utf8')).toBe('export PATH=/usr/bin\n');
    expect((await fs.lstat(file)).isSymbolicLink()).toBe(true);
    // Once it is moved away, the log is the app's own again.
    await fs.rm(file);
    await log.append({ n: 2 });
    expect(await log.read()).toEqual({ records: [{ n: 2 }], badLines: [] });
  });
});
