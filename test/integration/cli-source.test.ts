// `skill-inspector check --source DIR` (issue 19, served vs source): the built
// command against the mutable server — a real SDK server over folder A, over
// stdio and Streamable HTTP — compared with a copy B of that folder: the same
// folder is clean (exit 0); one file edited, one added, one removed and a
// frontmatter field changed are each reported, exactly, with exit code 1.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { MUTABLE_SERVER, SkillFolder, skillMd, tempDir, type HttpServer } from '../fixtures/mutable-server/fixture.js';

const NOTES_MD = skillMd('notes', 'Takes short notes. Use when the user asks for notes.', ['metadata:', '  version: "1"'], '# Notes\n\nSee references/guide.md.\n');
const TODO_MD = skillMd('todo', 'Keeps a to-do list. Use when the user plans work.', [], '# To-do\n\nSee references/tips.md.\n');
const GUIDE = '# Guide\n\nWrite short notes.\n';
const GUIDE_EDITED = '# Guide\n\nWrite short notes, one per line.\n';
const TIPS = '# Tips\n\nOne task per line.\n';
const EXTRA = '# Extra\n\nA file only the folder has.\n';

let served: SkillFolder;
let work: string;
let http: HttpServer;
beforeAll(async () => {
  served = await SkillFolder.create();
  await served.write('notes/SKILL.md', NOTES_MD);
  await served.write('notes/references/guide.md', GUIDE);
  await served.write('todo/SKILL.md', TODO_MD);
  await served.write('todo/references/tips.md', TIPS);
  work = await tempDir('cli-source');
  http = await served.serveHttp();
});
afterAll(async () => {
  await http?.stop();
  await fs.rm(work, { recursive: true, force: true });
  await fs.rm(served.dir, { recursive: true, force: true });
});

/** A copy of the served folder, changed by `change`. */
async function copyOfServed(name: string, change: (dir: string) => Promise<void> = async () => undefined): Promise<string> {
  const dir = path.join(work, name);
  await fs.cp(served.dir, dir, { recursive: true });
  await change(dir);
  return dir;
}

const SERVERS = {
  stdio: () => ['--stdio', commandLine(process.execPath, MUTABLE_SERVER, '--dir', served.dir), '--label', 'mutable'],
  http: () => ['--url', http.url, '--label', 'mutable'],
};

async function checkAgainst(route: keyof typeof SERVERS, dir: string) {
  const run = await runCli(['check', ...SERVERS[route](), '--source', dir, '--json']);
  const report = JSON.parse(run.stdout) as { findings: Finding[] };
  const source = report.findings.filter((f) => f.id.startsWith('inspector-source-'));
  const others = report.findings.filter((f) => !f.id.startsWith('inspector-source-') && f.severity === 'error');
  return { ...run, source, others };
}

const brief = (f: Finding) => ({ id: f.id, severity: f.severity, location: f.location, message: f.message, ...(f.expected !== undefined ? { expected: f.expected } : {}), ...(f.actual !== undefined ? { actual: f.actual } : {}) });
/** A file as the findings show it: "<size> bytes, sha256:<hex>". */
async function shown(file: string): Promise<string> {
  const content = await fs.readFile(file);
  return `${content.byteLength} bytes, sha256:${createHash('sha256').update(content).digest('hex')}`;
}

for (const route of ['stdio', 'http'] as const) {
  describe(`check --source over ${route}`, () => {
    it('the folder the server serves is clean: no difference, exit 0', async () => {
      const same = await copyOfServed(`same-${route}`);
      const run = await checkAgainst(route, same);
      expect(run.source).toEqual([]);
      expect(run.others).toEqual([]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(`Compared with ${same}: the server serves exactly the folder's 2 skill(s).`);
    });

    it('reports one edited, one added and one removed file and a changed frontmatter field, exit 1', async () => {
      const changed = await copyOfServed(`changed-${route}`, async (dir) => {
        await fs.writeFile(path.join(dir, 'notes/references/guide.md'), GUIDE_EDITED);
        await fs.writeFile(path.join(dir, 'notes/references/extra.md'), EXTRA);
        await fs.rm(path.join(dir, 'todo/references/tips.md'));
        await fs.writeFile(path.join(dir, 'todo/SKILL.md'), TODO_MD.replace('Keeps a to-do list.', 'Keeps a short to-do list.'));
      });
      const run = await checkAgainst(route, changed);
      const servedGuide = await shown(path.join(served.dir, 'notes/references/guide.md'));
      const folderGuide = await shown(path.join(changed, 'notes/references/guide.md'));
      const servedTodo = await shown(path.join(served.dir, 'todo/SKILL.md'));
      const folderTodo = await shown(path.join(changed, 'todo/SKILL.md'));
      expect([servedGuide, folderTodo]).toEqual([expect.stringMatching(new RegExp(`^${Buffer.byteLength(GUIDE)} bytes`)), expect.stringMatching(new RegExp(`^${Buffer.byteLength(TODO_MD) + 'short '.length} bytes`))]);
      const at = (skill: string, extra: Record<string, string> = {}) => ({ serverId: 'mutable', skillUri: `skill://${skill}/SKILL.md`, ...extra });
      expect(run.source.map(brief)).toEqual([
        {
          id: 'inspector-source-extra',
          severity: 'error',
          location: at('notes', { fileUri: 'skill://notes/references/extra.md' }),
          message: `${changed}/notes/references/extra.md is in the source folder, but the server's entry does not list skill://notes/references/extra.md.`,
        },
        {
          id: 'inspector-source-bytes',
          severity: 'error',
          location: at('notes', { fileUri: 'skill://notes/references/guide.md' }),
          message: `references/guide.md differs: the source folder's file is ${folderGuide}; the server lists ${servedGuide}.`,
          expected: folderGuide,
          actual: servedGuide,
        },
        {
          id: 'inspector-source-frontmatter',
          severity: 'error',
          location: at('todo', { field: 'frontmatter.description' }),
          message: `frontmatter.description differs: the source folder's SKILL.md has "Keeps a short to-do list. Use when the user plans work."; the server serves "Keeps a to-do list. Use when the user plans work.".`,
          expected: '"Keeps a short to-do list. Use when the user plans work."',
          actual: '"Keeps a to-do list. Use when the user plans work."',
        },
        {
          id: 'inspector-source-bytes',
          severity: 'error',
          location: at('todo', { fileUri: 'skill://todo/SKILL.md' }),
          message: `SKILL.md differs: the source folder's file is ${folderTodo}; the server lists ${servedTodo}.`,
          expected: folderTodo,
          actual: servedTodo,
        },
        {
          id: 'inspector-source-missing',
          severity: 'error',
          location: at('todo', { fileUri: 'skill://todo/references/tips.md' }),
          message: `The server lists references/tips.md, but ${changed}/todo/references/tips.md is not in the source folder.`,
        },
      ]);
      expect(run.others).toEqual([]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Compared with ${changed}: 5 difference(s).`);
    });
  });
}

describe('check --source, whole skills and the folder itself', () => {
  it('a skill only the server has, one only the folder has, and one the SDK skips are each reported once', async () => {
    const dir = await copyOfServed('skills', async (d) => {
      await fs.rm(path.join(d, 'todo'), { recursive: true });
      await fs.mkdir(path.join(d, 'drafts'));
      await fs.writeFile(path.join(d, 'drafts/SKILL.md'), skillMd('drafts', 'Keeps drafts. Use when the user writes.'));
      await fs.mkdir(path.join(d, 'broken'));
      await fs.writeFile(path.join(d, 'broken/SKILL.md'), '# No frontmatter\n');
    });
    const run = await checkAgainst('stdio', dir);
    expect(run.source.map((f) => [f.id, f.severity, f.location.skillUri, f.location.fileUri ?? ''])).toEqual([
      ['inspector-source-skipped', 'warning', 'skill://broken/SKILL.md', ''],
      ['inspector-source-extra', 'error', 'skill://drafts/SKILL.md', ''],
      ['inspector-source-missing', 'error', 'skill://todo/SKILL.md', ''],
    ]);
    expect(run.source[0]!.message).toBe(`${dir}/broken/SKILL.md: SKILL.md frontmatter: line 1: SKILL.md must begin with a "---" line (skill skipped). A server built on this folder would not serve that skill.`);
    expect(run.source[2]!.message).toBe(`The server serves skill://todo/SKILL.md, but the source folder has no skill at ${dir}/todo.`);
    expect(run.code).toBe(1);
  });

  it('a --source that is no folder is bad usage, exit 2, and no server is started', async () => {
    const missing = path.join(work, 'no-such-folder');
    const run = await runCli(['check', '--stdio', commandLine(process.execPath, '-e', 'process.stderr.write("started\\n")'), '--source', missing]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`skill-inspector: --source ${missing}: no such directory (ENOENT).`);
    expect(run.stderr).not.toContain('Connecting');
  });
});
