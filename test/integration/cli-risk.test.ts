// `skill-inspector check` runs the content-risk rules on the exact bytes it
// reads: a hostile corpus skill is flagged at its file and line, its benign
// twin is not.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { CLI, ROOT } from '../support/paths.js';

it('check reports risk findings for a hostile skill and none for its benign twin', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-cli-risk-'));
  for (const name of ['tag-smuggling', 'tag-smuggling-benign']) cpSync(path.join(ROOT, 'test/fixtures/hostile-skills/skills', name), path.join(dir, name), { recursive: true });
  const server = `${process.execPath} ${path.join(ROOT, 'test/fixtures/review-server/server.mjs')} --dir ${dir}`;
  const run = spawnSync(process.execPath, [CLI, 'check', '--json', '--quiet', '--stdio', server], { encoding: 'utf8', timeout: 60_000 });
  const report = JSON.parse(run.stdout) as { findings: Finding[] };
  const risky = report.findings.filter((f) => f.id.startsWith('risk-'));
  const at = (f: Finding) => [f.id, f.location.skillUri, f.location.line];
  expect(risky.map(at)).toEqual(
    expect.arrayContaining([
      ['risk-tag-characters', 'skill://tag-smuggling/SKILL.md', 8],
      ['risk-override-instructions', 'skill://tag-smuggling/SKILL.md', 8],
    ]),
  );
  expect(risky.filter((f) => f.location.skillUri === 'skill://tag-smuggling-benign/SKILL.md')).toEqual([]);
  // Risk warnings alone do not fail the default threshold (error): the exit code follows the worst finding.
  expect(run.status).toBe(report.findings.some((f) => f.severity === 'error') ? 1 : 0);
});
