// Two instances on one data folder, as real browser-mode processes. Before,
// both started and the last writer won: the first instance's approvals and
// servers vanished from the files while it still showed them. Now the second
// refuses to start and names the instance that holds the folder; a holder
// killed with kill -9 leaves a stale lock the next start takes over; and the
// command line, which never writes the data folder, keeps working alongside.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STDIO, runCli } from '../fixtures/cli/harness.js';
import { startWeb, startWebExpectingExit, type WebProcess } from '../fixtures/web-process.js';

const transport = { kind: 'stdio', command: 'node', args: ['server.js'], env: {} };
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/;

let work: string;
let dataDir: string;
const running: WebProcess[] = [];

beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-one-instance-'));
  dataDir = path.join(work, 'data');
});
afterEach(async () => {
  for (const app of running.splice(0)) await app.terminate();
  await fs.rm(work, { recursive: true, force: true });
});

async function start(): Promise<WebProcess> {
  const app = await startWeb(dataDir, ['--no-demo']);
  running.push(app);
  return app;
}

async function labels(app: WebProcess): Promise<string[]> {
  return ((await app.call('servers.list', {})).result as Array<{ config: { label: string } }>).map((s) => s.config.label);
}

describe('one instance per data folder', { timeout: 120_000 }, () => {
  it('refuses a second browser-mode process on the same folder, saying which instance holds it', async () => {
    const first = await start();
    const lock = JSON.parse(await fs.readFile(path.join(dataDir, 'instance.lock'), 'utf8')) as Record<string, unknown>;
    expect(lock).toMatchObject({ pid: first.pid, kind: 'browser mode', dataDir, hostname: os.hostname() });
    expect(lock['startedAt']).toMatch(ISO);

    const second = await startWebExpectingExit(dataDir, ['--no-demo']);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toBe(
      `skill-inspector web: The data folder ${dataDir} is in use by another Skill Inspector: browser mode (pid ${first.pid}), started ${String(lock['startedAt'])}. ` +
        `Two instances writing one folder would lose each other's approvals and servers. Close that one, or start this one with another data folder (--data-dir, or SKILL_INSPECTOR_DATA_DIR).\n`,
    );
    // The first instance is untouched and still saves.
    expect(await first.call('servers.add', { label: 'kept', transport })).toMatchObject({ ok: true });
    expect(await labels(first)).toEqual(['kept']);
  });

  it('loses nothing: what the first instance saved is what the next one loads, after a clean stop', async () => {
    const first = await start();
    await first.call('servers.add', { label: 'a', transport });
    expect((await startWebExpectingExit(dataDir, ['--no-demo'])).code).toBe(1);
    await first.call('servers.add', { label: 'b', transport });
    expect(await first.terminate()).toEqual({ code: 0, signal: null });
    // A clean stop gives the folder back.
    await expect(fs.stat(path.join(dataDir, 'instance.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
    const next = await start();
    expect(await labels(next)).toEqual(['a', 'b']);
  });

  it('takes over the stale lock of a holder killed with kill -9', async () => {
    const first = await start();
    await first.call('servers.add', { label: 'before the kill', transport });
    await first.kill9();
    // The dead holder's lock is still there…
    const stale = JSON.parse(await fs.readFile(path.join(dataDir, 'instance.lock'), 'utf8')) as { pid: number };
    expect(stale.pid).toBe(first.pid);
    // …and the next start takes it over at once.
    const next = await start();
    const lock = JSON.parse(await fs.readFile(path.join(dataDir, 'instance.lock'), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(next.pid);
    expect(await labels(next)).toEqual(['before the kill']);
    expect((await startWebExpectingExit(dataDir, ['--no-demo'])).stderr).toContain(`browser mode (pid ${next.pid})`);
  });

  it('starts only one of several processes launched at the same moment', async () => {
    const launches = await Promise.allSettled(Array.from({ length: 3 }, () => startWeb(dataDir, ['--no-demo'])));
    const started = launches.filter((l): l is PromiseFulfilledResult<WebProcess> => l.status === 'fulfilled').map((l) => l.value);
    running.push(...started);
    expect(started).toHaveLength(1);
    for (const refused of launches.filter((l) => l.status === 'rejected')) {
      expect(String((refused as PromiseRejectedResult).reason)).toContain(`is in use by another Skill Inspector: browser mode (pid ${started[0]!.pid})`);
    }
  });

  it('leaves the command line working alongside: it does not use the data folder', async () => {
    await start();
    const env = { SKILL_INSPECTOR_DATA_DIR: dataDir };
    const check = await runCli(['check', '--stdio', DEMO_STDIO, '--quiet'], { cwd: work, env });
    expect(check.stderr).not.toContain('in use');
    expect(check.code).toBe(0);
    const lock = await runCli(['lock', '--stdio', DEMO_STDIO, '-o', path.join(work, 'skills.lock.json')], { cwd: work, env });
    expect(lock.code).toBe(0);
    const verify = await runCli(['verify', '--lock', path.join(work, 'skills.lock.json'), '--stdio', DEMO_STDIO], { cwd: work, env });
    expect(verify.code).toBe(0);
  });
});
