// `skill-inspector diff`, run as the real built command: two servers (staging
// against production), a server against a lockfile, two lockfiles, and the
// demo server over stdio against itself over HTTP.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STDIO, FOLDER_SERVER, commandLine, runCli, sha256, skillMd, startListening, writeTree, type RunningServer } from '../fixtures/cli/harness.js';
import { CLI } from '../support/paths.js';

interface DiffJson {
  identical: boolean;
  a: { spec: string; label: string };
  b: { spec: string; label: string };
  onlyInA: Array<{ uri: string; name: string }>;
  onlyInB: Array<{ uri: string; name: string }>;
  changed: Array<{ uri: string; a: unknown; b: unknown; filesOnlyInA: unknown[]; filesOnlyInB: unknown[]; filesChanged: unknown[] }>;
  problems: { a: string[]; b: string[] };
}

const SHARED = skillMd('shared', 'The same in both.');
const GUIDE_PROD = '# Guide\n\nVersion 1.\n';
const GUIDE_STAGING = '# Guide\n\nVersion 2, being tried in staging.\n';
const LEGACY = skillMd('legacy', 'Only production still has it.');
const PREVIEW = skillMd('preview', 'Only staging has it so far.');
const file = (uri: string, text: string) => ({ uri, digest: sha256(text), size: Buffer.byteLength(text) });

let work: string;
let production: string;
let staging: string;
let stagingHttp: RunningServer;
let prodStdio: string;
let stagingStdio: string;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-diff-'));
  production = await writeTree(path.join(work, 'production'), { 'shared/SKILL.md': SHARED, 'shared/GUIDE.md': GUIDE_PROD, 'legacy/SKILL.md': LEGACY });
  staging = await writeTree(path.join(work, 'staging'), { 'shared/SKILL.md': SHARED, 'shared/GUIDE.md': GUIDE_STAGING, 'preview/SKILL.md': PREVIEW });
  prodStdio = commandLine(process.execPath, FOLDER_SERVER, production);
  stagingStdio = commandLine(process.execPath, FOLDER_SERVER, staging);
  stagingHttp = await startListening([FOLDER_SERVER, staging, '--http']);
  await fs.writeFile(path.join(work, 'one.lock.json'), JSON.stringify({ lockfileVersion: 1, servers: { prod: { skills: {} } } }));
});
afterAll(async () => {
  await stagingHttp?.stop();
  await fs.rm(work, { recursive: true, force: true });
});

describe('skill-inspector diff', { timeout: 120_000 }, () => {
  it('two servers: skills only in one, and file-level detail of a skill whose set differs (exit 1)', async () => {
    const a = `stdio:${stagingStdio}`;
    const b = `stdio:${prodStdio}`;
    const json = await runCli(['diff', a, b, '--json']);
    expect(json.code).toBe(1);
    expect(json.stderr).toContain('Listing skills');
    expect(JSON.parse(json.stdout) as DiffJson).toEqual({
      identical: false,
      a: { spec: a, label: 'node folder-server.mjs staging' },
      b: { spec: b, label: 'node folder-server.mjs production' },
      onlyInA: [{ uri: 'skill://preview/SKILL.md', name: 'preview', resources: [file('skill://preview/SKILL.md', PREVIEW)] }],
      onlyInB: [{ uri: 'skill://legacy/SKILL.md', name: 'legacy', resources: [file('skill://legacy/SKILL.md', LEGACY)] }],
      changed: [
        {
          uri: 'skill://shared/SKILL.md',
          a: { name: 'shared', dynamic: false },
          b: { name: 'shared', dynamic: false },
          filesOnlyInA: [],
          filesOnlyInB: [],
          filesChanged: [
            {
              uri: 'skill://shared/GUIDE.md',
              a: { digest: sha256(GUIDE_STAGING), size: Buffer.byteLength(GUIDE_STAGING) },
              b: { digest: sha256(GUIDE_PROD), size: Buffer.byteLength(GUIDE_PROD) },
            },
          ],
        },
      ],
      problems: { a: [], b: [] },
    });

    const text = await runCli(['diff', a, b]);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe(
      [
        `A: ${a} (node folder-server.mjs staging)`,
        `B: ${b} (node folder-server.mjs production)`,
        '',
        '1 only in A, 1 only in B, 1 differs.',
        '',
        `only in A  skill://preview/SKILL.md  (name "preview", 1 file(s))`,
        `             skill://preview/SKILL.md  ${sha256(PREVIEW)}  ${Buffer.byteLength(PREVIEW)} bytes`,
        `only in B  skill://legacy/SKILL.md  (name "legacy", 1 file(s))`,
        `             skill://legacy/SKILL.md  ${sha256(LEGACY)}  ${Buffer.byteLength(LEGACY)} bytes`,
        `differs    skill://shared/SKILL.md`,
        `             differs    skill://shared/GUIDE.md`,
        `               A: ${sha256(GUIDE_STAGING)}  ${Buffer.byteLength(GUIDE_STAGING)} bytes`,
        `               B: ${sha256(GUIDE_PROD)}  ${Buffer.byteLength(GUIDE_PROD)} bytes`,
        '',
      ].join('\n'),
    );
  });

  it('a server against a lockfile, and two lockfiles, with lock:FILE#label', async () => {
    const prodLock = path.join(work, 'prod.lock.json');
    expect((await runCli(['lock', '--stdio', prodStdio, '--label', 'production', '-o', prodLock])).code).toBe(0);
    expect((await runCli(['lock', '--url', stagingHttp.url, '--label', 'staging', '-o', prodLock])).code).toBe(0);

    // The HTTP staging server against production's pinned section.
    const vsLock = await runCli(['diff', stagingHttp.url, `lock:${prodLock}#production`, '--json']);
    expect(vsLock.code).toBe(1);
    const json = JSON.parse(vsLock.stdout) as DiffJson;
    expect(json.b).toEqual({ spec: `lock:${prodLock}#production`, label: 'production' });
    expect(json.onlyInA.map((s) => s.uri)).toEqual(['skill://preview/SKILL.md']);
    expect(json.onlyInB.map((s) => s.uri)).toEqual(['skill://legacy/SKILL.md']);
    expect(json.changed.map((c) => c.uri)).toEqual(['skill://shared/SKILL.md']);

    // The production server against its own lock: the same.
    const same = await runCli(['diff', `stdio:${prodStdio}`, `lock:${prodLock}#production`]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('Same skills: both serve the same 2 skill(s) with the same files.');

    // Two sections of lockfiles, no server started at all.
    const locks = await runCli(['diff', `lock:${prodLock}#staging`, `lock:${prodLock}#production`, '--json']);
    expect(locks.code).toBe(1);
    expect(locks.stderr).toBe('');
    expect((JSON.parse(locks.stdout) as DiffJson).changed[0]!.filesChanged).toEqual([
      { uri: 'skill://shared/GUIDE.md', a: { digest: sha256(GUIDE_STAGING), size: Buffer.byteLength(GUIDE_STAGING) }, b: { digest: sha256(GUIDE_PROD), size: Buffer.byteLength(GUIDE_PROD) } },
    ]);

    // A bare path to a lockfile with one section.
    const single = path.join(work, 'single.lock.json');
    expect((await runCli(['lock', '--stdio', stagingStdio, '-o', single])).code).toBe(0);
    const bare = await runCli(['diff', `url:${stagingHttp.url}`, single]);
    expect(bare.code).toBe(0);
  });

  it('the demo server over stdio and over HTTP serve the same skills (exit 0)', async () => {
    const http = await startListening([CLI, 'demo-server', '--http', '0']);
    try {
      const run = await runCli(['diff', `stdio:${DEMO_STDIO}`, `url:${http.url}`, '--a-header', 'X-Ignored: no', '--b-header', 'X-Trace: diff']);
      // --a-header on a stdio side is refused: headers belong to url: sides.
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--header applies to a url: side');
      const ok = await runCli(['diff', `stdio:${DEMO_STDIO}`, `url:${http.url}`, '--b-header', 'X-Trace: diff', '--json']);
      expect(ok.code).toBe(0);
      const json = JSON.parse(ok.stdout) as DiffJson;
      expect(json).toMatchObject({ identical: true, onlyInA: [], onlyInB: [], changed: [] });

      // A server from a config file is named config:<file>#<server>.
      const config = path.join(work, 'mcp.json');
      await fs.writeFile(config, JSON.stringify({ servers: { samples: { type: 'http', url: http.url } } }));
      const fromConfig = await runCli(['diff', `config:${config}#samples`, `stdio:${DEMO_STDIO}`, '--json']);
      expect(fromConfig.code).toBe(0);
      expect((JSON.parse(fromConfig.stdout) as DiffJson).a).toEqual({ spec: `config:${config}#samples`, label: 'samples' });
    } finally {
      await http.stop();
    }
  });

  it('sides named with the flags every command takes, in order: --stdio, --url with --header, --config with --server, --lock', async () => {
    const flags = await runCli(['diff', '--stdio', stagingStdio, '--stdio', prodStdio, '--json']);
    expect(flags.code).toBe(1);
    const json = JSON.parse(flags.stdout) as DiffJson;
    expect([json.a, json.b]).toEqual([
      { spec: `--stdio ${stagingStdio}`, label: 'node folder-server.mjs staging' },
      { spec: `--stdio ${prodStdio}`, label: 'node folder-server.mjs production' },
    ]);
    expect([json.onlyInA.map((s) => s.uri), json.onlyInB.map((s) => s.uri), json.changed.map((c) => c.uri)]).toEqual([['skill://preview/SKILL.md'], ['skill://legacy/SKILL.md'], ['skill://shared/SKILL.md']]);

    // --url with its --header, against --stdio of the same folder: the same.
    const same = await runCli(['diff', '--url', stagingHttp.url, '--header', 'X-Trace: diff', '--stdio', stagingStdio]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain(`A: --url ${stagingHttp.url} (${new URL(stagingHttp.url).host})`);

    // --config with --server, against a --lock section.
    const lock = path.join(work, 'flags.lock.json');
    expect((await runCli(['lock', '--stdio', stagingStdio, '--label', 'staging', '-o', lock])).code).toBe(0);
    const config = path.join(work, 'flags-mcp.json');
    await fs.writeFile(config, JSON.stringify({ servers: { staging: { type: 'http', url: stagingHttp.url } } }));
    const fromConfig = await runCli(['diff', '--config', config, '--server', 'staging', '--lock', `${lock}#staging`, '--json']);
    expect(fromConfig.code).toBe(0);
    expect([(JSON.parse(fromConfig.stdout) as DiffJson).a, (JSON.parse(fromConfig.stdout) as DiffJson).b]).toEqual([
      { spec: `--config ${config} --server staging`, label: 'staging' },
      { spec: `--lock ${lock}#staging`, label: 'staging' },
    ]);
  });

  const usage: Array<[string, () => string[], string]> = [
    ['--header before any --url', () => ['diff', '--header', 'X-Trace: diff', '--stdio', DEMO_STDIO, '--stdio', DEMO_STDIO], '--header goes right after the --url it is for'],
    ['--server without its --config', () => ['diff', '--stdio', DEMO_STDIO, '--server', 'samples', '--stdio', DEMO_STDIO], '--server goes right after the --config <file> whose server it names.'],
    ['--b-header for a side named by a flag', () => ['diff', `stdio:${DEMO_STDIO}`, '--url', 'http://127.0.0.1:9/mcp', '--b-header', 'X-Trace: diff'], '--b-header goes with a positional url: side B; after --url, use --header.'],
    ['three sides by flags', () => ['diff', '--stdio', DEMO_STDIO, '--stdio', DEMO_STDIO, '--lock', 'x.json'], 'diff compares two sides; got 3.'],
    ['one side', () => ['diff', `stdio:${DEMO_STDIO}`], 'diff compares two sides; got 1.'],
    ['three sides', () => ['diff', 'a', 'b', 'c'], 'diff compares two sides; got 3.'],
    ['an unknown side', () => ['diff', 'production', `stdio:${DEMO_STDIO}`], 'Cannot tell what "production" is.'],
    ['config: without a server name', () => ['diff', 'config:mcp.json', `stdio:${DEMO_STDIO}`], '"config:mcp.json" must look like config:<file>#<server name>.'],
    ['a missing lockfile', () => ['diff', `lock:${path.join(work, 'none.json')}`, `stdio:${DEMO_STDIO}`], 'none.json: no such file.'],
    ['an unknown lockfile label', () => ['diff', `lock:${path.join(work, 'one.lock.json')}#qa`, `stdio:${DEMO_STDIO}`], 'it pins no server labelled "qa"; it has "prod".'],
  ];

  it.each(usage)('%s: exit 2, nothing on stdout', async (_name, args, message) => {
    const run = await runCli(args());
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });
});
