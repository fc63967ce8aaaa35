// A skill folder holding a file named `x\y.md` (legal on Linux and macOS) beside
// x/y.md: the official SDK lists them as skill://notes/x%5Cy.md and
// skill://notes/x/y.md, two files. The app reads "\" as a folder separator, as a
// Windows host does, so the two share one canonical URI. Against a real SDK
// server (the mutable server, over stdio), the check must say what is true: the
// name holds a backslash (not "..", not a file listed twice), and x/y.md's bytes
// are checked against x/y.md's own listing, so an honest server gets no size or
// digest mismatch.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileCheck, Finding } from '../../shared/model.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { MUTABLE_SERVER, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const SKILL = 'skill://notes/SKILL.md';
const SLASHED = 'skill://notes/x/y.md';
const BACKSLASHED = 'skill://notes/x%5Cy.md';

let work: string;
beforeAll(async () => {
  work = await tempDir('backslash-file-name');
  const notes = path.join(work, 'notes');
  await fs.mkdir(path.join(notes, 'x'), { recursive: true });
  await fs.writeFile(path.join(notes, 'SKILL.md'), skillMd('notes', 'Takes short notes. Use when the user asks for notes.', [], '# Notes\n'));
  await fs.writeFile(path.join(notes, 'x', 'y.md'), '# In the folder x\n');
  // Another size than x/y.md: checked against this listing, x/y.md's bytes would fail on size.
  await fs.writeFile(path.join(notes, 'x\\y.md'), '# A file named x\\y.md, a little longer\n');
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

describe('check: a file name with a backslash beside the file it names on Windows', { timeout: 60_000 }, () => {
  it('says the name holds a backslash, and checks x/y.md against its own listing', async () => {
    const run = await runCli(['check', '--stdio', commandLine(process.execPath, MUTABLE_SERVER, '--dir', work), '--json']);
    const report = JSON.parse(run.stdout) as { findings: Finding[]; skills: Array<{ files: Record<string, FileCheck> }> };
    expect(report.findings.map((f) => ({ id: f.id, fileUri: f.location.fileUri, message: f.message }))).toEqual([
      {
        id: 'inspector-backslash-file-name',
        fileUri: BACKSLASHED,
        message: `the file name x\\y.md in "${BACKSLASHED}" holds a backslash, which Windows hosts read as a folder separator, so a host there would read another file than the one listed; the entry is not loadable and its files are never shown verified.`,
      },
      { id: 'sep-2640-resources-invalid-entry', fileUri: undefined, message: `The entry for "${SKILL}" is invalid, so a host must not load it (see the other findings for why).` },
      { id: 'inspector-backslash-file-name', fileUri: BACKSLASHED, message: `the file name x\\y.md in "${BACKSLASHED}" holds a backslash, which Windows hosts read as a folder separator; such a file is never read.` },
    ]);
    const files = report.skills[0]!.files;
    expect(Object.fromEntries(Object.entries(files).map(([uri, check]) => [uri, { state: check.state, reason: 'reason' in check ? check.reason : undefined, message: 'message' in check ? check.message : undefined }]))).toEqual({
      [SKILL]: { state: 'unverifiable', reason: "The bytes match the listing, but the skill's entry is invalid (see its findings), so a host must not load it and its files are never verified.", message: undefined },
      [BACKSLASHED]: { state: 'failed', reason: 'unlisted', message: `${BACKSLASHED} names a file whose name holds a backslash, so it was not read.` },
      [SLASHED]: { state: 'unverifiable', reason: "The bytes match the listing, but the skill's entry is invalid (see its findings), so a host must not load it and its files are never verified.", message: undefined },
    });
    expect(run.code).toBe(1);
  });

  it('lock refuses the skill for the backslash, not as listing x/y.md twice', async () => {
    const cwd = path.join(work, 'lock');
    await fs.mkdir(cwd);
    const run = await runCli(['lock', '--stdio', commandLine(process.execPath, MUTABLE_SERVER, '--dir', work)], { cwd });
    const refusal = run.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(refusal).toEqual([
      `  - ${SKILL} cannot be pinned: its entry lists ${BACKSLASHED}, whose file name x\\y.md holds a backslash, which Windows hosts read as a folder separator, so it is not loadable and that file cannot be pinned (the file name x\\y.md in "${BACKSLASHED}" holds a backslash, which Windows hosts read as a folder separator, so a host there would read another file than the one listed; the entry is not loadable and its files are never shown verified. The entry for "${SKILL}" is invalid, so a host must not load it (see the other findings for why).)`,
    ]);
    expect(run.code).toBe(1);
    expect(await fs.readdir(cwd)).toEqual([]);
  });
});
