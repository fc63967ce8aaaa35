// `skill-inspector approve --skill URI` with the skill's URI written another
// way than the server lists it (SKILL://…, a letter percent-encoded): the same
// URI as the rest of the app compares them (shared/skill-uri.ts canonicalUri),
// yet approve answered "The server serves no skill". It now takes the skill
// the server lists under that URI, and the receipt names the listed spelling.
// The real built command, a real stdio server, a real key and folder.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('approve --skill with another spelling of the listed URI', { timeout: 120_000 }, () => {
  it('approves the listed skill, and the receipt names the URI as listed', async () => {
    const skills = await SkillFolder.create();
    cleanup.push(skills.dir);
    await skills.write('notes/SKILL.md', skillMd('notes', 'Formats notes. Use when writing notes.'));
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', commandLine(stdio.command, ...(stdio.args ?? [])), '--label', 'notes-server', '--quiet'];
    const work = await tempDir('approve-skill-spelling');
    cleanup.push(work);
    const key = path.join(work, 'alice.key');
    const made = await runCli(['key', 'new', '--name', 'Alice', '--out', key]);
    expect(made.code, made.stderr).toBe(0);

    for (const [i, spelling] of ['SKILL://notes/SKILL.md', 'skill://%6Eotes/SKILL.md', 'skill://notes/%53KILL.md'].entries()) {
      const approvals = path.join(work, `approvals-${i}`);
      const run = await runCli(['approve', ...server, '--key', key, '--out', approvals, '--skill', spelling]);
      expect(run.stderr).toBe('');
      expect(run.code, run.stdout).toBe(0);
      const files = await fs.readdir(approvals);
      expect(files.length).toBe(1);
      const envelope = JSON.parse(await fs.readFile(path.join(approvals, files[0]!), 'utf8')) as { payload: string };
      const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as { subject: { name: string }[]; predicate: { skill: string } };
      expect([statement.predicate.skill, statement.subject[0]!.name]).toEqual(['skill://notes/SKILL.md', 'notes-server skill://notes/SKILL.md']);
    }
  });
});
