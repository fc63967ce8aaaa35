// Two files whose URIs are different files to the SDK but one canonical URI to
// the app: the SDK builds `x\y.md` (a legal file name on Linux and macOS) as
// skill://notes/x%5Cy.md and x/y.md as skill://notes/x/y.md, and canonicalUri
// reads a "\" as a separator, so both are skill://notes/x/y.md to it. Against a
// real SDK server (the mutable server, over stdio): `check --source` must not
// call a folder the server serves exactly when the server leaves one of the two
// out, and `watch` must name an edit of either.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { commandLine, runCli, sha256 } from '../fixtures/cli/harness.js';
import { WatchRun } from '../fixtures/cli/watch-run.js';
import { MUTABLE_SERVER, SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const NOTES_MD = skillMd('notes', 'Takes short notes. Use when the user asks for notes.', [], '# Notes\n');
const SLASHED = '# In the folder x\n';
const SLASHED_EDITED = '# In the folder x, edited\n';
const BACKSLASHED = '# A file named x\\y.md\n';

const short = (text: string) => `${sha256(text).slice(0, 'sha256:'.length + 12)}…`;
const shown = (text: string) => `${Buffer.byteLength(text)} bytes, ${sha256(text)}`;

let work: string;
beforeAll(async () => {
  work = await tempDir('source-same-canonical');
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

async function folderOf(name: string, files: Record<string, string>): Promise<string> {
  const dir = path.join(work, name);
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, ...relative.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
  return dir;
}

async function checkAgainst(servedDir: string, sourceDir: string) {
  const run = await runCli(['check', '--stdio', commandLine(process.execPath, MUTABLE_SERVER, '--dir', servedDir), '--label', 'mutable', '--source', sourceDir, '--json']);
  const report = JSON.parse(run.stdout) as { findings: Finding[] };
  const all = report.findings.filter((f) => f.id.startsWith('inspector-source-')).map((f) => ({ id: f.id, fileUri: f.location.fileUri, message: f.message, actual: f.actual }));
  // The differences between the listing and the folder. Where the server lists both files, the app holds the entry
  // invalid (it reads x%5Cy.md as climbing out of x/) and its reads are said apart ("… is listed as the source
  // folder's file …, but …"): they are not what this test is about.
  const source = all.filter((f) => !f.message.includes(" is listed as the source folder's file ("));
  return { ...run, source };
}

describe('check --source: files the SDK names apart that one canonical URI joins', { timeout: 60_000 }, () => {
  it('a file named x\\y.md only the folder has is extra, though the server serves x/y.md with the same bytes', async () => {
    const served = await folderOf('served-one', { 'notes/SKILL.md': NOTES_MD, 'notes/x/y.md': SLASHED });
    const source = await folderOf('source-both', { 'notes/SKILL.md': NOTES_MD, 'notes/x/y.md': SLASHED, 'notes/x\\y.md': BACKSLASHED });
    const run = await checkAgainst(served, source);
    expect(run.source).toEqual([
      {
        id: 'inspector-source-extra',
        fileUri: 'skill://notes/x%5Cy.md',
        message: `${source}/notes/x\\y.md is in the source folder, but the server's entry does not list skill://notes/x%5Cy.md.`,
        actual: undefined,
      },
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Compared with ${source}: 1 difference(s).`);
  });

  it('a file named x\\y.md the server serves and the folder lacks is missing', async () => {
    const served = await folderOf('served-both', { 'notes/SKILL.md': NOTES_MD, 'notes/x/y.md': SLASHED, 'notes/x\\y.md': BACKSLASHED });
    const source = await folderOf('source-one', { 'notes/SKILL.md': NOTES_MD, 'notes/x/y.md': SLASHED });
    const run = await checkAgainst(served, source);
    expect(run.source).toEqual([
      {
        id: 'inspector-source-missing',
        fileUri: 'skill://notes/x%5Cy.md',
        message: `The server lists x\\y.md, but ${source}/notes/x\\y.md is not in the source folder.`,
        actual: undefined,
      },
    ]);
  });

  it('the two files with their bytes swapped are two byte differences', async () => {
    const served = await folderOf('served-swapped', { 'notes/SKILL.md': NOTES_MD, 'notes/x/y.md': BACKSLASHED, 'notes/x\\y.md': SLASHED });
    const source = await folderOf('source-unswapped', { 'notes/SKILL.md': NOTES_MD, 'notes/x/y.md': SLASHED, 'notes/x\\y.md': BACKSLASHED });
    const run = await checkAgainst(served, source);
    expect(run.source).toEqual([
      { id: 'inspector-source-bytes', fileUri: 'skill://notes/x%5Cy.md', message: `x\\y.md differs: the source folder's file is ${shown(BACKSLASHED)}; the server lists ${shown(SLASHED)}.`, actual: shown(SLASHED) },
      { id: 'inspector-source-bytes', fileUri: 'skill://notes/x/y.md', message: `x/y.md differs: the source folder's file is ${shown(SLASHED)}; the server lists ${shown(BACKSLASHED)}.`, actual: shown(BACKSLASHED) },
    ]);
  });
});

describe('watch: an edit of x/y.md beside x\\y.md', { timeout: 120_000 }, () => {
  let folder: SkillFolder;
  let watch: WatchRun | undefined;
  afterAll(async () => {
    await watch?.stop();
    if (folder) await fs.rm(folder.dir, { recursive: true, force: true });
  });

  it('is named with both digests', async () => {
    folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', NOTES_MD);
    await folder.write('notes/x/y.md', SLASHED);
    await fs.writeFile(path.join(folder.dir, 'notes', 'x\\y.md'), BACKSLASHED);
    watch = WatchRun.start(['--stdio', commandLine(process.execPath, MUTABLE_SERVER, '--dir', folder.dir), '--cwd', folder.dir, '--label', 'mutable', '--debounce-ms', '250']);
    const first = await watch.block(1);
    expect(first.slice(0, 2)).toEqual(['── run 1 ──', '+ skill skill://notes/SKILL.md']);
    await folder.write('notes/x/y.md', SLASHED_EDITED);
    const second = await watch.block(2);
    expect(second[0]).toBe('── run 2 · changed: notes/x/y.md ──');
    expect(second).toContain(`~ digest skill://notes/x/y.md ${short(SLASHED)} → ${short(SLASHED_EDITED)}`);
    expect(second).not.toContain('no change since the last run');
  });
});
