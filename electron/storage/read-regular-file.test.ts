// The safe reader against the real special files of this machine: a FIFO with
// no writer, /dev/zero, a folder, a listening Unix socket, a link to /dev/zero,
// a /proc file whose stat size (0) is a lie, and a file over the limit.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileTooLarge, NotARegularFile, readRegularFile, readRegularText } from './read-regular-file.js';

const posix = process.platform !== 'win32';
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-read-regular-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function refusal(file: string, options: Parameters<typeof readRegularFile>[1] = { maxBytes: 1024 }): Promise<Error> {
  const error = await readRegularFile(file, options).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  if (!error) throw new Error(`${file} was read`);
  return error;
}

describe('readRegularFile', () => {
  it('reads a regular file whole, and an empty one as no bytes', async () => {
    const file = path.join(dir, 'plain.json');
    await fs.writeFile(file, '{"a":1}\n');
    expect(await readRegularText(file, { maxBytes: 8 })).toBe('{"a":1}\n');
    await fs.writeFile(path.join(dir, 'empty'), '');
    expect((await readRegularFile(path.join(dir, 'empty'), { maxBytes: 8 })).byteLength).toBe(0);
  });

  it('reads bytes past the stat size a /proc file reports, and stops at the limit', { skip: process.platform !== 'linux' }, async () => {
    expect((await fs.stat('/proc/self/status')).size).toBe(0);
    expect(await readRegularText('/proc/self/status', { maxBytes: 1024 * 1024 })).toMatch(/^Name:/);
    const error = await refusal('/proc/self/status', { maxBytes: 16 });
    expect(error).toBeInstanceOf(FileTooLarge);
    expect(error.message).toBe('/proc/self/status is larger than 16 bytes; it was not read.');
  });

  it('refuses a file over the limit by the bytes it holds', async () => {
    const file = path.join(dir, 'big.txt');
    await fs.writeFile(file, 'x'.repeat(300_000));
    expect((await readRegularFile(file, { maxBytes: 300_000 })).byteLength).toBe(300_000);
    const error = await refusal(file, { maxBytes: 299_999 });
    expect(error).toMatchObject({ code: 'EFBIG', message: `${file} is larger than 299999 bytes; it was not read.` });
  });

  it('refuses a FIFO with no writer at once, without blocking an I/O thread', { skip: !posix }, async () => {
    const fifo = path.join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    // More than libuv's four threads: a blocking open would hang the fifth, and every later disk call.
    const errors = await Promise.all(Array.from({ length: 6 }, () => refusal(fifo)));
    for (const error of errors) {
      expect(error).toBeInstanceOf(NotARegularFile);
      expect(error.message).toBe(`${fifo} is a named pipe (FIFO), not a regular file; it was not read.`);
    }
    const after = path.join(dir, 'after.txt');
    await fs.writeFile(after, 'still writing');
    expect(await fs.readFile(after, 'utf8')).toBe('still writing');
  });

  it('refuses /dev/zero and a link to it before reading a byte', { skip: !posix }, async () => {
    expect((await refusal('/dev/zero', { maxBytes: 1024 * 1024 * 1024 })).message).toBe('/dev/zero is a character device, not a regular file; it was not read.');
    const link = path.join(dir, 'zero-link.json');
    await fs.symlink('/dev/zero', link);
    expect(await refusal(link)).toMatchObject({ code: 'ENOTREG', kind: 'a character device', message: `${link} is a character device, not a regular file; it was not read.` });
    // Not following links: the link itself is refused by the open.
    expect(await refusal(link, { maxBytes: 1024, followSymlinks: false })).toMatchObject({ code: 'ELOOP' });
  });

  it('refuses a folder', async () => {
    expect(await refusal(dir)).toMatchObject({ code: 'ENOTREG', message: `${dir} is a folder, not a regular file; it was not read.` });
  });

  it('refuses a Unix socket', { skip: !posix }, async () => {
    const socket = path.join(dir, 'server.sock');
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(await refusal(socket)).toMatchObject({ code: 'ENOTREG', message: `${socket} is a socket, not a regular file; it was not read.` });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('passes a missing file through as ENOENT', async () => {
    expect(await refusal(path.join(dir, 'missing.json'))).toMatchObject({ code: 'ENOENT' });
  });
});
