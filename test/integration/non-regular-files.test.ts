// Files that are not files: a FIFO, /dev/zero, a folder, a socket, a link to a
// device — offered as a config to import, or put where the app keeps its own
// stores — against the real browser-mode process. Each is refused at once with
// a message naming the path and what it is; the process keeps writing and
// stops on SIGTERM. (Before the safe reader, the fourth FIFO import took the
// last libuv I/O thread: the settings write below never finished and SIGTERM
// did not stop the process.)
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STDIO, runCli } from '../fixtures/cli/harness.js';
import { startWeb, type WebProcess } from '../fixtures/web-process.js';

const posix = process.platform !== 'win32';

describe.skipIf(!posix)('non-regular files in browser mode', { timeout: 120_000 }, () => {
  let work: string;
  let app: WebProcess;

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-nonregular-'));
    app = await startWeb(path.join(work, 'data'), ['--no-demo']);
  });
  afterAll(async () => {
    await app?.terminate();
    await fs.rm(work, { recursive: true, force: true });
  });

  const preview = (file: string) => app.call('servers.importPreview', { from: 'file', path: file }, 10_000);

  it('refuses five FIFO imports in a row at once, then still saves settings and stops on SIGTERM', async () => {
    const fifos: string[] = [];
    for (let i = 0; i < 5; i++) {
      const fifo = path.join(work, `mcp-${i}.json`);
      execFileSync('mkfifo', [fifo]);
      fifos.push(fifo);
    }
    for (const fifo of fifos) {
      expect(await preview(fifo)).toEqual({ ok: false, error: { code: 'invalid-params', message: `${fifo}: it is a named pipe (FIFO), not a regular file; it was not read.` } });
    }
    const saved = await app.call('settings.update', { maxListEntries: 4321 }, 10_000);
    expect(saved).toMatchObject({ ok: true, result: { maxListEntries: 4321 } });
    const onDisk = JSON.parse(await fs.readFile(path.join(work, 'data', 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(onDisk['maxListEntries']).toBe(4321);
  });

  it('refuses /dev/zero and a link to it before reading, instead of reading until "Invalid string length"', async () => {
    expect(await preview('/dev/zero')).toEqual({ ok: false, error: { code: 'invalid-params', message: '/dev/zero: it is a character device, not a regular file; it was not read.' } });
    const link = path.join(work, 'claude_desktop_config.json');
    await fs.symlink('/dev/zero', link);
    expect(await preview(link)).toEqual({ ok: false, error: { code: 'invalid-params', message: `${link}: it is a character device, not a regular file; it was not read.` } });
  });

  it('refuses a folder and a socket by what they are', async () => {
    const folder = path.join(work, 'a-folder.json');
    await fs.mkdir(folder);
    expect(await preview(folder)).toEqual({ ok: false, error: { code: 'invalid-params', message: `${folder}: this is a folder, not a config file.` } });
    const socket = path.join(work, 'mcp.sock');
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(await preview(socket)).toEqual({ ok: false, error: { code: 'invalid-params', message: `${socket}: it is a socket, not a regular file; it was not read.` } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('still imports a regular config through a link', async () => {
    const real = path.join(work, 'real.json');
    await fs.writeFile(real, JSON.stringify({ mcpServers: { linked: { command: 'node', args: ['x.js'] } } }));
    const link = path.join(work, 'linked.json');
    await fs.symlink(real, link);
    const answer = await preview(link);
    expect(answer).toMatchObject({ ok: true, result: { candidates: [{ name: 'linked', suggestedLabel: 'linked' }] } });
  });

  it('stops on SIGTERM after all of it', async () => {
    expect(await app.terminate(10_000)).toEqual({ code: 0, signal: null });
  });
});

describe.skipIf(!posix)('a store replaced by a special file', { timeout: 120_000 }, () => {
  it('starts without hanging: servers.json as a FIFO is reported and the catalog comes back from its backup', async () => {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-nonregular-store-'));
    const dataDir = path.join(work, 'data');
    try {
      const first = await startWeb(dataDir, ['--no-demo']);
      const transport = { kind: 'stdio', command: 'node', args: ['server.js'], env: {} };
      expect(await first.call('servers.add', { label: 'kept', transport })).toMatchObject({ ok: true });
      expect(await first.call('servers.add', { label: 'second', transport })).toMatchObject({ ok: true });
      expect(await first.terminate()).toEqual({ code: 0, signal: null });
      const servers = path.join(dataDir, 'servers.json');
      await fs.rm(servers);
      execFileSync('mkfifo', [servers]);

      const second = await startWeb(dataDir, ['--no-demo']);
      try {
        const listed = await second.call('servers.list', {});
        expect((listed.result as Array<{ config: { label: string } }>).map((s) => s.config.label)).toEqual(['kept']);
        const alerts = await second.call('app.alerts', {});
        expect(alerts.result).toEqual([
          {
            level: 'error',
            title: 'Recovered servers.json',
            message: `The file could not be read because it is a named pipe (FIFO), not a regular file. The last good version was restored from its backup.`,
          },
        ]);
        // The FIFO was replaced by the recovered catalog, a regular file again.
        expect((await fs.lstat(servers)).isFile()).toBe(true);
      } finally {
        expect(await second.terminate()).toEqual({ code: 0, signal: null });
      }
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!posix)('the command line given special files', { timeout: 120_000 }, () => {
  let work: string;
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-nonregular-cli-'));
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it('refuses a FIFO or /dev/zero as --lock and as --config, at once, with exit 2', async () => {
    const fifo = path.join(work, 'skills.lock.json');
    execFileSync('mkfifo', [fifo]);
    const verify = await runCli(['verify', '--lock', fifo, '--stdio', DEMO_STDIO], { cwd: work });
    expect(verify.stderr).toContain(`${fifo}: it is a named pipe (FIFO), not a regular file; it was not read.`);
    expect(verify.code).toBe(2);
    const diff = await runCli(['diff', '--lock', '/dev/zero', '--lock', fifo], { cwd: work });
    expect(diff.stderr).toContain('/dev/zero: it is a character device, not a regular file; it was not read.');
    expect(diff.code).toBe(2);
    const check = await runCli(['check', '--config', fifo, '--server', 'x'], { cwd: work });
    expect(check.stderr).toContain(`Cannot read --config ${fifo}: it is a named pipe (FIFO), not a regular file; it was not read.`);
    expect(check.code).toBe(2);
  });
});
