// The limits the app keeps in Settings are flags of the command, run as the
// real built command against real servers (the demo server, the hostile
// fixture server, a server that shows how many requests are in flight): each
// flag takes effect, each message about a limit names the flag that raises it
// and never "Settings", and a bad value is a usage error (exit 2) naming the flag.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STDIO, FIXTURES, commandLine, runCli, type CliRun } from '../fixtures/cli/harness.js';
import { ROOT } from '../support/paths.js';

const DEMO_DIR = path.join(ROOT, 'assets', 'demo-skills');
const HOSTILE = (behaviour: string) => commandLine(process.execPath, path.join(FIXTURES, '..', 'hostile', 'hostile-server.mjs'), behaviour);
const HANG = commandLine(process.execPath, path.join(FIXTURES, '..', 'servers', 'hang-server.mjs'));
const GATED = commandLine(process.execPath, path.join(FIXTURES, 'gated-server.mjs'));

interface Report {
  skills: Array<{ uri: string; status: string }>;
  findings: Array<{ id: string; severity: string; message: string; expected?: string; location: { skillUri?: string; fileUri?: string } }>;
}

const report = (run: CliRun) => JSON.parse(run.stdout) as Report;
const withId = (r: Report, id: string) => r.findings.filter((f) => f.id === id);

/** The command speaks of its own flags: no message it printed sends anyone to Settings. */
function expectNoSettings(run: CliRun): void {
  expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/Settings/);
}

let work: string;
let demoFiles: Array<{ uri: string; size: number }>;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-limits-'));
  demoFiles = [];
  for (const entry of await fs.readdir(DEMO_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(DEMO_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    demoFiles.push({ uri: `skill://${rel}`, size: (await fs.stat(path.join(entry.parentPath, entry.name))).size });
  }
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

describe('reading limits: check and load', { timeout: 120_000 }, () => {
  it('--max-file-bytes 100: every demo SKILL.md (all over 100 bytes) is too large and unread; the message names the flag', async () => {
    expect(demoFiles.length).toBeGreaterThan(5);
    expect(demoFiles.every((f) => f.size > 100)).toBe(true);
    const run = await runCli(['check', '--json', '--stdio', DEMO_STDIO, '--max-file-bytes', '100']);
    expect(run.code).toBe(1);
    const r = report(run);
    const tooLarge = new Set(withId(r, 'inspector-file-too-large').map((f) => f.location.fileUri));
    // Every SKILL.md; the other files too, unless a skill's failed SKILL.md stopped its reading first.
    for (const file of demoFiles.filter((f) => f.uri.endsWith('/SKILL.md'))) expect(tooLarge).toContain(file.uri);
    for (const uri of tooLarge) expect(demoFiles.map((f) => f.uri)).toContain(uri);
    const tooLargeFindings = withId(r, 'inspector-file-too-large');
    for (const f of tooLargeFindings) {
      expect(f.expected).toBe('≤ 100');
      expect(f.message).toContain('--max-file-bytes');
    }
    expect(r.skills.filter((s) => s.status === 'verified')).toEqual([]);
    expectNoSettings(run);
  });

  it('--max-file-bytes 1KiB reads every demo file (all under 1024 bytes): the unit is 1024 bytes', async () => {
    expect(demoFiles.every((f) => f.size < 1024)).toBe(true);
    const run = await runCli(['check', '--json', '--quiet', '--stdio', DEMO_STDIO, '--max-file-bytes', '1KiB']);
    expect(run.code, run.stderr).toBe(0);
    expect(withId(report(run), 'inspector-file-too-large')).toEqual([]);
    expect(report(run).skills.every((s) => s.status === 'verified')).toBe(true);
  });

  it('load --max-file-bytes 100: refused, naming the flag', async () => {
    const run = await runCli(['load', '--skill', 'skill://hello-world/SKILL.md', '--stdio', DEMO_STDIO, '--max-file-bytes', '100']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Refused to load skill://hello-world/SKILL.md: skill://hello-world/SKILL.md is listed at 538 bytes, over the 100-byte per-file limit');
    expect(run.stderr).toContain('--max-file-bytes');
    expectNoSettings(run);
  });

  it('--server-byte-budget 1000: the reads that would pass it are refused with a finding that names the flag', async () => {
    const run = await runCli(['check', '--json', '--stdio', DEMO_STDIO, '--server-byte-budget', '1000']);
    expect(run.code).toBe(1);
    const over = withId(report(run), 'inspector-budget-exceeded');
    // The demo serves 4 KiB; at most 1000 bytes of it were used.
    expect(over.length).toBeGreaterThan(0);
    for (const f of over) expect(f.message).toContain('--server-byte-budget');
    expectNoSettings(run);
  });

  it('--skill-byte-budget 600: release-notes (1220 bytes in 4 files) passes it, with a finding that names the flag; 16MiB does not', async () => {
    const run = await runCli(['check', '--json', '--stdio', DEMO_STDIO, '--skill-byte-budget', '600']);
    expect(run.code).toBe(1);
    const over = withId(report(run), 'inspector-skill-budget-exceeded');
    expect(over.some((f) => f.location.skillUri === 'skill://release-notes/SKILL.md')).toBe(true);
    for (const f of over) expect(f.message).toContain('--skill-byte-budget');
    expectNoSettings(run);
    const roomy = await runCli(['check', '--json', '--quiet', '--stdio', DEMO_STDIO, '--skill-byte-budget', '16MiB']);
    expect(withId(report(roomy), 'inspector-skill-budget-exceeded')).toEqual([]);
  });

  it('--request-timeout-ms 1500: a read that is never answered fails after it, and the message says where it is set', async () => {
    const run = await runCli(['check', '--json', '--stdio', HOSTILE('silent-read'), '--request-timeout-ms', '1500']);
    expect(run.code).toBe(1);
    const messages = report(run).findings.map((f) => f.message);
    expect(messages).toContain('resources/read of skill://alpha/SKILL.md failed: no answer within 1.5 s (the request timeout: --request-timeout-ms)');
    expectNoSettings(run);
  });

  it('--request-timeout-ms 1000: a server that never answers the handshake cannot be connected, and the hint names the flag', async () => {
    const run = await runCli(['list', '--stdio', HANG, '--request-timeout-ms', '1000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('skill-inspector: cannot connect. The server did not answer in time: No answer from');
    expect(run.stderr).toContain('within 1 s.');
    expect(run.stderr).toContain('If it is just slow, raise --request-timeout-ms.');
    expectNoSettings(run);
  });
});

describe('listing limits: every command that lists', { timeout: 120_000 }, () => {
  it('check --max-list-entries 2: two skills listed, the listing stopped with a finding that names the flag', async () => {
    const run = await runCli(['check', '--json', '--stdio', DEMO_STDIO, '--max-list-entries', '2']);
    const r = report(run);
    expect(r.skills).toHaveLength(2);
    const limit = withId(r, 'inspector-list-limit');
    expect(limit).toHaveLength(1);
    expect(limit[0]!.message).toContain('--max-list-entries');
    expectNoSettings(run);
  });

  it('list --max-list-entries 2: the two listed so far are printed, exit 1, and stderr says why with the flag', async () => {
    const run = await runCli(['list', '--stdio', DEMO_STDIO, '--max-list-entries', '2']);
    expect(run.code).toBe(1);
    expect(run.stdout.trim().split('\n')).toHaveLength(2);
    expect(run.stderr).toContain('The listing stopped early: 2 skill(s) listed so far, more may exist.');
    expect(run.stderr).toContain('--max-list-entries');
    expectNoSettings(run);
  });

  it('lock --max-list-pages 2 on a 25-page catalog: nothing locked (exit 1), and the reason names the flag', async () => {
    const out = path.join(work, 'pages.lock.json');
    const run = await runCli(['lock', '--stdio', HOSTILE('many-skills'), '--max-list-pages', '2', '--output', out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Not locked: ');
    expect(run.stderr).toContain('--max-list-pages');
    await expect(fs.stat(out)).rejects.toThrow();
    expectNoSettings(run);
  });

  it('list --max-list-pages 2 on a 25-page catalog of 20 skills a page: the first 40, exit 1', async () => {
    const run = await runCli(['list', '--stdio', HOSTILE('many-skills'), '--max-list-pages', '2']);
    expect(run.code).toBe(1);
    expect(run.stdout.trim().split('\n')).toHaveLength(40);
    expect(run.stderr).toContain('--max-list-pages');
    expectNoSettings(run);
  });

  it('list --max-list-bytes 1KiB: the demo listing (over 1 KiB) stops, naming the flag', async () => {
    const run = await runCli(['list', '--stdio', DEMO_STDIO, '--max-list-bytes', '1KiB']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The listing passed 1024 bytes');
    expect(run.stderr).toContain('--max-list-bytes');
    expectNoSettings(run);
  });

  it('verify and diff take the listing limits too: a stopped listing is a problem, named by its flag', async () => {
    const lockFile = path.join(work, 'demo.lock.json');
    expect((await runCli(['lock', '--quiet', '--stdio', DEMO_STDIO, '--output', lockFile])).code).toBe(0);
    const verify = await runCli(['verify', '--lock', lockFile, '--json', '--stdio', DEMO_STDIO, '--max-list-entries', '2']);
    expect(verify.code).toBe(1);
    const problems = (JSON.parse(verify.stdout) as { problems: string[] }).problems;
    expect(problems.some((p) => p.includes('--max-list-entries'))).toBe(true);

    const diff = await runCli(['diff', '--json', `lock:${lockFile}`, `stdio:${DEMO_STDIO}`, '--max-list-entries', '3']);
    expect(diff.code).toBe(1);
    const b = (JSON.parse(diff.stdout) as { problems: { b: string[] } }).problems.b;
    expect(b.some((p) => p.includes('--max-list-entries'))).toBe(true);
    expectNoSettings(verify);
    expectNoSettings(diff);
  });
});

describe('--concurrency: how many requests are in flight at once', { timeout: 120_000 }, () => {
  /** The most requests of `method` the gated server held at once. */
  async function mostHeld(log: string, method: string): Promise<number> {
    const lines = (await fs.readFile(log, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { method: string; held: number });
    return Math.max(...lines.filter((l) => l.method === method).map((l) => l.held));
  }

  // The gate opens at one more than the client should ever keep in flight: seeing it reached would mean too many.
  const cases: Array<{ what: string; args: string[]; gate: number; method: string; most: number }> = [
    { what: 'check --concurrency 2: two skills at once', args: ['check', '--concurrency', '2'], gate: 3, method: 'resources/read', most: 2 },
    { what: 'check without it: four skills at once', args: ['check'], gate: 5, method: 'resources/read', most: 4 },
    { what: 'lock --concurrency 3: three skills/get at once', args: ['lock', '--output', '-', '--concurrency', '3'], gate: 4, method: 'skills/get', most: 3 },
    { what: 'lock without it: eight skills/get at once', args: ['lock', '--output', '-'], gate: 9, method: 'skills/get', most: 8 },
  ];
  for (const c of cases) {
    it(c.what, async () => {
      const log = path.join(work, `gated-${c.gate}-${c.args[0]}.jsonl`);
      const run = await runCli([...c.args, '--quiet', '--stdio', GATED, '--env', `GATE=${c.gate}`, '--env', `GATED_LOG=${log}`]);
      expect(run.code, run.stderr).toBe(0);
      expect(await mostHeld(log, c.method)).toBe(c.most);
    });
  }
});

describe('bad limit values: usage errors that name the flag (exit 2)', { timeout: 120_000 }, () => {
  const cases: Array<{ args: string[]; message: string }> = [
    { args: ['check', '--max-file-bytes', '0'], message: '--max-file-bytes must be from 1 to 9007199254740991, got "0".' },
    { args: ['check', '--max-file-bytes=-5'], message: '--max-file-bytes needs a whole number of bytes, optionally with KiB, MiB or GiB (e.g. 16MiB), got "-5".' },
    { args: ['check', '--max-file-bytes', '10MB'], message: '--max-file-bytes needs a whole number of bytes, optionally with KiB, MiB or GiB (e.g. 16MiB), got "10MB".' },
    { args: ['check', '--skill-byte-budget', '1.5MiB'], message: '--skill-byte-budget needs a whole number of bytes' },
    { args: ['check', '--server-byte-budget', '9999999GiB'], message: '--server-byte-budget must be from 1 to 9007199254740991, got "9999999GiB".' },
    { args: ['lock', '--max-list-pages', 'many'], message: '--max-list-pages needs a whole number, got "many".' },
    { args: ['verify', '--lock', 'x.json', '--max-list-entries', '2KiB'], message: '--max-list-entries needs a whole number, got "2KiB".' },
    { args: ['diff', 'lock:a.json', 'lock:b.json', '--max-list-bytes', ''], message: '--max-list-bytes needs a whole number of bytes' },
    { args: ['list', '--request-timeout-ms', '30s'], message: '--request-timeout-ms needs a whole number of milliseconds, got "30s".' },
    { args: ['load', '--skill', 'skill://a/SKILL.md', '--request-timeout-ms', '3000000000'], message: '--request-timeout-ms must be from 1 to 2147483647, got "3000000000".' },
    { args: ['check', '--concurrency', '0'], message: '--concurrency must be from 1 to 64, got "0".' },
    { args: ['lock', '--concurrency', '65'], message: '--concurrency must be from 1 to 64, got "65".' },
  ];
  for (const c of cases) {
    it(c.args.join(' '), async () => {
      const run = await runCli([...c.args, '--stdio', HANG]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(c.message);
      // Refused before any server was started.
      expect(run.stderr).not.toContain('Connecting to');
    });
  }
});
