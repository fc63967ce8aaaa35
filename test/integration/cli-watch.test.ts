// `skill-inspector watch --source DIR --stdio …` (issue 19, the developer's
// loop): the built command watching a temp folder that the mutable server — a
// real SDK server over stdio — serves. The test edits the folder and reads the
// blocks the command prints: one run per burst of edits naming the files and
// their new digests; a broken SKILL.md gives its finding, fixing it clears it;
// SIGTERM ends the command with exit 0 and no server process left behind.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLine, sha256 } from '../fixtures/cli/harness.js';
import { MUTABLE_SERVER, SkillFolder, skillMd } from '../fixtures/mutable-server/fixture.js';
import { WatchRun } from '../fixtures/cli/watch-run.js';

const NOTES_MD = skillMd('notes', 'Takes short notes. Use when the user asks for notes.', [], '# Notes\n\nSee references/guide.md.\n');
const NOTES_MD_EDITED = skillMd('notes', 'Takes short notes. Use when the user asks for notes.', [], '# Notes\n\nSee references/guide.md first.\n');
const GUIDE = '# Guide\n\nWrite short notes.\n';
const GUIDE_EDITED = '# Guide\n\nWrite short notes, one per line.\n';
const TODO_MD = skillMd('todo', 'Keeps a to-do list. Use when the user plans work.');
const BROKEN_TODO = '# To-do, without frontmatter\n';

const short = (text: string) => `${sha256(text).slice(0, 'sha256:'.length + 12)}…`;

let folder: SkillFolder;
let watch: WatchRun;

beforeAll(async () => {
  folder = await SkillFolder.create();
  await folder.write('notes/SKILL.md', NOTES_MD);
  await folder.write('notes/references/guide.md', GUIDE);
  // The folder the broken skill will be written into exists from the start, so its creation is no event of the test's edits.
  await fs.mkdir(`${folder.dir}/todo`);
  watch = WatchRun.start(['--source', folder.dir, '--stdio', commandLine(process.execPath, MUTABLE_SERVER, '--dir', folder.dir), '--label', 'mutable', '--debounce-ms', '250']);
});
afterAll(async () => {
  if (watch) await watch.stop();
  await fs.rm(folder.dir, { recursive: true, force: true });
});

/** Processes whose command line names the temp folder: the server the command started, if it is still running. */
async function processesNaming(dir: string): Promise<string[]> {
  const { stdout: ps } = await promisify(execFile)('ps', ['-A', '-o', 'pid=,args=']);
  return ps.split('\n').filter((line) => line.includes(dir));
}

describe('watch --source over a real stdio server', { timeout: 120_000 }, () => {
  it('the first run lists the folder as served, clean', async () => {
    expect(await watch.block(1)).toEqual(['── run 1 ──', '+ skill skill://notes/SKILL.md', '= 1 skill(s); 0 error(s), 0 warning(s), 0 info']);
  });

  it('one burst of edits to two files is one run, naming both files and both new digests', async () => {
    await folder.write('notes/references/guide.md', GUIDE_EDITED);
    await folder.write('notes/SKILL.md', NOTES_MD_EDITED);
    expect(await watch.block(2)).toEqual([
      '── run 2 · changed: notes/SKILL.md, notes/references/guide.md ──',
      `~ digest skill://notes/SKILL.md ${short(NOTES_MD)} → ${short(NOTES_MD_EDITED)}`,
      `~ digest skill://notes/references/guide.md ${short(GUIDE)} → ${short(GUIDE_EDITED)}`,
      '= 1 skill(s); 0 error(s), 0 warning(s), 0 info',
    ]);
  });

  it('a broken SKILL.md gives its finding in the next run', async () => {
    await folder.write('todo/SKILL.md', BROKEN_TODO);
    expect(await watch.block(3)).toEqual([
      '── run 3 · changed: todo/SKILL.md ──',
      `+ warning inspector-source-skipped (skill://todo/SKILL.md): ${folder.dir}/todo/SKILL.md: SKILL.md frontmatter: line 1: SKILL.md must begin with a "---" line (skill skipped). A server built on this folder would not serve that skill.`,
      '= 1 skill(s); 0 error(s), 1 warning(s), 0 info',
    ]);
  });

  it('fixing it clears the finding, and the skill is served', async () => {
    await folder.write('todo/SKILL.md', TODO_MD);
    expect(await watch.block(4)).toEqual([
      '── run 4 · changed: todo/SKILL.md ──',
      '+ skill skill://todo/SKILL.md',
      `- fixed warning inspector-source-skipped (skill://todo/SKILL.md): ${folder.dir}/todo/SKILL.md: SKILL.md frontmatter: line 1: SKILL.md must begin with a "---" line (skill skipped). A server built on this folder would not serve that skill.`,
      '= 2 skill(s); 0 error(s), 0 warning(s), 0 info',
    ]);
    // One run per burst: nothing ran between the edits' blocks.
    expect(watch.blocks().map((b) => b[0]!.split(' · ')[0])).toEqual(['── run 1 ──', '── run 2', '── run 3', '── run 4']);
  });

  it('SIGTERM ends it with exit 0, and no server process is left', async () => {
    expect(await processesNaming(folder.dir)).toHaveLength(1 + 1); // the command itself and its server
    const exited = new Promise<number | null>((resolve) => watch.child.once('exit', (code) => resolve(code)));
    watch.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(watch.stderr).toContain('Stopped watching.');
    expect(await processesNaming(folder.dir)).toEqual([]);
  });
});
