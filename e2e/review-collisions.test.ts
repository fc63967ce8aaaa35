// Local skill folders and name collisions in the real app (browser mode,
// Chromium): the bundled demo server (two skills named `refunds`), a
// temporary home whose ~/.claude/skills the app reads, and a project folder
// added through the UI. The Collisions view lists each clash with every side
// by its qualified name and each agent's documented choice.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppInBrowser, pollWithin, type AppInBrowser } from './harness.js';

const poll = pollWithin(30_000);

function writeSkill(folder: string, name: string, description: string): string {
  mkdirSync(path.join(folder, name), { recursive: true });
  const file = path.join(folder, name, 'SKILL.md');
  writeFileSync(file, `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nDo as the user asks.\n`);
  return pathToFileURL(file).href;
}

describe('local folders and name collisions', () => {
  let ui: AppInBrowser;
  let page: Page;
  let home: string;
  let project: string;
  let homeRefunds: string;
  let homeDeploy: string;

  beforeAll(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-home-'));
    project = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-project-'));
    const personal = path.join(home, '.claude', 'skills');
    homeRefunds = writeSkill(personal, 'refunds', 'Issues refunds from my laptop.');
    homeDeploy = writeSkill(personal, 'deploy', 'Deploys my way.');
    writeSkill(path.join(project, '.claude', 'skills'), 'deploy', 'Deploys the project way.');
    writeSkill(path.join(project, '.claude', 'skills'), 're-funds', 'Looks like refunds.');
    ui = await openAppInBrowser({ env: { HOME: home } });
    page = ui.page;
    await page.locator('[data-server-label="Sample skills (bundled)"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
  }, 90_000);
  afterAll(async () => {
    await ui?.close();
    for (const dir of [home, project]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows ~/.claude/skills as an origin and its skills, qualified, among all skills', async () => {
    const origin = page.locator('[data-local-label="~/.claude/skills"]');
    await poll(() => origin.locator('[data-testid="local-skill-count"]').textContent()).toBe('2');
    // The folders agents read that this home lacks are folded away.
    expect(await page.locator('[data-local-origin][data-exists="false"]').count()).toBe(0);

    const row = page.locator(`[data-skill-uri="${homeRefunds}"]`);
    await poll(() => row.locator('[data-origin-label]').textContent()).toBe('~/.claude/skills');
    expect(await page.locator('[data-skill-uri="skill://acme/billing/refunds/SKILL.md"] [data-origin-label]').textContent()).toBe('Sample skills (bundled)');

    await origin.click();
    await poll(() => page.locator('[data-skill-uri]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-skill-name')))).toEqual(['deploy', 'refunds']);
    await row.click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe(homeRefunds);
    expect(await page.locator('[data-detail-origin]').getAttribute('data-detail-origin')).toBe('~/.claude/skills');
    // Read from disk, not served: nothing to verify or approve.
    expect(await page.locator('[data-action="verify-skill"]').count()).toBe(0);
    expect(await page.locator('[data-tab="review"]').count()).toBe(0);
    // Its tabs read the file from the folder.
    await page.locator('[data-tab="bytes"]').click();
    await poll(() => page.locator('[data-bytes-view] [data-line="3"]').textContent()).toBe('3description: Issues refunds from my laptop.');
    await page.locator('[data-tab="provenance"]').click();
    expect(await page.locator('[data-qualified-name]').textContent()).toBe('~/.claude/skills › refunds');
  });

  it('lists the clash of the demo server’s two refunds with the local one, side by side', async () => {
    await page.locator('[data-action="header-collisions"]').click();
    const clash = page.locator('[data-collision="refunds"]');
    await poll(() => clash.getAttribute('data-collision-scope')).toBe('server-and-local');
    expect(await clash.locator('[data-collision-side]').evaluateAll((sides) => sides.map((s) => s.getAttribute('data-collision-side')))).toEqual([
      'Sample skills (bundled) › acme/billing/refunds',
      'Sample skills (bundled) › acme/support/refunds',
      '~/.claude/skills › refunds',
    ]);
    expect(await clash.locator(`[data-side-uri="${homeRefunds}"]`).textContent()).toContain('Issues refunds from my laptop.');
    // No agent documents how a server's skill ranks against a local one.
    expect(await clash.locator('[data-host]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-host')}:${r.getAttribute('data-verdict')}`))).toEqual([
      'claude-code:unknown',
      'codex:unknown',
      'gemini-cli:unknown',
      'goose:unknown',
      'vscode:unknown',
    ]);
    expect(await clash.locator('[data-host="claude-code"] [data-host-source]').getAttribute('data-host-source')).toBe('https://code.claude.com/docs/en/skills');
  });

  it('adds a project folder through the UI; a personal skill shadows the project one in Claude Code, silently', async () => {
    await page.locator('[data-action="add-local-folder-open"]').click();
    // A path that is not absolute is refused in place, saying why.
    await page.locator('[data-field="local-folder-path"]').fill('my-project');
    await page.locator('[data-action="add-local-folder"]').click();
    await poll(() => page.locator('.mantine-Modal-content [data-error-notice]').textContent()).toContain('"my-project" is not an absolute path.');
    await page.locator('[data-field="local-folder-path"]').fill(project);
    await page.locator('[data-folder-as="project"]').click();
    await page.locator('[data-action="add-local-folder"]').click();
    const projectLabel = path.join(project, '.claude', 'skills');
    await poll(() => page.locator(`[data-local-label="${projectLabel}"] [data-testid="local-skill-count"]`).textContent()).toBe('2');

    // The sidebar leads there too, with the count of clashes and lookalike pairs: refunds, deploy, re-funds/refunds.
    await poll(() => page.locator('[data-action="sidebar-collisions"] [data-clash-count]').getAttribute('data-clash-count')).toBe('3');
    await page.locator('[data-action="sidebar-collisions"]').click();
    const deploy = page.locator('[data-collision="deploy"]');
    await poll(() => deploy.getAttribute('data-collision-scope')).toBe('across-local');
    const claude = deploy.locator('[data-host="claude-code"]');
    expect(await claude.getAttribute('data-verdict')).toBe('picks');
    expect(await claude.getAttribute('data-silent')).toBe('true');
    expect(await claude.locator('[data-host-chosen]').getAttribute('data-host-chosen')).toBe('~/.claude/skills › deploy');
    expect(await deploy.locator(`[data-side-uri="${homeDeploy}"] [data-chosen-by]`).allTextContents()).toContain('Claude Code would use this one');
    expect(await deploy.locator('[data-host="codex"]').getAttribute('data-verdict')).toBe('reads-none');

    // "re-funds" differs from "refunds" by a hyphen: marked, with the hyphen drawn.
    const near = page.locator('[data-near-collision="re-funds refunds"]');
    await poll(() => near.getAttribute('data-near-reason')).toBe('hyphen');
    expect(await near.locator('[data-differs]').evaluateAll((marks) => marks.map((m) => m.getAttribute('data-differs')))).toContain('hyphen');

    // A side opens its skill.
    await deploy.locator(`[data-side-uri="${homeDeploy}"]`).click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe(homeDeploy);
  });

  it('removes the added folder (never a built-in one) and its clashes go with it', async () => {
    const projectLabel = path.join(project, '.claude', 'skills');
    await page.locator(`[data-local-label="${projectLabel}"] [data-local-menu]`).click();
    await page.locator('[data-action="remove-folder"]').click();
    await page.locator('[data-action="confirm-remove-folder"]').click();
    await poll(() => page.locator(`[data-local-label="${projectLabel}"]`).count()).toBe(0);

    await page.locator('[data-local-label="~/.claude/skills"] [data-local-menu]').click();
    expect(await page.locator('[data-action="remove-folder"]').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.locator('[data-action="header-collisions"]').click();
    await poll(() => page.locator('[data-collision]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-collision')))).toEqual(['refunds']);
    expect(await page.locator('[data-near-collision]').count()).toBe(0);
  });
});
