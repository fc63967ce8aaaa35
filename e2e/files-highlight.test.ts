// Syntax highlighting in the Files tab (browser mode, Chromium): the bundled
// demo's repo-audit script is coloured with the light theme's exact colours,
// and a skill whose files carry HTML shows that HTML as text, highlighted or
// not, running nothing.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, ROOT, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const REVIEW_SERVER = path.join(ROOT, 'test/fixtures/review-server/server.mjs');
const PAYLOAD = '<img src=x onerror="window.__injected=1">';
const row = (uri: string) => `[data-skill-uri="${uri}"]`;

/** Each code line of a view as [text, computed colour] pairs of its spans. */
function tokensOf(page: Page, viewSelector: string, lines: number): Promise<Array<Array<[string, string]>>> {
  return page.locator(`${viewSelector} .code-line .code-text`).evaluateAll(
    (els, n) => {
      // This function runs in the page, where getComputedStyle is a global.
      const { getComputedStyle } = globalThis as unknown as { getComputedStyle(el: unknown): { color: string } };
      return els.slice(0, n).map((el) => [...el.children].map((s) => [s.textContent ?? '', getComputedStyle(s).color] as [string, string]));
    },
    lines,
  );
}

describe('syntax highlighting in the Files tab', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;
  let skills: string;
  const dialogs: string[] = [];

  beforeAll(async () => {
    skills = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-markup-'));
    mkdirSync(path.join(skills, 'markup-notes'), { recursive: true });
    writeFileSync(path.join(skills, 'markup-notes', 'SKILL.md'), '---\nname: markup-notes\ndescription: Keeps notes that quote HTML.\n---\n\n# Markup notes\n\nSee page.html and notes.txt.\n');
    writeFileSync(path.join(skills, 'markup-notes', 'page.html'), `${PAYLOAD}\n<p>hi</p>\n`);
    writeFileSync(path.join(skills, 'markup-notes', 'notes.txt'), `${PAYLOAD}\n`);
    ui = await openAppInBrowser();
    ({ app, page } = ui);
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.locator('[data-server-label="Sample skills (bundled)"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
    await addAndConnect(page, app.token, { label: 'Markup', transport: { kind: 'stdio', command: process.execPath, args: [REVIEW_SERVER, '--dir', skills, '--name', 'markup'], env: {} } });
    await page.locator('[data-server-label="Markup"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
  }, 90_000);
  afterAll(async () => {
    await ui?.close();
    if (skills) rmSync(skills, { recursive: true, force: true });
  });

  it("colours the demo's shell script with the light theme", async () => {
    await page.locator('[data-server-label="Sample skills (bundled)"]').click();
    await page.locator(row('skill://repo-audit/SKILL.md')).click();
    await page.locator('[data-tab="files"]').click();
    await page.locator('[data-file-node="scripts/audit.sh"]').click();
    const view = '[data-code-view="skill://repo-audit/scripts/audit.sh"]';
    await poll(() => page.locator(view).getAttribute('data-highlighted')).toBe('true');
    expect(await tokensOf(page, view, 4)).toEqual([
      [['#!/bin/sh', 'rgb(106, 115, 125)']],
      [['# Lists the largest blobs in history and stale branches. Read-only.', 'rgb(106, 115, 125)']],
      [
        ['set', 'rgb(0, 92, 197)'],
        [' ', 'rgb(36, 41, 46)'],
        ['-eu', 'rgb(0, 92, 197)'],
      ],
      [
        ['echo', 'rgb(0, 92, 197)'],
        [' ', 'rgb(36, 41, 46)'],
        ['"Largest files in history:"', 'rgb(3, 47, 98)'],
      ],
    ]);
    // Line numbers run the length of the file (11 lines), beside the text, not in it.
    expect(await page.locator(`${view} .line-number`).allTextContents()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  });

  it('shows HTML in a highlighted file as text and runs nothing', async () => {
    await page.locator('[data-server-label="Markup"]').click();
    await page.locator(row('skill://markup-notes/SKILL.md')).click();
    await page.locator('[data-tab="files"]').click();
    await page.locator('[data-file-node="page.html"]').click();
    const view = '[data-code-view="skill://markup-notes/page.html"]';
    await poll(() => page.locator(view).getAttribute('data-highlighted')).toBe('true');
    expect(await page.locator(`${view} .code-text`).allTextContents()).toEqual([PAYLOAD, '<p>hi</p>']);
    // Split into coloured spans, and nothing else: no element the markup named.
    const [first, second] = await tokensOf(page, view, 2);
    expect(first!.map(([text]) => text)).toEqual(['<', 'img', ' ', 'src', '=', 'x', ' ', 'onerror', '=', '"', 'window', '.', '__injected', '=', '1', '"', '>']);
    expect(first!.slice(0, 2)).toEqual([
      ['<', 'rgb(36, 41, 46)'],
      ['img', 'rgb(34, 134, 58)'],
    ]);
    expect(second).toEqual([
      ['<', 'rgb(36, 41, 46)'],
      ['p', 'rgb(34, 134, 58)'],
      ['>hi</', 'rgb(36, 41, 46)'],
      ['p', 'rgb(34, 134, 58)'],
      ['>', 'rgb(36, 41, 46)'],
    ]);
    expect(await page.locator(`${view} img, ${view} p`).count()).toBe(0);
  });

  it('shows HTML in a plain-text file as one plain line', async () => {
    await page.locator('[data-file-node="notes.txt"]').click();
    const view = '[data-code-view="skill://markup-notes/notes.txt"]';
    await poll(() => page.locator(`${view} .code-text`).allTextContents()).toEqual([PAYLOAD]);
    expect(await page.locator(view).getAttribute('data-highlighted')).toBe('false');
    expect(await page.locator(`${view} .code-text span`).count()).toBe(1);
    expect(await page.locator(`${view} img`).count()).toBe(0);
    expect(await page.evaluate('typeof window.__injected')).toBe('undefined');
    expect(dialogs).toEqual([]);
  });
});
