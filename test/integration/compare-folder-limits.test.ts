// "Compare with a folder" in the app, and `check --source`, with a file in
// the folder past the largest file read: the app's Settings › Largest file,
// the command's --max-file-bytes bound the folder's reads as they bound the
// server's. The skill holding it is set aside and said, naming the setting or
// the flag that raises it; it is neither compared nor called missing.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { HOSTILE_EDGES_SERVER } from '../fixtures/hostile-edges/harness.js';
import { App } from '../fixtures/mutable-server/app.js';
import { tempDir } from '../fixtures/mutable-server/fixture.js';

const CATALOG = 'catalogs/serves-other-bytes';
const SKILL_TEXT = '---\nname: notes\ndescription: Formats notes.\n---\n# notes\n\nInstructions.\n';

const brief = (f: Finding) => ({ id: f.id, skillUri: f.location.skillUri, message: f.message });

let work: string;
let folder: string;
beforeAll(async () => {
  work = await tempDir('compare-folder-limits');
  folder = path.join(work, 'skills');
  await fs.mkdir(path.join(folder, 'notes', 'references'), { recursive: true });
  await fs.writeFile(path.join(folder, 'notes', 'SKILL.md'), SKILL_TEXT);
  await fs.writeFile(path.join(folder, 'notes', 'references', 'data.bin'), Buffer.alloc(4096, 1));
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const unread = (raise: string) => [
  {
    id: 'inspector-source-unread',
    skillUri: 'skill://notes/SKILL.md',
    message: `${folder}/notes/references/data.bin is 4096 bytes, past the largest file read (1024 bytes), so it was not read: skill://notes/SKILL.md was not compared; the folder's other skills were. Raise ${raise} to compare it.`,
  },
];

describe('comparing with a folder that holds a file past the largest file read', { timeout: 60_000 }, () => {
  it('the app: Settings › Largest file bounds the folder; the skill is set aside, said', async () => {
    const app = await App.open(path.join(work, 'data'));
    try {
      await app.call('settings.update', { maxFileBytes: 1024 });
      const serverId = await app.addServer('two-faced', { kind: 'stdio', command: process.execPath, args: [HOSTILE_EDGES_SERVER, CATALOG], env: {} });
      const result = await app.call('skills.compareWithFolder', { serverId, folder });
      expect(result.findings.map(brief)).toEqual(unread('Settings › Largest file'));
    } finally {
      await app.close();
    }
  });

  it('check --source --max-file-bytes: the same, naming the flag', async () => {
    const run = await runCli(['check', '--stdio', commandLine(process.execPath, HOSTILE_EDGES_SERVER, CATALOG), '--label', 'two-faced', '--source', folder, '--max-file-bytes', '1KiB', '--json']);
    const report = JSON.parse(run.stdout) as { findings: Finding[] };
    expect(report.findings.filter((f) => f.id.startsWith('inspector-source-')).map(brief)).toEqual(unread('--max-file-bytes'));
  });
});
