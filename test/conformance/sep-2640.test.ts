// The official MCP conformance suite (SEP-2640 scenarios) against the app:
// the three server scenarios against the bundled demo server over HTTP, and
// the four client scenarios against the app's headless host commands.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../support/paths.js';
import { ensureConformanceTools, runConformance } from './tools.js';

async function startDemoHttp(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [CLI, 'demo-server', '--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`demo server did not start: ${err}`)), 20_000);
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { url, child };
}

describe('official conformance suite, SEP-2640', () => {
  let demo: { url: string; child: ChildProcess };

  beforeAll(async () => {
    ensureConformanceTools();
    demo = await startDemoHttp();
  }, 300_000);
  afterAll(() => {
    demo?.child.kill();
  });

  for (const scenario of ['sep-2640-skills-enumeration', 'sep-2640-skills-manifest', 'sep-2640-skills-directory']) {
    it(`server scenario ${scenario} passes against the demo server (2026-07-28)`, () => {
      const run = runConformance(['server', '--url', demo.url, '--scenario', scenario]);
      expect(run.failed, run.output).toBe(0);
      expect(run.total).toBeGreaterThan(0);
      expect(run.passed).toBe(run.total);
    });
  }

  it('server scenario sep-2640-skills-enumeration passes against the demo server on the 2025 era', () => {
    const run = runConformance(['server', '--url', demo.url, '--scenario', 'sep-2640-skills-enumeration', '--spec-version', '2025-11-25', '--force']);
    expect(run.failed, run.output).toBe(0);
    expect(run.passed).toBe(run.total);
  });

  const host = (subcommand: string) => `${process.execPath} ${CLI} ${subcommand} --url`;

  it('client scenario sep-2640-client-no-prefetch passes: listing reads no skill file', () => {
    const run = runConformance(['client', '--command', host('list'), '--scenario', 'sep-2640-client-no-prefetch']);
    expect(run.failed, run.output).toBe(0);
    expect(run.passed).toBe(1);
  });

  for (const scenario of ['sep-2640-client-verify-digest', 'sep-2640-client-verify-size', 'sep-2640-client-verify-frontmatter']) {
    it(`client scenario ${scenario} passes: the tampered skill is refused`, () => {
      const run = runConformance(['client', '--command', host('load --skill skill://pdf-processing/SKILL.md'), '--scenario', scenario]);
      expect(run.failed, run.output).toBe(0);
      expect(run.passed).toBe(1);
    });
  }

  it('the client scenarios can fail: a host that reads without verifying is caught', () => {
    const naive = `${process.execPath} ${path.join(ROOT, 'test/conformance/naive-host.mjs')}`;
    for (const scenario of ['sep-2640-client-verify-digest', 'sep-2640-client-no-prefetch']) {
      const run = runConformance(['client', '--command', naive, '--scenario', scenario]);
      expect(run.failed, `${scenario}: ${run.output}`).toBeGreaterThan(0);
    }
  });
});
