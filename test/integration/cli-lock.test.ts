// `skill-inspector lock` and `verify`, run as the real built command: the
// lockfile of the demo server checked against the bytes on disk, drift found
// after a fixture server's file changes on disk (with the exact old and new
// digests), refusals, and damaged lockfiles.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STDIO, FIXTURES, FOLDER_SERVER, INCONSISTENT_SERVER, commandLine, filesUnder, runCli, sha256, skillMd, startListening, writeTree, type RunningServer } from '../fixtures/cli/harness.js';
import { CLI, ROOT } from '../support/paths.js';

const DEMO_DIR = path.join(ROOT, 'assets', 'demo-skills');
const DEMO_LABEL = 'node cli.js demo-server';

interface LockJson {
  lockfileVersion: number;
  servers: Record<string, { skills: Record<string, { name: string; resources: Array<{ uri: string; digest: string; size: number }> | 'dynamic' }> }>;
}

interface VerifyJson {
  identical: boolean;
  lockfile: string;
  label: string;
  added: Array<{ uri: string; name: string; resources: unknown }>;
  removed: Array<{ uri: string; name: string; resources: unknown }>;
  changed: Array<{ uri: string; filesAdded: unknown[]; filesRemoved: unknown[]; filesChanged: unknown[]; lock: unknown; server: unknown }>;
  problems: string[];
}

const file = (uri: string, text: string) => ({ uri, digest: sha256(text), size: Buffer.byteLength(text) });

let work: string;
beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-lock-'));
});
afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

describe('lock and verify the demo server', { timeout: 120_000 }, () => {
  it('writes skills.lock.json in the current folder: every skill, name and {uri, digest, size} exactly as on disk', async () => {
    const run = await runCli(['lock', '--stdio', DEMO_STDIO], { cwd: work });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/Locked \d+ skill\(s\), \d+ file\(s\), of "node cli\.js demo-server" in skills\.lock\.json\./);
    // Written atomically: no temp file and no .bak left beside it.
    expect(await fs.readdir(work)).toEqual(['skills.lock.json']);
    const text = await fs.readFile(path.join(work, 'skills.lock.json'), 'utf8');
    const lock = JSON.parse(text) as LockJson;
    expect(lock.lockfileVersion).toBe(1);
    expect(Object.keys(lock.servers)).toEqual([DEMO_LABEL]);
    const skills = lock.servers[DEMO_LABEL]!.skills;

    // Independently of the server: every folder holding a SKILL.md is a skill whose set is every file under it.
    const all = await filesUnder(DEMO_DIR);
    const roots = all.filter((f) => path.posix.basename(f) === 'SKILL.md').map((f) => path.posix.dirname(f));
    expect(Object.keys(skills)).toEqual(roots.map((r) => `skill://${r}/SKILL.md`).sort());
    for (const root of roots) {
      const skill = skills[`skill://${root}/SKILL.md`]!;
      const expected = await Promise.all(
        all.filter((f) => f.startsWith(`${root}/`)).map(async (f) => file(`skill://${f}`, await fs.readFile(path.join(DEMO_DIR, f), 'utf8'))),
      );
      expect(skill.resources).toEqual(expected.sort((a, b) => (a.uri < b.uri ? -1 : 1)));
      const md = await fs.readFile(path.join(DEMO_DIR, root, 'SKILL.md'), 'utf8');
      expect(skill.name).toBe(/^name:\s*(\S+)/m.exec(md)![1]);
    }
    expect(skills['skill://acme/billing/refunds/SKILL.md']!.name).toBe('refunds');

    // Locking the same catalog again gives the same bytes.
    expect((await runCli(['lock', '--stdio', DEMO_STDIO], { cwd: work })).code).toBe(0);
    expect(await fs.readFile(path.join(work, 'skills.lock.json'), 'utf8')).toBe(text);
  });

  it('verify exits 0 with no drift, over stdio and over HTTP against the same lock', async () => {
    expect((await runCli(['lock', '--stdio', DEMO_STDIO, '--output', 'demo.lock.json'], { cwd: work })).code).toBe(0);
    const run = await runCli(['verify', '--lock', 'demo.lock.json', '--stdio', DEMO_STDIO], { cwd: work });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^No drift: node cli\.js demo-server serves exactly the \d+ skill\(s\) that demo\.lock\.json pins for "node cli\.js demo-server"\.\n$/);
    expect(run.stderr).toContain('Confirming');

    const http = await startListening([CLI, 'demo-server', '--http', '0']);
    try {
      // The HTTP server's label is its host; the lockfile has one section, so that is the one compared.
      const viaUrl = await runCli(['verify', '--lock', path.join(work, 'demo.lock.json'), '--url', http.url, '--json']);
      expect(viaUrl.code).toBe(0);
      const json = JSON.parse(viaUrl.stdout) as VerifyJson;
      expect(json).toMatchObject({ identical: true, label: DEMO_LABEL, added: [], removed: [], changed: [], problems: [] });
    } finally {
      await http.stop();
    }
  });

  it('--output - prints the lockfile on stdout and writes no file', async () => {
    const run = await runCli(['lock', '--stdio', DEMO_STDIO, '--output', '-', '--label', 'samples'], { cwd: work });
    expect(run.code).toBe(0);
    expect(Object.keys((JSON.parse(run.stdout) as LockJson).servers)).toEqual(['samples']);
    expect(run.stderr).toContain('Locked');
    expect(await fs.readdir(work)).toEqual([]);
  });
});

describe('drift: a fixture server whose files change on disk between lock and verify', { timeout: 120_000 }, () => {
  let skills: string;
  let server: RunningServer;
  const ALPHA = skillMd('alpha', 'First skill.');
  const ALPHA_EDITED = skillMd('alpha', 'First skill.', 'Follow the steps, then run scripts/run.sh.\n');
  const GUIDE = '# Guide\n\nRead me first.\n';
  const RUN_SH = '#!/bin/sh\necho run\n';
  const BETA = skillMd('beta', 'Second skill.');
  const GAMMA = skillMd('gamma', 'Third skill.');
  const DELTA = skillMd('delta', 'A skill added after the lock.');

  beforeAll(async () => {
    skills = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-skills-'));
    await writeTree(skills, { 'alpha/SKILL.md': ALPHA, 'alpha/references/GUIDE.md': GUIDE, 'beta/SKILL.md': BETA, 'gamma/SKILL.md': GAMMA });
    // Re-loads the folder before every request: the running server serves what is on disk now.
    server = await startListening([FOLDER_SERVER, skills, '--http']);
  });
  afterAll(async () => {
    await server?.stop();
    await fs.rm(skills, { recursive: true, force: true });
  });

  it('verify exits 1 and says exactly what moved; 0 again once the files are back', async () => {
    const lockFile = path.join(work, 'team.lock.json');
    const locked = await runCli(['lock', '--url', server.url, '--label', 'staging', '--output', lockFile]);
    expect(locked.code).toBe(0);
    const lock = JSON.parse(await fs.readFile(lockFile, 'utf8')) as LockJson;
    expect(lock.servers['staging']!.skills['skill://alpha/SKILL.md']).toEqual({
      name: 'alpha',
      resources: [file('skill://alpha/SKILL.md', ALPHA), file('skill://alpha/references/GUIDE.md', GUIDE)],
    });
    const same = await runCli(['verify', '--lock', lockFile, '--url', server.url, '--label', 'staging']);
    expect(same.code).toBe(0);

    // Edit SKILL.md, add a script, drop the guide; remove gamma; add delta.
    await fs.writeFile(path.join(skills, 'alpha/SKILL.md'), ALPHA_EDITED);
    await writeTree(skills, { 'alpha/scripts/run.sh': RUN_SH, 'delta/SKILL.md': DELTA });
    await fs.rm(path.join(skills, 'alpha/references'), { recursive: true });
    await fs.rm(path.join(skills, 'gamma'), { recursive: true });

    const json = await runCli(['verify', '--lock', lockFile, '--url', server.url, '--label', 'staging', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout) as VerifyJson).toEqual({
      identical: false,
      lockfile: lockFile,
      label: 'staging',
      server: 'staging',
      added: [{ uri: 'skill://delta/SKILL.md', name: 'delta', resources: [file('skill://delta/SKILL.md', DELTA)] }],
      removed: [{ uri: 'skill://gamma/SKILL.md', name: 'gamma', resources: [file('skill://gamma/SKILL.md', GAMMA)] }],
      changed: [
        {
          uri: 'skill://alpha/SKILL.md',
          lock: { name: 'alpha', dynamic: false },
          server: { name: 'alpha', dynamic: false },
          filesAdded: [file('skill://alpha/scripts/run.sh', RUN_SH)],
          filesRemoved: [file('skill://alpha/references/GUIDE.md', GUIDE)],
          filesChanged: [
            {
              uri: 'skill://alpha/SKILL.md',
              lock: { digest: sha256(ALPHA), size: Buffer.byteLength(ALPHA) },
              server: { digest: sha256(ALPHA_EDITED), size: Buffer.byteLength(ALPHA_EDITED) },
            },
          ],
        },
      ],
      dynamic: [],
      problems: [],
    });

    const text = await runCli(['verify', '--lock', lockFile, '--url', server.url, '--label', 'staging']);
    expect(text.code).toBe(1);
    const bytes = (s: string) => `${Buffer.byteLength(s)} bytes`;
    expect(text.stdout).toBe(
      [
        `Drift: staging differs from what ${lockFile} pins for "staging" (1 removed, 1 added, 1 changed).`,
        '',
        `removed  skill://gamma/SKILL.md  (name "gamma", 1 file(s))`,
        `           skill://gamma/SKILL.md  ${sha256(GAMMA)}  ${bytes(GAMMA)}`,
        `added    skill://delta/SKILL.md  (name "delta", 1 file(s))`,
        `           skill://delta/SKILL.md  ${sha256(DELTA)}  ${bytes(DELTA)}`,
        `changed  skill://alpha/SKILL.md`,
        `           removed  skill://alpha/references/GUIDE.md  ${sha256(GUIDE)}  ${bytes(GUIDE)}`,
        `           added    skill://alpha/scripts/run.sh  ${sha256(RUN_SH)}  ${bytes(RUN_SH)}`,
        `           changed  skill://alpha/SKILL.md`,
        `             lock:   ${sha256(ALPHA)}  ${bytes(ALPHA)}`,
        `             server: ${sha256(ALPHA_EDITED)}  ${bytes(ALPHA_EDITED)}`,
        '',
      ].join('\n'),
    );

    // Put everything back: the same bytes verify clean again.
    await fs.writeFile(path.join(skills, 'alpha/SKILL.md'), ALPHA);
    await writeTree(skills, { 'alpha/references/GUIDE.md': GUIDE, 'gamma/SKILL.md': GAMMA });
    await fs.rm(path.join(skills, 'alpha/scripts'), { recursive: true });
    await fs.rm(path.join(skills, 'delta'), { recursive: true });
    const back = await runCli(['verify', '--lock', lockFile, '--url', server.url, '--label', 'staging']);
    expect(back.stdout).toMatch(/^No drift/);
    expect(back.code).toBe(0);
  });

  it('keeps other servers in the lockfile, and verify needs --label when several could match', async () => {
    const lockFile = path.join(work, 'both.lock.json');
    expect((await runCli(['lock', '--url', server.url, '--label', 'staging', '-o', lockFile])).code).toBe(0);
    expect((await runCli(['lock', '--stdio', DEMO_STDIO, '--label', 'production', '-o', lockFile])).code).toBe(0);
    const lock = JSON.parse(await fs.readFile(lockFile, 'utf8')) as LockJson;
    expect(Object.keys(lock.servers)).toEqual(['production', 'staging']);
    expect(Object.keys(lock.servers['staging']!.skills)).toEqual(['skill://alpha/SKILL.md', 'skill://beta/SKILL.md', 'skill://gamma/SKILL.md']);

    const ambiguous = await runCli(['verify', '--lock', lockFile, '--url', server.url]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stdout).toBe('');
    expect(ambiguous.stderr).toContain(`${lockFile}: it pins several servers ("production", "staging"); say which with --label.`);

    // The staging server against production's section: a difference, not a usage error.
    const crossed = await runCli(['verify', '--lock', lockFile, '--url', server.url, '--label', 'production', '--json']);
    expect(crossed.code).toBe(1);
    const json = JSON.parse(crossed.stdout) as VerifyJson;
    expect(json.added.map((s) => s.uri)).toEqual(['skill://alpha/SKILL.md', 'skill://beta/SKILL.md', 'skill://gamma/SKILL.md']);
    expect(json.removed.map((s) => s.uri)).toContain('skill://hello-world/SKILL.md');
  });
});

describe('stdio drift: the server is started afresh for each command', { timeout: 120_000 }, () => {
  it('sees a file changed between lock and verify', async () => {
    const skills = await writeTree(path.join(work, 'skills'), { 'solo/SKILL.md': skillMd('solo', 'Only skill.') });
    const stdio = commandLine(process.execPath, FOLDER_SERVER, skills);
    expect((await runCli(['lock', '--stdio', stdio], { cwd: work })).code).toBe(0);
    const before = skillMd('solo', 'Only skill.');
    const after = skillMd('solo', 'Only skill, edited.');
    await fs.writeFile(path.join(skills, 'solo/SKILL.md'), after);
    const run = await runCli(['verify', '--lock', 'skills.lock.json', '--stdio', stdio, '--json'], { cwd: work });
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as VerifyJson).changed).toEqual([
      {
        uri: 'skill://solo/SKILL.md',
        lock: { name: 'solo', dynamic: false },
        server: { name: 'solo', dynamic: false },
        filesAdded: [],
        filesRemoved: [],
        filesChanged: [{ uri: 'skill://solo/SKILL.md', lock: { digest: sha256(before), size: Buffer.byteLength(before) }, server: { digest: sha256(after), size: Buffer.byteLength(after) } }],
      },
    ]);
  });
});

describe('lock, verify and diff read no file', { timeout: 120_000 }, () => {
  it('works against a server that exits at the first resources/read; check, the full read, does not', async () => {
    const noReads = commandLine(process.execPath, INCONSISTENT_SERVER, '--exit-on-read');
    expect((await runCli(['lock', '--stdio', noReads], { cwd: work })).code).toBe(0);
    const lock = JSON.parse(await fs.readFile(path.join(work, 'skills.lock.json'), 'utf8')) as LockJson;
    // The listed digest is pinned, whatever the server would serve.
    expect(lock.servers['node inconsistent-server.mjs --exit-on-read']!.skills['skill://tampered/SKILL.md']!.resources).toEqual([
      file('skill://tampered/SKILL.md', '---\nname: tampered\ndescription: Lists one digest and serves other bytes.\n---\n\nSay hello.\n'),
    ]);
    expect((await runCli(['verify', '--lock', 'skills.lock.json', '--stdio', noReads], { cwd: work })).code).toBe(0);
    expect((await runCli(['diff', `stdio:${noReads}`, 'skills.lock.json'], { cwd: work })).code).toBe(0);
    const check = await runCli(['check', '--stdio', noReads, '--json'], { cwd: work });
    expect(check.code).toBe(1);
    const report = JSON.parse(check.stdout) as { server: { era?: string }; findings: Array<{ id: string }> };
    // Both skills' reads fail; the second skill's skills/get may also land after the server exited.
    const ids = report.findings.map((f) => f.id);
    expect(ids.filter((id) => id === 'inspector-read-failed')).toHaveLength(2);
    expect(ids.filter((id) => id !== 'inspector-read-failed').every((id) => id === 'inspector-invalid-result')).toBe(true);
    expect(report.server.era).toBe('modern');
    expect(check.stderr).toContain('disconnected during the check');
  });
});

describe('refusals and damaged lockfiles', { timeout: 120_000 }, () => {
  it('lock refuses a server whose skills/get contradicts skills/list: exit 1, no file written', async () => {
    const run = await runCli(['lock', '--stdio', commandLine(process.execPath, INCONSISTENT_SERVER, '--mode', 'get-mismatch')], { cwd: work });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Not locked: what node inconsistent-server.mjs --mode get-mismatch serves cannot be pinned as it is.');
    expect(run.stderr).toContain('skills/get and skills/list give different resources for skill://tampered/SKILL.md');
    expect(await fs.readdir(work)).toEqual([]);
  });

  const DUPLICATE_SERVER = path.join(FIXTURES, 'duplicate-server.mjs');
  const duplicate = (mode: string) => commandLine(process.execPath, DUPLICATE_SERVER, '--mode', mode);

  it.each(['duplicate', 'same'])('lock refuses a skill whose entry lists one file twice (%s digests): exit 1, no pin its reader refuses', async (mode) => {
    const run = await runCli(['lock', '--stdio', duplicate(mode)], { cwd: work });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`Not locked: what node duplicate-server.mjs --mode ${mode} serves cannot be pinned as it is.`);
    expect(run.stderr).toContain('skill://dup/SKILL.md cannot be pinned');
    expect(run.stderr).toMatch(/skill:\/\/dup\/g\.md is listed twice \(resources\[\d\] and resources\[\d\]\)[^\n]*not loadable/);
    expect(run.stderr).not.toContain('skill://fine/SKILL.md cannot be pinned');
    expect(await fs.readdir(work)).toEqual([]);
  });

  it('lock refuses a skill listing g.md beside g.md?x, saying why: a file URI with a query is not a file path (not "more than once")', async () => {
    const run = await runCli(['lock', '--stdio', duplicate('query')], { cwd: work });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'skill://dup/SKILL.md cannot be pinned: its entry lists skill://dup/g.md?x, which has a query ("?x"): a file URI with a query or a trailing "/" is not a file path (<scheme>://<skill-path>/<file-path>) but names another resource, so the entry is not loadable and no digest and size can be pinned for it',
    );
    expect(run.stderr).not.toContain('more than once');
    expect(run.stderr).not.toContain('skill://fine/SKILL.md cannot be pinned');
    expect(await fs.readdir(work)).toEqual([]);
  });

  // A dynamic skill lists no file, but its entry can still be invalid: such a skill was pinned as "dynamic",
  // a lock of something no host may load. The reasons are the entry's own errors, as for a static skill.
  const invalidDynamic: Array<[string, string, string]> = [
    [
      'dynamic-query',
      'skill://dyn/SKILL.md?v=2',
      'The skill URI "skill://dyn/SKILL.md?v=2" is not a SKILL.md URI: it has a query ("?v=2"), so it names another resource than "skill://dyn/SKILL.md"',
    ],
    ['dynamic-no-description', 'skill://dyn/SKILL.md', 'The entry for "skill://dyn/SKILL.md" needs a "frontmatter" object with string "name" and "description".'],
  ];

  it.each(invalidDynamic)('lock refuses a dynamic skill whose entry is invalid (%s): exit 1, naming the URI and why, no file written', async (mode, uri, why) => {
    const run = await runCli(['lock', '--stdio', duplicate(mode)], { cwd: work });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`Not locked: what node duplicate-server.mjs --mode ${mode} serves cannot be pinned as it is.`);
    expect(run.stderr).toContain(`  - ${uri} cannot be pinned: its entry is invalid, so hosts must not load it (`);
    expect(run.stderr).toContain(why);
    expect(run.stderr).not.toContain('skill://dup/SKILL.md cannot be pinned');
    expect(run.stderr).not.toContain('skill://fine/SKILL.md cannot be pinned');
    expect(await fs.readdir(work)).toEqual([]);
  });

  it('lock --all locks the other servers and leaves out the one listing a file twice; verify accepts what it wrote', async () => {
    const skills = await writeTree(path.join(work, 'skills'), { 'solo/SKILL.md': skillMd('solo', 'Only skill.') });
    const config = path.join(work, 'config.json');
    await fs.writeFile(config, JSON.stringify({ mcpServers: { solo: { command: process.execPath, args: [FOLDER_SERVER, skills] }, dup: { command: process.execPath, args: [DUPLICATE_SERVER, '--mode', 'duplicate'] } } }));
    const run = await runCli(['lock', '--config', config, '--all', '--output', 'fleet.lock.json'], { cwd: work });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('skill://dup/SKILL.md cannot be pinned');
    const lock = JSON.parse(await fs.readFile(path.join(work, 'fleet.lock.json'), 'utf8')) as LockJson;
    expect(Object.keys(lock.servers)).toEqual(['solo']);
    const verify = await runCli(['verify', '--lock', 'fleet.lock.json', '--label', 'solo', '--stdio', commandLine(process.execPath, FOLDER_SERVER, skills)], { cwd: work });
    expect(verify.code, verify.stderr).toBe(0);
  });

  it('verify fails when the server later lists a locked file twice, even with the locked digest last', async () => {
    expect((await runCli(['lock', '--stdio', duplicate('clean')], { cwd: work })).code).toBe(0);
    const lock = JSON.parse(await fs.readFile(path.join(work, 'skills.lock.json'), 'utf8')) as LockJson;
    expect(Object.keys(lock.servers['node duplicate-server.mjs --mode clean']!.skills)).toEqual(['skill://dup/SKILL.md', 'skill://fine/SKILL.md']);
    for (const mode of ['duplicate', 'same']) {
      const run = await runCli(['verify', '--lock', 'skills.lock.json', '--stdio', duplicate(mode), '--json'], { cwd: work });
      expect(run.code, `${mode}: ${run.stderr}`).toBe(1);
      const report = JSON.parse(run.stdout) as VerifyJson;
      expect(report.identical).toBe(false);
      expect(report.problems.join('\n')).toContain('skill://dup/SKILL.md cannot be pinned');
    }
  });

  const damaged: Array<[string, string, string]> = [
    ['not JSON', '{ "lockfileVersion": 1,', 'not valid JSON'],
    ['a newer version', '{"lockfileVersion": 2, "servers": {}}', 'lockfileVersion 2 is not supported; this skill-inspector reads version 1 (the file was written by a newer one).'],
    [
      'a bad digest',
      JSON.stringify({ lockfileVersion: 1, servers: { s: { skills: { 'skill://a/SKILL.md': { name: 'a', resources: [{ uri: 'skill://a/SKILL.md', digest: 'md5:00', size: 1 }] } } } } }),
      'servers.s.skills["skill://a/SKILL.md"].resources[0].digest: must be "sha256:" followed by 64 lowercase hex digits.',
    ],
  ];

  it.each(damaged)('verify with %s: exit 2 naming the file and the problem', async (_name, content, problem) => {
    await fs.writeFile(path.join(work, 'bad.lock.json'), content);
    const run = await runCli(['verify', '--lock', 'bad.lock.json', '--stdio', DEMO_STDIO], { cwd: work });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`skill-inspector: cannot use the lockfile bad.lock.json: ${problem}`);
  });

  it('lock will not overwrite a damaged lockfile', async () => {
    await fs.writeFile(path.join(work, 'skills.lock.json'), '{ "lockfileVersion": 1,');
    const run = await runCli(['lock', '--stdio', DEMO_STDIO], { cwd: work });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot use the lockfile');
    expect(await fs.readFile(path.join(work, 'skills.lock.json'), 'utf8')).toBe('{ "lockfileVersion": 1,');
  });

  it('verify without --lock, or with a missing one, is bad usage', async () => {
    const none = await runCli(['verify', '--stdio', DEMO_STDIO]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('verify needs --lock <file>');
    const missing = await runCli(['verify', '--lock', 'nowhere.lock.json', '--stdio', DEMO_STDIO], { cwd: work });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nowhere.lock.json: no such file. Write one with "skill-inspector lock".');
    expect(missing.stdout).toBe('');
  });
});
