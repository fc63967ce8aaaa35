// The gateway over the app's data builds its served set again when
// approvals.json or servers.json changes (watch-app-data.ts, polled). A real
// second process writes them as the app does (whole, by rename), deletes one,
// writes one in place in two parts, and removes the data folder and makes it
// again: each change is seen. A watcher library (chokidar, on the folder or on
// the two files) saw none of them once the data folder was made again, and,
// watching the folder, none when the folder did not exist at the start; so
// these are polled.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { watchAppData } from './watch-app-data.js';
import type { ApprovedCatalog } from './approved-catalog.js';

const run = promisify(execFile);

/** The second writer: one step, then it exits. */
const WRITER = `
const fs = require('node:fs');
const path = require('node:path');
const [step, dir, name, text] = process.argv.slice(1);
const file = path.join(dir, name);
if (step === 'replace') {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file + '.tmp', text);
  fs.renameSync(file + '.tmp', file);
} else if (step === 'delete') fs.rmSync(file);
else if (step === 'half') fs.writeFileSync(file, text.slice(0, text.length >> 1));
else if (step === 'rest') fs.appendFileSync(file, text.slice(text.length >> 1));
else if (step === 'remove folder') fs.rmSync(dir, { recursive: true });
`;

const writer = (step: string, dir: string, name = '', text = '') => run(process.execPath, ['-e', WRITER, step, dir, name, text]);

const made: string[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  for (const dir of made.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** Watches `dataDir` as the gateway does; `step` runs the writer and resolves once a change was told after which approvals.json reads `text` ('' when gone). */
function watched(dataDir: string) {
  const catalog = { approvalsFile: path.join(dataDir, 'approvals.json'), serversFile: path.join(dataDir, 'servers.json') } as ApprovedCatalog;
  let told = 0;
  stops.push(watchAppData(catalog, () => void told++));
  const read = () => fs.readFile(catalog.approvalsFile, 'utf8').catch(() => '');
  return {
    async step(write: Promise<unknown>, text: string): Promise<void> {
      // Counted from before the write: a change can be told while the writer is still exiting.
      const before = told;
      await write;
      // Bounded: a change not told within 10 s is not told.
      for (let i = 0; i < 400 && !(told > before && (await read()) === text); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect({ told: told > before, text: await read() }).toEqual({ told: true, text });
    },
  };
}

async function newDataDir(): Promise<string> {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'si-watch-app-data-'));
  made.push(parent);
  return path.join(parent, 'data');
}

describe('the app data the gateway watches, written by another process', { timeout: 60_000 }, () => {
  it('replaced by rename, deleted, written in place in two parts, its folder removed and made again: each change is told', async () => {
    const dataDir = await newDataDir();
    // The data folder does not exist yet: a gateway started before the app ever ran.
    const watch = watched(dataDir);
    const first = '{"version":1,"approvals":[]}';
    const second = '{"version":1,"approvals":[],"x":2}';
    const third = '{"version":1,"approvals":[],"x":"three"}';
    await watch.step(writer('replace', dataDir, 'approvals.json', first), first);
    await watch.step(writer('replace', dataDir, 'approvals.json', second), second);
    await watch.step(writer('delete', dataDir, 'approvals.json'), '');
    await watch.step(writer('half', dataDir, 'approvals.json', third), third.slice(0, third.length >> 1));
    await watch.step(writer('rest', dataDir, 'approvals.json', third), third);
    await watch.step(writer('remove folder', dataDir), '');
    await watch.step(writer('replace', dataDir, 'approvals.json', first), first);
    await watch.step(writer('replace', dataDir, 'approvals.json', second), second);
  });
});
