// The official conformance suite's client scenarios for verification
// (sep-2640-client-verify-digest, -size, -frontmatter), run against the app
// as a person uses it: browser mode in Chromium, the scenario's mock server
// added as a server, and the UI's own buttons pressed — Verify, and Review
// content. Each scenario serves a tampered SKILL.md; it passes only if the app
// read that SKILL.md and then read nothing else of the skill (a host refuses
// it: references/FORMS.md must never be read). The runner is started without
// --command, so it serves its mock until it is stopped, then prints its verdict.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { ensureConformanceTools, NODE22 } from '../test/conformance/tools.js';
import { openAppInBrowser, pollWithin, ROOT, type AppInBrowser } from './harness.js';

const poll = pollWithin(30_000);
const CONFORMANCE = path.join(ROOT, '.tools', 'conformance', 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const SKILL = 'skill://pdf-processing/SKILL.md';
const FORMS = 'skill://pdf-processing/references/FORMS.md';

const SCENARIOS = [
  { scenario: 'sep-2640-client-verify-digest', check: 'sep-2640-host-verify-digest', reason: 'digest' },
  { scenario: 'sep-2640-client-verify-size', check: 'sep-2640-host-size-mismatch-failure', reason: 'size' },
  { scenario: 'sep-2640-client-verify-frontmatter', check: 'sep-2640-host-frontmatter-comparison', reason: 'frontmatter' },
] as const;

interface Runner {
  readonly url: string;
  /** Stops the mock (SIGTERM, as Ctrl+C) and returns the status of the scenario's check. */
  verdict(checkId: string): Promise<{ status: string; output: string }>;
}

async function startScenario(scenario: string): Promise<Runner> {
  const child: ChildProcess = spawn(NODE22, [CONFORMANCE, 'client', '--scenario', scenario], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${scenario} mock did not start: ${output}`)), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /Server URL: (http:\/\/\S+)/.exec(stripVTControlCharacters(line));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the ${scenario} runner exited early (${code}): ${output}`)));
  });
  return {
    url,
    verdict: async (checkId) => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const text = stripVTControlCharacters(output);
      const status = new RegExp(`\\[${checkId}\\] (SUCCESS|FAILURE|SKIPPED|WARNING|INFO)`).exec(text)?.[1] ?? 'missing';
      return { status, output: text };
    },
  };
}

describe('conformance client scenarios through the UI buttons', () => {
  let ui: AppInBrowser;
  let page: Page;

  beforeAll(async () => {
    ensureConformanceTools();
    ui = await openAppInBrowser({ args: ['--no-demo'] });
    page = ui.page;
  }, 300_000);
  afterAll(() => ui?.close());

  /** Adds the scenario's mock as a server, opens the tampered skill, and returns the server's id. */
  async function openSkill(runner: Runner, label: string): Promise<string> {
    const serverId = await addAndConnect(page, ui.app.token, { label, transport: { kind: 'http', url: runner.url, headers: {} } });
    await page.locator(`[data-server-label="${label}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-server-label="${label}"]`).click();
    await page.locator(`[data-skill-uri="${SKILL}"]`).click();
    return serverId;
  }

  const formsCheck = async (serverId: string) => {
    const entry = (await callContract(page, ui.app.token, 'skills.list', { serverId })).find((e) => e.uri === SKILL);
    return entry?.files[FORMS];
  };

  for (const { scenario, check, reason } of SCENARIOS) {
    it(`${scenario} passes when Verify is pressed: SKILL.md is refused and nothing else is read`, async () => {
      const runner = await startScenario(scenario);
      const label = `${scenario} (Verify)`;
      const serverId = await openSkill(runner, label);
      await page.locator('[data-action="verify-skill"]').click();
      // Done when the supporting file has an outcome: read (a failing host), or left unread on purpose.
      await poll(async () => {
        const forms = await formsCheck(serverId);
        return forms !== undefined && (forms.state !== 'unread' || forms.reason === 'skill-md-failed');
      }).toBe(true);
      await poll(() => page.locator('[data-action="verify-skill"]').getAttribute('data-loading')).toBeNull();
      const { status, output } = await runner.verdict(check);
      expect(status, output).toBe('SUCCESS');

      await page.locator('[data-tab="checks"]').click();
      await page.locator('[data-not-read="1"] [data-action="read-rest-for-inspection"]').waitFor();
      const entry = (await callContract(page, ui.app.token, 'skills.list', { serverId })).find((e) => e.uri === SKILL)!;
      expect(entry.status).toBe('mismatch');
      expect(entry.files[SKILL]).toMatchObject({ state: 'failed', reason });
      await page.locator('[data-tab="overview"]').click();
    });

    it(`${scenario} passes when Review content is pressed: SKILL.md is refused and nothing else is read`, async () => {
      const runner = await startScenario(scenario);
      const label = `${scenario} (Review)`;
      await openSkill(runner, label);
      const review = page.locator('[data-content-review]');
      await poll(() => review.getAttribute('data-content-review')).toBe('not-reviewed');
      await page.locator('[data-action="review-content"]').click();
      await poll(() => review.getAttribute('data-content-review')).toBe('reviewed');
      const { status, output } = await runner.verdict(check);
      expect(status, output).toBe('SUCCESS');
      // The review says what it did not read, and offers to read it for inspection.
      await page.locator('[data-content-review] [data-not-read="1"] [data-action="read-rest-for-inspection"]').waitFor();
    });
  }
});
