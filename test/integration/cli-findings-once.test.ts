// `skill-inspector check --json` says each format finding once. The format
// rules judge the frontmatter as the listing sends it (located by field,
// `frontmatter.allowed-tools`) and again as the served SKILL.md has it
// (located by file, field and line); once the file was read, the report keeps
// the file's finding alone. And an `allowed-tools` written as a YAML list is a
// format warning that does not fail CI; a value that names no tools is an error.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { ROOT } from '../support/paths.js';

const SERVER = path.join(ROOT, 'test/fixtures/review-server/server.mjs');

interface Report {
  skills: Array<{ uri: string; errorCount: number; warningCount: number; review?: { errors: number; warnings: number } }>;
  findings: Finding[];
  failing: number;
}

let dir: string;

async function skill(name: string, frontmatter: string): Promise<void> {
  await fs.mkdir(path.join(dir, name), { recursive: true });
  await fs.writeFile(path.join(dir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: Lists its tools.\n${frontmatter}---\n\nList the files.\n`);
}

async function check(...names: string[]): Promise<{ code: number | null; report: Report }> {
  const only = await fs.mkdtemp(path.join(dir, 'served-'));
  for (const name of names) await fs.cp(path.join(dir, name), path.join(only, name), { recursive: true });
  const run = await runCli(['check', '--json', '--quiet', '--stdio', commandLine(process.execPath, SERVER, '--dir', only)]);
  return { code: run.code, report: JSON.parse(run.stdout) as Report };
}

const where = (f: Finding) => `${f.id} ${f.severity} ${f.location.fileUri ?? '(listing)'} [${f.location.field ?? ''}]:${f.location.line ?? '-'}`;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-findings-once-'));
  await skill('listed-tools', 'allowed-tools:\n  - Bash\n  - Read\nlicense: 3\nowner: docs-team\n');
  await skill('numbered-tools', 'allowed-tools: 42\n');
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('check --json reports each finding once', () => {
  it('keeps the served file’s finding, with its line, and drops the listing’s twin', async () => {
    const { code, report } = await check('listed-tools');
    const format = report.findings.filter((f) => f.id.startsWith('agentskills-'));
    expect(format.map(where).sort()).toEqual([
      'agentskills-allowed-tools-string warning skill://listed-tools/SKILL.md [allowed-tools]:4',
      'agentskills-license-string warning skill://listed-tools/SKILL.md [license]:7',
      'agentskills-unknown-field warning skill://listed-tools/SKILL.md [owner]:8',
    ]);
    // Counted per ID too, so a second copy at any location fails here.
    const counts = new Map<string, number>();
    for (const f of report.findings) counts.set(f.id, (counts.get(f.id) ?? 0) + 1);
    expect([...counts].filter(([id, n]) => id.startsWith('agentskills-') && n !== 1)).toEqual([]);
    // The skill's conformance counts (the catalog's, less its review's part) count each of them once too.
    expect(report.skills.map((s) => [s.uri, s.errorCount - (s.review?.errors ?? 0), s.warningCount - (s.review?.warnings ?? 0)])).toEqual([['skill://listed-tools/SKILL.md', 0, 3]]);
    // A YAML list is a warning: the default threshold (error) passes.
    expect(report.failing).toBe(0);
    expect(code).toBe(0);
  }, 60_000);

  it('rates an allowed-tools value that names no tools an error, once', async () => {
    const { code, report } = await check('numbered-tools');
    expect(report.findings.filter((f) => f.id === 'agentskills-allowed-tools-string').map(where)).toEqual(['agentskills-allowed-tools-string error skill://numbered-tools/SKILL.md [allowed-tools]:4']);
    expect(report.failing).toBe(1);
    expect(code).toBe(1);
  }, 60_000);
});
