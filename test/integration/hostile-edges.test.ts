// The hostile-edges catalog (issue 13): every case in test/fixtures/hostile-edges/cases
// is one class of hostile input. `check --fail-on error` must exit 1 on it with
// the case's finding ID (at the case's severity and place) and 0 on its benign
// twin, which serves the same skill honestly — over stdio and Streamable HTTP.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { ROOT } from '../support/paths.js';
import { startHostileEdgesHttp, HOSTILE_EDGES_DIR, HOSTILE_EDGES_SERVER, type HostileEdgesCase } from '../fixtures/hostile-edges/harness.js';

const CASES = readdirSync(path.join(HOSTILE_EDGES_DIR, 'cases'))
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.slice(0, -'.mjs'.length))
  .sort();

async function loadCase(name: string): Promise<HostileEdgesCase> {
  return ((await import(path.join(HOSTILE_EDGES_DIR, 'cases', `${name}.mjs`))) as { default: HostileEdgesCase }).default;
}

interface CheckJson {
  readonly findings: Finding[];
}

function matching(findings: readonly Finding[], expected: HostileEdgesCase['expect']): Finding[] {
  return findings.filter(
    (f) =>
      f.id === expected.id &&
      (expected.severity === undefined || f.severity === expected.severity) &&
      (expected.fileUri === undefined || f.location.fileUri === expected.fileUri) &&
      (expected.skillUri === undefined || f.location.skillUri === expected.skillUri) &&
      (expected.line === undefined || f.location.line === expected.line) &&
      (expected.message === undefined || f.message.includes(expected.message)),
  );
}

describe('hostile-edges catalog: check --fail-on error', () => {
  it('has cases, each documented in docs/reliability.md with its finding ID', async () => {
    expect(CASES.length).toBeGreaterThan(20);
    const docs = readFileSync(path.join(ROOT, 'docs', 'reliability.md'), 'utf8');
    for (const name of CASES) {
      const row = docs.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, `docs/reliability.md has a row for ${name}`).toBeDefined();
      const c = await loadCase(name);
      expect(row, `the row for ${name} names ${c.expect.id}`).toContain(`\`${c.expect.id}\``);
    }
  });

  for (const name of CASES) {
    describe(name, () => {
      for (const transport of ['stdio', 'http'] as const) {
        it(`${transport}: exits 1 with the case's finding; its benign twin exits 0 without it`, async () => {
          const c = await loadCase(name);
          if (c.transports && !c.transports.includes(transport)) return;
          for (const twin of [false, true]) {
            const serverArgs = [HOSTILE_EDGES_SERVER, name, ...(twin ? ['--twin'] : []), ...(c.serverArgs ?? [])];
            const http = transport === 'http' ? await startHostileEdgesHttp(serverArgs) : undefined;
            try {
              const target = http ? ['--url', http.url] : ['--stdio', commandLine(process.execPath, ...serverArgs)];
              const run = await runCli(['check', ...target, '--json', '--fail-on', 'error', ...(c.checkArgs ?? [])]);
              const report = JSON.parse(run.stdout) as CheckJson;
              const hits = matching(report.findings, c.expect);
              if (twin) {
                expect(report.findings.filter((f) => f.severity === 'error'), `${name} twin: no errors (${transport})`).toEqual([]);
                expect(hits, `${name} twin: no ${c.expect.id}`).toEqual([]);
                expect(run.code, `${name} twin exit code; stderr: ${run.stderr}`).toBe(0);
              } else {
                expect(hits.length, `${name}: ${c.expect.id} in ${JSON.stringify(report.findings.map((f) => [f.id, f.severity, f.location.fileUri]))}`).toBeGreaterThan(0);
                expect(run.code, `${name} exit code; stderr: ${run.stderr}`).toBe(1);
              }
            } finally {
              await http?.stop();
            }
          }
        });
      }
    });
  }
});
