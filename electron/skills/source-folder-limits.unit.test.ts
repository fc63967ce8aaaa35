// A source folder (check --source, Compare with a folder, watch --source) is
// read within the limits a server's files are read within: a file past the
// largest file read, or past the bytes read of the whole folder, is not read
// and its skill is set aside, said, while the folder's other skills are
// compared; a folder of more names than a listing may hold is refused,
// naming it. Before, the SDK's adapter read every file whole and listed
// every folder whole.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { skillEntry } from '@modelcontextprotocol/server/ext/skills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appLimitNamer } from '../../shared/limits.js';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { compareWithSource } from './served-vs-source.js';
import { SourceFolderError, loadSourceFolder, sourceLimitsOf } from './source-folder.js';

const SERVER = 'dev';
const SHOWN = '/src/skills';
const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n# ${name}\n`;
const limits = (patch: Partial<typeof DEFAULT_SETTINGS>) => sourceLimitsOf({ ...DEFAULT_SETTINGS, ...patch }, appLimitNamer);

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-source-limits-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function write(files: Record<string, string | Buffer>): Promise<void> {
  for (const [name, bytes] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), bytes);
  }
}

describe('a source folder with a file past the largest file read', () => {
  it('sets that skill aside, says which file, where and which limit, and compares the others', async () => {
    await write({ 'notes/SKILL.md': skillMd('notes'), 'big/SKILL.md': skillMd('big'), 'big/data.bin': Buffer.alloc(4096, 7) });
    const folder = await loadSourceFolder(dir, SERVER, SHOWN, limits({ maxFileBytes: 1024 }));
    expect(folder.entries.map((e) => e.uri)).toEqual(['skill://notes/SKILL.md']);
    expect(folder.notCompared).toEqual(['skill://big/SKILL.md']);
    expect(folder.findings).toEqual([
      {
        id: 'inspector-source-unread',
        severity: 'warning',
        title: 'A skill of the source folder was not compared: a file past a read limit',
        message: `${SHOWN}/big/data.bin is 4096 bytes, past the largest file read (1024 bytes), so it was not read: skill://big/SKILL.md was not compared; the folder's other skills were. Raise Settings › Largest file to compare it.`,
        location: { serverId: SERVER, skillUri: 'skill://big/SKILL.md' },
        expected: 'at most 1024 bytes',
        actual: '4096 bytes',
      },
    ]);
    // The server serves both: the one set aside is not called missing, the other is compared (and the same).
    const served = [await skillEntry('notes', { 'SKILL.md': skillMd('notes') }), await skillEntry('big', { 'SKILL.md': skillMd('big'), 'data.bin': new Uint8Array(4096).fill(7) })];
    expect(compareWithSource({ serverId: SERVER, folder: SHOWN, served, source: folder.entries, notCompared: folder.notCompared })).toEqual([]);
    // And a change in the compared skill is still found.
    const changed = [await skillEntry('notes', { 'SKILL.md': `${skillMd('notes')}More.\n` }), served[1]!];
    expect(compareWithSource({ serverId: SERVER, folder: SHOWN, served: changed, source: folder.entries, notCompared: folder.notCompared }).map((f) => [f.id, f.location.skillUri])).toEqual([
      ['inspector-source-bytes', 'skill://notes/SKILL.md'],
    ]);
  });

  it('sets aside a skill whose SKILL.md is past it (and its parent skill, which lists that file too), said once', async () => {
    await write({ 'outer/SKILL.md': skillMd('outer'), 'outer/inner/SKILL.md': `${skillMd('inner')}${'x'.repeat(2048)}\n`, 'notes/SKILL.md': skillMd('notes') });
    const folder = await loadSourceFolder(dir, SERVER, SHOWN, limits({ maxFileBytes: 1024 }));
    expect(folder.entries.map((e) => e.uri)).toEqual(['skill://notes/SKILL.md']);
    expect(folder.notCompared).toEqual(['skill://outer/SKILL.md', 'skill://outer/inner/SKILL.md']);
    expect(folder.findings.map((f) => [f.id, f.location.skillUri, f.message])).toEqual([
      [
        'inspector-source-unread',
        'skill://outer/inner/SKILL.md',
        `${SHOWN}/outer/inner/SKILL.md is ${Buffer.byteLength(skillMd('inner')) + 2049} bytes, past the largest file read (1024 bytes), so it was not read: skill://outer/inner/SKILL.md and skill://outer/SKILL.md were not compared; the folder's other skills were. Raise Settings › Largest file to compare it.`,
      ],
    ]);
  });

  it('reads a 3 GiB file beside the skills (a disk image) not at all under the default limits', async () => {
    await write({ 'notes/SKILL.md': skillMd('notes'), 'disk/SKILL.md': skillMd('disk') });
    // Sparse: no disk space taken, yet 3 GiB to anything that reads it whole.
    const handle = await fs.open(path.join(dir, 'disk', 'image.img'), 'w');
    await handle.truncate(3 * 1024 ** 3);
    await handle.close();
    const folder = await loadSourceFolder(dir, SERVER, SHOWN);
    expect(folder.entries.map((e) => e.uri)).toEqual(['skill://notes/SKILL.md']);
    expect(folder.findings.map((f) => [f.id, f.message])).toEqual([
      [
        'inspector-source-unread',
        `${SHOWN}/disk/image.img is ${3 * 1024 ** 3} bytes, past the largest file read (${16 * 1024 * 1024} bytes), so it was not read: skill://disk/SKILL.md was not compared; the folder's other skills were. Raise Settings › Largest file to compare it.`,
      ],
    ]);
  });
});

describe('a source folder past the bytes read of it in all', () => {
  it('reads files until the budget, then sets aside the skill whose file does not fit, naming that limit', async () => {
    await write({ 'a/SKILL.md': skillMd('a'), 'a/one.bin': Buffer.alloc(600, 1), 'b/SKILL.md': skillMd('b'), 'b/two.bin': Buffer.alloc(600, 2) });
    const folder = await loadSourceFolder(dir, SERVER, SHOWN, limits({ serverByteBudget: 1000 }));
    expect(folder.entries.map((e) => e.uri)).toEqual(['skill://a/SKILL.md']);
    expect(folder.notCompared).toEqual(['skill://b/SKILL.md']);
    expect(folder.findings.map((f) => f.message)).toEqual([
      `${SHOWN}/b/two.bin is 600 bytes, past the 1000 bytes read of the folder in all, so it was not read: skill://b/SKILL.md was not compared; the folder's other skills were. Raise Settings › Bytes per server to compare it.`,
    ]);
  });
});

describe('a source folder of more names than a listing may hold', () => {
  it('is refused whole, naming the folder, where the walk stopped and the limit', async () => {
    await write({ 'notes/SKILL.md': skillMd('notes'), '.git/HEAD': 'ref' });
    for (let i = 0; i < 30; i++) await fs.writeFile(path.join(dir, 'notes', `f${String(i).padStart(2, '0')}.md`), 'x');
    const error = await loadSourceFolder(dir, SERVER, SHOWN, limits({ maxListEntries: 20 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceFolderError);
    expect((error as Error).message).toBe(
      `${SHOWN} holds more than 20 files and folders (dot-named ones not counted); the walk stopped in notes, past what is read of a source folder, so nothing of it was compared. Name the folder that holds the skill folders, or raise Settings › Listing entries.`,
    );
    // Within the limit (32 names: notes, its SKILL.md and 30 files; .git not counted), the same folder is compared.
    expect((await loadSourceFolder(dir, SERVER, SHOWN, limits({ maxListEntries: 32 }))).entries.map((e) => e.uri)).toEqual(['skill://notes/SKILL.md']);
  });
});
