// A watch given a folder too large to watch: the command's `watch` run in `/`
// or the home folder with no --cwd or --source, a server whose working folder
// is ~, Compare with a folder's Watch on a whole disk. chokidar walked all of
// it (following symbolic links), a system watch per folder, and every change
// anywhere started the run again. The tree is counted first, up to a limit (a
// parameter here, so real folders a little past a small one stand in for `/`),
// and past it the watch is refused, naming the folder and why.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/model.js';
import { watchCommand } from '../cli/watch-command.js';
import { ServerWatches, type ServerWatchDeps } from '../servers/server-watch.js';
import { watchBursts } from './burst-watch.js';

let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'si-watch-bounds-')));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** `count` files in folders of five: count + count/5 entries. */
async function tree(dir: string, count: number): Promise<string> {
  for (let i = 0; i < count; i++) {
    const sub = path.join(dir, `d${Math.floor(i / 5)}`);
    await fs.mkdir(sub, { recursive: true });
    await fs.writeFile(path.join(sub, `f${i}.md`), 'x');
  }
  return dir;
}

const tooMany = (folder: string, limit: number) =>
  `${folder} holds more than ${limit} files and folders (not counting .git and node_modules), too many to watch: every change anywhere under it would start the run again, and watching them all takes a system watch per folder. Watch the folder that holds the skills instead.`;

describe('the watch of bursts of edits', () => {
  test('a folder past the limit is refused before anything is watched, naming the folder; no run happens', async () => {
    const big = await tree(path.join(root, 'big'), 20); // 24 entries
    const runs: string[][] = [];
    const bursts = watchBursts(big, { debounceMs: 10, maxEntries: 20, run: async (changed) => void runs.push([...changed]) });
    await expect(bursts.ready).rejects.toThrow(tooMany(big, 20));
    await bursts.close();
    expect(runs).toEqual([]);
  });

  test('.git and node_modules are not counted, a link back up is counted once, and a folder within the limit is watched', async () => {
    const dir = await tree(path.join(root, 'project'), 10); // 12 entries
    await tree(path.join(dir, '.git'), 50);
    await tree(path.join(dir, 'd0', 'node_modules'), 50);
    await fs.symlink(dir, path.join(dir, 'd1', 'loop'));
    const runs: string[][] = [];
    let ran: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (ran = resolve));
    const bursts = watchBursts(dir, { debounceMs: 10, maxEntries: 20, run: async (changed) => (runs.push([...changed]), ran()) });
    try {
      await bursts.ready;
      await fs.writeFile(path.join(dir, 'd0', 'f0.md'), 'edited');
      await first;
      expect(runs[0]).toContain('d0/f0.md');
    } finally {
      await bursts.close();
    }
  });

  test('a symbolic link to a large folder elsewhere counts what it leads to, as chokidar follows it', async () => {
    const elsewhere = await tree(path.join(root, 'elsewhere'), 20);
    const dir = await tree(path.join(root, 'small'), 5);
    await fs.symlink(elsewhere, path.join(dir, 'everything'));
    const bursts = watchBursts(dir, { debounceMs: 10, maxEntries: 20, run: async () => undefined });
    await expect(bursts.ready).rejects.toThrow(tooMany(dir, 20));
    await bursts.close();
  });
});

describe('the command’s watch', () => {
  test('without --source, a working folder past the limit is bad usage naming it and --source/--cwd; the server is never started', async () => {
    const big = await tree(path.join(root, 'home'), 20);
    const marker = path.join(root, 'server-started');
    const err = new PassThrough();
    let stderr = '';
    let watching: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (watching = resolve));
    err.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      if (stderr.includes('Watching ')) watching();
    });
    const server = `node -e "require('fs').writeFileSync(${JSON.stringify(marker)}, '')"`;
    const answer = watchCommand(['--stdio', server, '--cwd', big], { out: new PassThrough(), err }, {}, { stopped, maxEntries: 20 });
    await expect(answer).rejects.toMatchObject({
      name: 'UsageError',
      message: `${tooMany(big, 20)} It is the folder the server is started in (--cwd); name the folder of skill folders with --source, or start the server there with --cwd.`,
    });
    await expect(fs.access(marker)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('Watch in the app', () => {
  test('a server whose working folder is past the limit is refused naming it, and is not listed as watched', async () => {
    const big = await tree(path.join(root, 'home'), 20);
    const server: ServerConfig = { id: 's1', label: 'dev', transport: { kind: 'stdio', command: 'node', args: ['server.mjs'], env: {}, cwd: big }, createdAt: '2026-01-01T00:00:00.000Z' };
    const never = () => {
      throw new Error('nothing is run for a refused watch');
    };
    const pushed: unknown[] = [];
    const deps: ServerWatchDeps = {
      server: () => server,
      isConnected: () => false,
      connect: never,
      reconnect: never,
      relist: never,
      review: never,
      findings: () => [],
      skills: () => [],
      concurrency: () => 1,
      changed: (watch) => void pushed.push(watch),
      maxWatchedEntries: 20,
    };
    const watches = new ServerWatches(deps);
    await expect(watches.start('s1')).rejects.toMatchObject({
      code: 'invalid-params',
      message: `${tooMany(big, 20)} Name the folder to watch, or set the server's working folder in Edit.`,
    });
    expect(watches.list()).toEqual([]);
    expect(pushed).toEqual([]);
    await watches.closeAll();
  });
});
