// Ctrl-C (or a kill) while the built command waits on a stdio server: the
// server and the helper it started end with the command. The server runs in a
// process group of its own (electron/connections/process-tree.ts), so the
// terminal's Ctrl-C no longer reaches it directly; the command passes it on.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandLine } from '../fixtures/cli/harness.js';
import { CLI } from '../support/paths.js';
import { goneSoon, killLeft, tinyStdioServer } from '../support/processes.js';

/** Starts a helper that would run for a minute, writes both pids to the file named by its argument, answers the handshake and nothing after. */
const SERVER = tinyStdioServer({
  name: 'silent',
  capabilities: '{ resources: {} }',
  prelude: `const { writeFileSync } = require('node:fs');
const helper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
writeFileSync(process.argv[2], JSON.stringify({ server: process.pid, helper: helper.pid }));`,
});

const dir = mkdtempSync(path.join(tmpdir(), 'cli-interrupt-'));
const serverFile = path.join(dir, 'server.js');
writeFileSync(serverFile, SERVER);
const leftovers: number[] = [];
afterAll(() => {
  killLeft(leftovers);
  rmSync(dir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the command interrupted while a stdio server is running', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal}: the command ends by it, and the server and its helper end too`, async () => {
      const pidsFile = path.join(dir, `${signal}.json`);
      const command = spawn(process.execPath, [CLI, 'list', '--stdio', commandLine(process.execPath, serverFile, pidsFile)], { stdio: 'ignore' });
      const ended = new Promise<NodeJS.Signals | null>((resolve) => command.once('exit', (_code, how) => resolve(how)));
      let pids: { server: number; helper: number } | undefined;
      for (let i = 0; i < 600 && !pids; i++) {
        await pause(50);
        try {
          pids = JSON.parse(readFileSync(pidsFile, 'utf8')) as { server: number; helper: number };
        } catch {
          // not written yet
        }
      }
      expect(pids).toBeDefined();
      leftovers.push(pids!.server, pids!.helper);
      // The command is connecting or waiting for the listing the server never sends.
      await pause(500);
      command.kill(signal);

      expect(await ended).toBe(signal);
      expect(await goneSoon(pids!.server)).toBe(true);
      expect(await goneSoon(pids!.helper)).toBe(true);
    }, 60_000);
  }
});
