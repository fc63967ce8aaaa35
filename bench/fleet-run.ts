// The fleet step (issue 20): `skill-inspector check --config FILE --all
// --jobs 8` over a config of N demo-server instances, against the same N
// servers checked one `check --server` run at a time, back to back — what a CI
// job did before --all. Both runs use the built command and the same config;
// the ratio is the figure (target ≤ 0.2× at 100 servers).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runToEnd } from './processes.js';

export interface FleetResult {
  readonly servers: number;
  readonly jobs: number;
  readonly allMs: number;
  readonly oneByOneMs: number;
  readonly allOverOneByOne: number;
  /** Every server passed in both runs (exit 0): the two runs did the same work. */
  readonly complete: boolean;
}

export async function measureFleet(options: { cli: string; servers: number; jobs: number; say: (line: string) => void }): Promise<FleetResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-bench-fleet-'));
  try {
    const config = path.join(dir, 'mcp.json');
    const names = Array.from({ length: options.servers }, (_, i) => `demo-${String(i + 1).padStart(3, '0')}`);
    writeFileSync(config, JSON.stringify({ mcpServers: Object.fromEntries(names.map((n) => [n, { command: process.execPath, args: [options.cli, 'demo-server'] }])) }));
    const timeoutMs = 30 * 60_000;
    const all = await runToEnd(process.execPath, [options.cli, 'check', '--config', config, '--all', '--jobs', String(options.jobs), '--json', '--quiet'], { timeoutMs });
    const passed = all.code === 0 && (JSON.parse(all.stdout) as { servers: Array<{ exitCode: number }> }).servers.filter((s) => s.exitCode === 0).length === options.servers;
    options.say(`bench: fleet check --all of ${options.servers} servers (--jobs ${options.jobs}): ${all.wallMs.toFixed(0)} ms (exit ${all.code})`);
    let oneByOneMs = 0;
    let allPassed = passed;
    for (const name of names) {
      const one = await runToEnd(process.execPath, [options.cli, 'check', '--config', config, '--server', name, '--json', '--quiet'], { timeoutMs });
      oneByOneMs += one.wallMs;
      if (one.code !== 0) allPassed = false;
    }
    options.say(`bench: fleet ${options.servers} single check runs back to back: ${oneByOneMs.toFixed(0)} ms`);
    return { servers: options.servers, jobs: options.jobs, allMs: all.wallMs, oneByOneMs, allOverOneByOne: Math.round((all.wallMs / oneByOneMs) * 1000) / 1000, complete: allPassed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
