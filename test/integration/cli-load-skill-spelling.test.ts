// `skill-inspector load --skill URI` with the skill's URI written another way
// than the server lists it (SKILL://…, a letter percent-encoded): the same URI
// as the rest of the app compares them (shared/skill-uri.ts canonicalUri, as
// `approve --skill` takes it). It loads the skill the server lists under that
// URI. The real built command and a real stdio server.
import { promises as fs } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { SkillFolder, skillMd } from '../fixtures/mutable-server/fixture.js';

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('load --skill with another spelling of the listed URI', { timeout: 120_000 }, () => {
  it('loads the listed skill', async () => {
    const skills = await SkillFolder.create();
    cleanup.push(skills.dir);
    const text = skillMd('notes', 'Formats notes. Use when writing notes.');
    await skills.write('notes/SKILL.md', text);
    await skills.write('notes/guide.md', '# Guide\n');
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', commandLine(stdio.command, ...(stdio.args ?? [])), '--label', 'notes-server', '--quiet'];

    for (const spelling of ['SKILL://notes/SKILL.md', 'skill://%6Eotes/SKILL.md', 'skill://notes/%53KILL.md']) {
      const run = await runCli(['load', ...server, '--skill', spelling]);
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toBe(text);
    }
  });
});
