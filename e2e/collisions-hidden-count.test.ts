// The Collisions view's header counts pairs as its cards name them, in the
// real app (browser mode, Chromium) at 1280×800: the demo server's two
// `refunds` (a clash; the demo has another), a local `re-funds` (a lookalike pair: a hyphen) and a
// local `release-no<ZERO WIDTH SPACE>tes` beside `release-notes` — a pair
// whose names differ only by a character that draws as nothing. Its card says
// "a hidden character"; the header must count it as a hidden-character pair,
// not as a lookalike one (before, it said "2 lookalike pairs").
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);
const ZERO_WIDTH = 'release-no\u200Btes';

function writeSkill(folder: string, name: string, description: string): void {
  mkdirSync(path.join(folder, name), { recursive: true });
  writeFileSync(path.join(folder, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n\n# Notes\n\nDo as the user asks.\n`);
}

describe('the Collisions header counts hidden-character pairs as such', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let home: string;

  beforeAll(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-home-'));
    const personal = path.join(home, '.claude', 'skills');
    writeSkill(personal, 're-funds', 'Looks like refunds.');
    writeSkill(personal, 'release-notes', 'Writes release notes.');
    writeSkill(personal, ZERO_WIDTH, 'Writes release notes too.');
    app = await startApp({ env: { HOME: home } });
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator('[data-server-label="Sample skills (bundled)"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('says 1 lookalike pair and 1 hidden-character pair, as the cards do', async () => {
    await page.locator('[data-action="header-collisions"]').click();
    const hidden = page.locator(`[data-near-collision="release-notes ${ZERO_WIDTH}"]`);
    await poll(() => hidden.getAttribute('data-near-reason')).toBe('hidden');
    expect(await page.locator('[data-near-collision="re-funds refunds"]').getAttribute('data-near-reason')).toBe('hyphen');
    expect(await page.locator('[data-near-collision]').count()).toBe(2);

    const summary = await page.locator('[data-collisions-summary]').textContent();
    // Before: "2 clashes and 2 lookalike pairs among 10 skills from 2 origins".
    expect(summary).toBe('2 clashes, 1 lookalike pair and 1 hidden-character pair among 10 skills from 2 origins');
    expect(await page.locator('[data-collisions-section="lookalike"] h3').textContent()).toBe('Lookalike names and names with a hidden character (2)');
  }, 60_000);
});
