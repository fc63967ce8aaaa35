// Two `skill-inspector lock` runs at once on one lockfile, as the real built
// command against real servers. Each run reads the lockfile at its start and
// writes it at its end; the first run's server (held-server.mjs) holds its
// skills/list answer until the second run has written, so both runs read the
// old file before either writes, every time. The second write must not be
// lost: the last writer reads the file again under a lock between processes.
// A lock held by another run ends the command with exit 2, naming the file.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../electron/app-version.js';
import { DEMO_STDIO, FIXTURES, FOLDER_SERVER, commandLine, runCli, sha256, skillMd, writeTree, type CliRun } from '../fixtures/cli/harness.js';

const HELD_SERVER = path.join(FIXTURES, 'held-server.mjs');
// What held-server.mjs serves for "alpha" (hostile-edges/kit.mjs skillMd).
const ALPHA = '---\nname: alpha\ndescription: Skill alpha, listed once the gate opens.\n---\n# alpha\n\nInstructions.\n';
const BETA = skillMd('beta', 'Second skill.');
const EARLIER = skillMd('earlier', 'Locked before either run.');

const pinned = (name: string, text: string) => ({
  skills: { [`skill://${name}/SKILL.md`]: { name, resources: [{ uri: `skill://${name}/SKILL.md`, digest: sha256(text), size: Buffer.byteLength(text) }] } },
});
const lockText = (servers: Record<string, unknown>, generator?: string) => `${JSON.stringify({ lockfileVersion: 1, ...(generator ? { generator } : {}), servers }, null, 2)}\n`;

let work: string;
beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-lock-concurrent-'));
});
afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

/** Resolves once the held server has been asked for skills (so its run has read the lockfile); fails if the run ends first. */
async function heldAt(gate: string, run: Promise<CliRun>): Promise<void> {
  let ended: CliRun | undefined;
  void run.then((r) => (ended = r));
  for (;;) {
    if (await fs.stat(`${gate}.held`).then(() => true, () => false)) return;
    if (ended) throw new Error(`the held run ended before its server was asked for skills (exit ${ended.code}): ${ended.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two lock runs at once on one lockfile', { timeout: 120_000 }, () => {
  it.each([
    ['lock --stdio', (lockFile: string, gate: string) => ['lock', '--stdio', commandLine(process.execPath, HELD_SERVER, 'alpha', gate), '--label', 'alpha', '-o', lockFile]],
    ['lock --config --all', (lockFile: string, gate: string) => ['lock', '--config', path.join(path.dirname(gate), 'config.json'), '--all', '-o', lockFile]],
  ])('the run that writes last (%s) keeps the section the other run wrote meanwhile', async (_form, argsOf) => {
    const lockFile = path.join(work, 'skills.lock.json');
    const gate = path.join(work, 'gate');
    await fs.writeFile(path.join(work, 'config.json'), JSON.stringify({ mcpServers: { alpha: { command: process.execPath, args: [HELD_SERVER, 'alpha', gate] } } }));
    await fs.writeFile(lockFile, lockText({ earlier: pinned('earlier', EARLIER) }));
    const skills = await writeTree(path.join(work, 'skills'), { 'beta/SKILL.md': BETA });

    // Run A reads the old lockfile, starts its server and waits on skills/list.
    const first = runCli(argsOf(lockFile, gate));
    await heldAt(gate, first);
    // Run B reads the same old lockfile and writes its section while A waits.
    const second = await runCli(['lock', '--stdio', commandLine(process.execPath, FOLDER_SERVER, skills), '--label', 'beta', '-o', lockFile]);
    expect(second.code, second.stderr).toBe(0);
    expect(await fs.readFile(lockFile, 'utf8')).toBe(lockText({ beta: pinned('beta', BETA), earlier: pinned('earlier', EARLIER) }, `skill-inspector ${APP_VERSION}`));

    // A's server answers; A writes last.
    await fs.writeFile(gate, '');
    const done = await first;
    expect(done.code, done.stderr).toBe(0);
    expect(await fs.readFile(lockFile, 'utf8')).toBe(
      lockText({ alpha: pinned('alpha', ALPHA), beta: pinned('beta', BETA), earlier: pinned('earlier', EARLIER) }, `skill-inspector ${APP_VERSION}`),
    );
    expect((await fs.readdir(work)).sort()).toEqual(['config.json', 'gate', 'gate.held', 'skills', 'skills.lock.json']);
  });

  it('a lock another run holds ends the command with exit 2 naming the file, and the lockfile is not written', async () => {
    const lockFile = path.join(work, 'skills.lock.json');
    const release = await lock(lockFile, { realpath: false });
    try {
      const run = await runCli(['lock', '--stdio', DEMO_STDIO, '-o', lockFile]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`skill-inspector: cannot use the lockfile ${lockFile}: another "skill-inspector lock" run holds it (${lockFile}.lock). Try again once that run has finished;`);
      expect(run.stderr).not.toContain('Locked');
      expect(await fs.readdir(work)).toEqual(['skills.lock.json.lock']);
    } finally {
      await release();
    }
    expect(await fs.readdir(work)).toEqual([]);
  });
});
